package io.restcompress.server;

import java.io.IOException;
import java.net.http.HttpResponse;

import io.restcompress.LzfCompressed;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.jetty.JettyServerCustomizer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Jetty that calls itself something else (its server info hidden, as hardening guides
 * advise) still gets a {@code HEAD} without the length of its empty body (run by the jetty
 * execution, without Tomcat on the classpath).
 */
@SpringBootTest(classes = HiddenServerInfoHeadJettyTests.App.class,
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "restcompress.server.encodings=gzip")
class HiddenServerInfoHeadJettyTests extends AbstractServerIntegrationTests {

	@Test
	void answersHeadWithoutALengthOnAJettyWithAnotherName() {
		assertThat(this.http.get("/hidden/info").body()).asString().isEqualTo("Acme");
		HttpResponse<byte[]> head = this.http.head("/hidden/large", "Accept-Encoding", "gzip");
		assertThat(header(head, "Content-Encoding")).isEqualTo("gzip");
		assertThat(head.headers().firstValue("Content-Length")).isEmpty();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Endpoints.class)
	static class App {

		@Bean
		JettyServerCustomizer hideServerInfo() {
			return (server) -> server.setServerInfo("Acme");
		}

	}

	@RestController
	@LzfCompressed
	static class Endpoints {

		@GetMapping("/hidden/info")
		String info(HttpServletRequest request) {
			return request.getServletContext().getServerInfo();
		}

		@GetMapping("/hidden/large")
		void large(HttpServletResponse response) throws IOException {
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.getOutputStream().write(TestPayloads.json(20_000));
		}

	}

}
