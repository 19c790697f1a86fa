package io.restcompress.sample.flights;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Comparator;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import com.ning.compress.lzf.LZFInputStream;
import com.ning.compress.lzf.LZFOutputStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The flight search over real HTTP: flights as JSON and as protobuf, compressed both ways.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class FlightSearchControllerTests {

	private static final String PROTOBUF = "application/x-protobuf";

	@LocalServerPort
	int port;

	@Autowired
	JsonMapper mapper;

	final HttpClient client = HttpClient.newHttpClient();

	@Test
	void servesFlightsAsProtobufCompressedWithGzip() throws Exception {
		HttpResponse<byte[]> response = get("/api/flights/2000", PROTOBUF, "gzip");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type")).hasValue(PROTOBUF);
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("gzip");
		byte[] body = new GZIPInputStream(new ByteArrayInputStream(response.body())).readAllBytes();
		assertThat(FlightsProtobuf.read(new ByteArrayInputStream(body)).flights())
			.isEqualTo(FlightGenerator.generate(2000, 42));
	}

	@Test
	void servesTheSameFlightsAsJsonCompressedWithLzf() throws Exception {
		HttpResponse<byte[]> response = get("/api/flights/2000", "application/json", "lzf");
		assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("lzf");
		byte[] body = new LZFInputStream(new ByteArrayInputStream(response.body())).readAllBytes();
		assertThat(this.mapper.readValue(body, Flights.class).flights()).isEqualTo(FlightGenerator.generate(2000, 42));
	}

	@Test
	void searchesAGzipEncodedProtobufRequest() throws Exception {
		List<Flight> flights = FlightGenerator.generate(3000, 7);
		ByteArrayOutputStream protobuf = new ByteArrayOutputStream();
		FlightsProtobuf.write(new Flights(flights), protobuf);
		HttpResponse<byte[]> response = post(PROTOBUF, "gzip", gzip(protobuf.toByteArray()));
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(this.mapper.readValue(response.body(), FlightSearchSummary.class)).isEqualTo(expected(flights));
	}

	@Test
	void searchesAnLzfEncodedJsonRequest() throws Exception {
		List<Flight> flights = FlightGenerator.generate(3000, 8);
		ByteArrayOutputStream lzf = new ByteArrayOutputStream();
		try (OutputStream encoder = new LZFOutputStream(lzf)) {
			encoder.write(this.mapper.writeValueAsBytes(new Flights(flights)));
		}
		HttpResponse<byte[]> response = post("application/json", "lzf", lzf.toByteArray());
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(this.mapper.readValue(response.body(), FlightSearchSummary.class)).isEqualTo(expected(flights));
	}

	@Test
	void rejectsAMalformedProtobufRequestWith400() throws Exception {
		byte[] truncated = { 0x0a, (byte) 0xff, 0x01, 0x0a, 0x02 };
		assertThat(post(PROTOBUF, "gzip", gzip(truncated)).statusCode()).isEqualTo(400);
	}

	@Test
	void rejectsAnOutOfRangeCountWith400() throws Exception {
		assertThat(get("/api/flights/100001", PROTOBUF, "gzip").statusCode()).isEqualTo(400);
	}

	private static FlightSearchSummary expected(List<Flight> flights) {
		Flight cheapest = flights.get(0);
		for (Flight flight : flights) {
			if (flight.priceCents() < cheapest.priceCents()) {
				cheapest = flight;
			}
		}
		return new FlightSearchSummary(flights.size(), flights.stream().map(Flight::carrier).distinct().count(),
				flights.stream().filter((flight) -> flight.stops() == 0).count(), cheapest.id(), cheapest.priceCents(),
				cheapest.currency(), flights.stream().map(Flight::departure).min(Comparator.naturalOrder()).get());
	}

	private static byte[] gzip(byte[] body) throws IOException {
		ByteArrayOutputStream gzip = new ByteArrayOutputStream();
		try (OutputStream encoder = new GZIPOutputStream(gzip)) {
			encoder.write(body);
		}
		return gzip.toByteArray();
	}

	private HttpResponse<byte[]> get(String path, String accept, String acceptEncoding) throws Exception {
		return this.client.send(HttpRequest.newBuilder(uri(path))
			.header("Accept", accept)
			.header("Accept-Encoding", acceptEncoding)
			.build(), HttpResponse.BodyHandlers.ofByteArray());
	}

	private HttpResponse<byte[]> post(String contentType, String contentEncoding, byte[] body) throws Exception {
		return this.client.send(HttpRequest.newBuilder(uri("/api/flights/search"))
			.header("Content-Type", contentType)
			.header("Content-Encoding", contentEncoding)
			.header("Accept", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build(), HttpResponse.BodyHandlers.ofByteArray());
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

}
