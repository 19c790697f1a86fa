package io.restcompress.server;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Collections;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An error page that reads the parameters of a request whose handler failed sees the decoded
 * form, as it sees an unencoded one, not the container's reading of the encoded bytes.
 */
@SpringBootTest(classes = ErrorDispatchFormIntegrationTests.App.class,
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ErrorDispatchFormIntegrationTests extends AbstractServerIntegrationTests {

	@ParameterizedTest
	@ValueSource(strings = { "identity", "gzip", "zstd" })
	void errorPageSeesTheFormsParameters(String coding) {
		byte[] form = "a=1&b=2".getBytes(StandardCharsets.US_ASCII);
		HttpResponse<byte[]> response = coding.equals("identity")
				? this.http.post("/refused", form, "Content-Type", "application/x-www-form-urlencoded")
				: this.http.post("/refused", HttpTestClient.encode(coding, form), "Content-Encoding", coding,
						"Content-Type", "application/x-www-form-urlencoded");
		assertThat(response.statusCode()).isEqualTo(422);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("a=1 names=[a, b]");
	}

	@ParameterizedTest
	@ValueSource(strings = { "identity", "gzip", "zstd" })
	void errorPageReadsABodyTheHandlerReadAsEnded(String coding) {
		byte[] body = "{\"a\":1}".getBytes(StandardCharsets.US_ASCII);
		HttpResponse<byte[]> response = coding.equals("identity")
				? this.http.post("/read-then-refused", body, "Content-Type", "application/json")
				: this.http.post("/read-then-refused", HttpTestClient.encode(coding, body), "Content-Encoding", coding,
						"Content-Type", "application/json");
		assertThat(response.statusCode()).isEqualTo(422);
		assertThat(new String(response.body(), StandardCharsets.UTF_8))
			.isEqualTo("body left: 0 bytes, Content-Length " + (coding.equals("identity") ? body.length : -1));
	}

	@Test
	void answersAFormTheErrorPageCannotReadWith400NamingTheFailedRequest() {
		HttpResponse<byte[]> response = this.http.post("/refused",
				HttpTestClient.encode("gzip", "a=%C3".getBytes(StandardCharsets.US_ASCII)), "Content-Encoding", "gzip",
				"Content-Type", "application/x-www-form-urlencoded; charset=UTF-8");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(new String(response.body(), StandardCharsets.UTF_8)).contains("\"instance\":\"/refused\"",
				"\"coding\":\"gzip\"");
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import({ Refusing.class, ErrorPage.class })
	static class App {

	}

	@RestController
	static class Refusing {

		@PostMapping("/refused")
		void refuse(HttpServletResponse response) throws Exception {
			response.sendError(422);
		}

		@PostMapping("/read-then-refused")
		void readThenRefuse(@RequestBody String body, HttpServletResponse response) throws Exception {
			response.sendError(422);
		}

	}

	@RestController
	static class ErrorPage implements ErrorController {

		@RequestMapping("/error")
		String error(HttpServletRequest request) throws IOException {
			if ("/read-then-refused".equals(request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI))) {
				return "body left: " + request.getInputStream().readAllBytes().length + " bytes, Content-Length "
						+ request.getIntHeader("Content-Length");
			}
			return "a=" + request.getParameter("a") + " names=" + Collections.list(request.getParameterNames());
		}

	}

}
