package io.restcompress.sample;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.core.env.Environment;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

/**
 * Shows the client side: calls this app's own endpoints through the auto-configured
 * {@link RestClient} and reports what went over the wire.
 */
@RestController
public class ClientDemoController {

	private final RestClient.Builder builder;

	private final Environment environment;

	public ClientDemoController(RestClient.Builder builder, Environment environment) {
		this.builder = builder;
		this.environment = environment;
	}

	@GetMapping("/demo/client")
	Map<String, WireTap.Exchange> callOwnEndpoints() {
		WireTap tap = new WireTap();
		RestClient client = this.builder.clone()
			.baseUrl("http://localhost:" + this.environment.getProperty("local.server.port"))
			.requestInterceptor(tap)
			.build();
		Map<String, WireTap.Exchange> report = new LinkedHashMap<>();
		byte[] document = client.get().uri("/api/static").retrieve().body(byte[].class);
		report.put("GET /api/static", tap.last());
		client.post().uri("/api/echo").contentType(MediaType.APPLICATION_JSON).body(document).retrieve().body(byte[].class);
		report.put("POST /api/echo", tap.last());
		return report;
	}

}
