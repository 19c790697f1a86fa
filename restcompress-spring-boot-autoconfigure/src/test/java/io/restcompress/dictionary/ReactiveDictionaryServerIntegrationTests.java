package io.restcompress.dictionary;

import java.net.http.HttpResponse;
import java.util.Arrays;

import io.restcompress.codec.DczCodec;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compression dictionaries on WebFlux and Reactor Netty, on annotated handlers and a functional
 * route.
 */
@SpringBootTest(classes = { DictionaryTestApplication.class, ReactiveDictionaryServerIntegrationTests.Routes.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.dictionary.enabled=true", "restcompress.server.excluded-paths=/api/excluded/**", "management.endpoints.web.exposure.include=restcompressdictionaries", "spring.main.web-application-type=reactive" })
class ReactiveDictionaryServerIntegrationTests extends AbstractDictionaryServerTests {

	@Test
	void functionalRouteIsADictionaryAndItsNextVersionIsSentInDcz() throws Exception {
		HttpResponse<byte[]> first = get("/routes/feed", "Accept-Encoding", "zstd");
		assertThat(first.headers().firstValue("Use-As-Dictionary"))
			.hasValue("match=\"/routes/feed*\", id=\"routed\"");
		assertThat(String.join(",", first.headers().allValues("Vary"))).contains("Available-Dictionary");
		assertThat(first.headers().firstValue("Content-Encoding")).hasValue("zstd");
		byte[] previous = DictionaryTestApplication.Versions.document(1);
		this.versions.version = 2;
		HttpResponse<byte[]> next = get("/routes/feed", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(previous)));
		assertThat(next.headers().firstValue("Content-Encoding")).hasValue("dcz");
		assertThat(DictionaryHttp.decodeDcz(next.body(), previous))
			.isEqualTo(DictionaryTestApplication.Versions.document(2));
	}

	@Test
	void bodyWrittenInSeveralBuffersIsKeptWhole() throws Exception {
		byte[] previous = get("/routes/chunked").body();
		assertThat(previous).isEqualTo(DictionaryTestApplication.Versions.document(1));
		this.versions.version = 2;
		HttpResponse<byte[]> next = get("/routes/chunked", "Accept-Encoding", "dcz", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(previous)));
		assertThat(next.headers().firstValue("Content-Encoding")).hasValue("dcz");
	}

	@Configuration(proxyBeanMethods = false)
	static class Routes {

		@Bean
		RouterFunction<ServerResponse> dictionaryRoute(DictionaryTestApplication.Versions versions) {
			return RouterFunctions.route()
				.GET("/routes/feed",
						(request) -> ServerResponse.ok()
							.contentType(MediaType.APPLICATION_JSON)
							.bodyValue(DictionaryTestApplication.Versions.document(versions.version)))
				.filter(DictionaryRoutes.dictionary("/routes/feed*", "routed"))
				.build()
				.and(RouterFunctions.route()
					.GET("/routes/chunked", (request) -> ServerResponse.ok()
						.contentType(MediaType.APPLICATION_JSON)
						.body(BodyInserters.fromDataBuffers(inThirds(versions.version))))
					.filter(DictionaryRoutes.dictionary("/routes/chunked*", ""))
					.build());
		}

		private static Flux<DataBuffer> inThirds(int version) {
			byte[] body = DictionaryTestApplication.Versions.document(version);
			int third = body.length / 3;
			return Flux.just(Arrays.copyOfRange(body, 0, third), Arrays.copyOfRange(body, third, 2 * third),
					Arrays.copyOfRange(body, 2 * third, body.length))
				.map(DefaultDataBufferFactory.sharedInstance::wrap);
		}

	}

}
