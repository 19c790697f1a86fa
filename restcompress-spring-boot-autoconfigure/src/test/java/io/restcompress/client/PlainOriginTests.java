package io.restcompress.client;

import java.io.IOException;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;

/**
 * Base for tests of the clients against a {@link PlainOrigin}, with a recorder to check what
 * restcompress reported.
 */
abstract class PlainOriginTests {

	protected final RecordingRecorder recorder = new RecordingRecorder();

	protected PlainOrigin origin;

	@BeforeEach
	void startOrigin() throws IOException {
		this.origin = new PlainOrigin();
	}

	@AfterEach
	void stopOrigin() {
		this.origin.close();
	}

	static Stream<Named<Function<ClientCompression, TestClient>>> clients() {
		return TestClient.kinds();
	}

}
