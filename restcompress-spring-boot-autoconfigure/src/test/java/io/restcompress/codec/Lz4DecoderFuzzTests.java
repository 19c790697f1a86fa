package io.restcompress.codec;

import java.io.IOException;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the lz4 decoder. Without {@code JAZZER_FUZZ=1} only the seeds in
 * {@code Lz4DecoderFuzzTestsInputs} run, as a regression test.
 */
class Lz4DecoderFuzzTests {

	@FuzzTest(maxDuration = "10m")
	@Timeout(30)
	void decodesOrRejects(byte[] input) throws IOException {
		DecoderFuzzing.decodesOrRejects(NativeCodecs.LZ4, input);
	}

}
