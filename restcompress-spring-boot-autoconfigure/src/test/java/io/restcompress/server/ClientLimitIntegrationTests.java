package io.restcompress.server;

import java.util.function.Consumer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.restcompress.client.ResponseTooLargeException;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@code restcompress.client.max-decoded-size} on the clients Spring Boot builds, calling this
 * project's own server over real HTTP: each fails clearly past the limit and records it.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "restcompress.client.max-decoded-size=50KB")
class ClientLimitIntegrationTests extends AbstractServerIntegrationTests {

	@Autowired
	MeterRegistry registry;

	@Autowired
	RestClient.Builder restClient;

	@Autowired
	RestTemplateBuilder restTemplate;

	@Autowired
	WebClient.Builder webClient;

	@Test
	void restClientFailsPastTheLimit() {
		assertFailsPastTheLimit((uri) -> this.restClient.build().get().uri(uri).retrieve().body(byte[].class));
	}

	@Test
	void restTemplateFailsPastTheLimit() {
		assertFailsPastTheLimit((uri) -> this.restTemplate.build().getForObject(uri, String.class));
	}

	@Test
	void webClientFailsPastTheLimit() {
		assertFailsPastTheLimit((uri) -> this.webClient.codecs((codecs) -> codecs.defaultCodecs().maxInMemorySize(-1))
			.build()
			.get()
			.uri(uri)
			.retrieve()
			.bodyToMono(byte[].class)
			.block());
	}

	private void assertFailsPastTheLimit(Consumer<String> call) {
		double before = tooLarge();
		Throwable failure = catchThrowable(() -> call.accept("http://localhost:" + this.port + "/large"));
		assertThat(failure).hasRootCauseInstanceOf(ResponseTooLargeException.class)
			.rootCause()
			.hasMessage("Decoded lzf response from http://localhost:" + this.port
					+ " exceeds the client limit of 51200 bytes (restcompress.client.max-decoded-size)");
		awaitIncrease(this::tooLarge, before);
	}

	private double tooLarge() {
		Counter counter = this.registry.find("restcompress.rejected")
			.tags("side", "client", "direction", "response", "coding", "lzf", "reason", "too_large")
			.counter();
		return (counter != null) ? counter.count() : 0;
	}

}
