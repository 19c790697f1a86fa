package io.restcompress.server;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.Optional;

import io.restcompress.LzfCompressed;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A filter in front of the content-coding filter that sets a header field after the chain, as
 * long as the response is not committed: a {@code HEAD} whose {@code GET} would be encoded
 * carries it as the {@code GET} does.
 */
@SpringBootTest(classes = OuterFilterHeadIntegrationTests.App.class,
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "restcompress.server.encodings=gzip")
class OuterFilterHeadIntegrationTests extends AbstractServerIntegrationTests {

	@Test
	void headCarriesWhatAFilterInFrontSetsAfterTheChainAsGetDoes() {
		HttpResponse<byte[]> get = this.http.get("/outer/large", "Accept-Encoding", "gzip");
		HttpResponse<byte[]> head = this.http.head("/outer/large", "Accept-Encoding", "gzip");
		assertThat(header(get, "Content-Encoding")).isEqualTo("gzip");
		assertThat(header(head, "Content-Encoding")).isEqualTo("gzip");
		assertThat(get.headers().firstValue("X-After")).hasValue("yes");
		assertThat(head.headers().firstValue("X-After")).isEqualTo(expectedOnHead());
		assertThat(head.headers().firstValue("Content-Length")).isEmpty();
	}

	Optional<String> expectedOnHead() {
		return Optional.of("yes");
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Endpoints.class)
	static class App {

		@Bean
		FilterRegistrationBean<Filter> settingAfterTheChain() {
			FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) -> {
				chain.doFilter(request, response);
				if (!response.isCommitted()) {
					((HttpServletResponse) response).setHeader("X-After", "yes");
				}
			});
			registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
			return registration;
		}

	}

	@RestController
	@LzfCompressed
	static class Endpoints {

		@GetMapping("/outer/large")
		void large(HttpServletResponse response) throws IOException {
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.getOutputStream().write(TestPayloads.json(20_000));
		}

	}

}
