package io.restcompress.sample;

import java.net.http.HttpClient;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample endpoints as the contract describes them, over real HTTP against the servlet
 * sample on Tomcat (HTTP/2 where the client upgrades), and its client-side demonstration.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SampleApplicationTests extends AbstractSampleContractTests {

	SampleApplicationTests() {
		super(HttpClient.Version.HTTP_2);
	}

	@Test
	@SuppressWarnings("unchecked")
	void demonstratesTheClientSide() throws Exception {
		Map<String, Map<String, Object>> report = JsonMapper.builder().build().readValue(get("/demo/client").body(), Map.class);
		assertThat(report.get("GET /api/static")).containsEntry("requestCoding", "identity")
			.containsEntry("responseCoding", "lzf");
		Map<String, Object> echo = report.get("POST /api/echo");
		assertThat(echo).containsEntry("requestCoding", "lzf").containsEntry("responseCoding", "lzf");
		assertThat(((Number) echo.get("requestBytes")).longValue()).isBetween(1L, 1_000_000L);
	}

}
