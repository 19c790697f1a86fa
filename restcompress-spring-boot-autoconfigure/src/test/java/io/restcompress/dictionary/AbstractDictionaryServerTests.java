package io.restcompress.dictionary;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.GZIPInputStream;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import io.restcompress.codec.DczCodec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server side of RFC 9842 over real HTTP, the same on every server stack: a
 * {@link DictionaryCompressed} resource is announced as a dictionary, kept, and its next
 * version is sent in {@code dcz} to a client that names the previous one.
 */
abstract class AbstractDictionaryServerTests extends DictionaryServerTestBase {

	/**
	 * A version of the feed that only one test fetches: the store keeps what other tests fetch
	 * anonymously, whose versions would then be dictionaries for anonymous requests too.
	 */
	private static final int VERSION_NO_OTHER_TEST_FETCHES = 11;

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Test
	void responseAnnouncesItselfAsADictionaryAndVariesOnAvailableDictionary() throws Exception {
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "zstd");
		assertThat(response.headers().firstValue("Use-As-Dictionary")).hasValue("match=\"/api/feed*\", id=\"feed\"");
		assertThat(String.join(",", response.headers().allValues("Vary"))).contains("Available-Dictionary")
			.contains("Accept-Encoding");
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("zstd");
	}

	@Test
	void nextVersionIsSentInDczAgainstThePreviousOne() throws Exception {
		byte[] previous = get("/api/feed").body();
		this.versions.version = 2;
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "dcz, zstd, gzip", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(previous)), "Dictionary-ID", "\"feed\"");
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("dcz");
		byte[] body = response.body();
		assertThat(HexFormat.of().formatHex(body, 0, 8)).isEqualTo("5e2a4d1820000000");
		assertThat(Arrays.copyOfRange(body, 8, 40)).isEqualTo(DczCodec.sha256(previous));
		byte[] current = DictionaryTestApplication.Versions.document(2);
		try (ZstdDecompressCtx zstd = new ZstdDecompressCtx()) {
			zstd.loadDict(previous);
			assertThat(zstd.decompress(Arrays.copyOfRange(body, 40, body.length), current.length)).isEqualTo(current);
		}
		assertThat(body.length * 20L).isLessThan(Zstd.compress(current, 1).length);
	}

	@Test
	void bodyServedByTwoHandlersWithTheirOwnPatternsIsADictionaryForThePathsOfBoth() throws Exception {
		byte[] orders = get("/api/orders").body();
		byte[] archive = get("/api/archive").body();
		assertThat(archive).isEqualTo(orders);
		String available = DictionaryFields.availableDictionary(DczCodec.sha256(orders));
		for (String path : new String[] { "/api/orders", "/api/archive" }) {
			HttpResponse<byte[]> next = get(path, "Accept-Encoding", "dcz, zstd", "Available-Dictionary", available);
			assertThat(next.headers().firstValue("Content-Encoding")).as(path).hasValue("dcz");
		}
	}

	/**
	 * Another user who guessed a body to the byte cannot learn whether it was served: a
	 * previous version is used only for requests with the credentials it was sent to.
	 */
	@Test
	void previousVersionIsUsedOnlyForRequestsWithTheSameCredentials() throws Exception {
		this.versions.version = VERSION_NO_OTHER_TEST_FETCHES;
		byte[] alices = get("/api/feed", "Authorization", "Bearer alice").body();
		String available = DictionaryFields.availableDictionary(DczCodec.sha256(alices));
		this.versions.version = VERSION_NO_OTHER_TEST_FETCHES + 1;
		HttpResponse<byte[]> bob = get("/api/feed", "Accept-Encoding", "dcz, zstd", "Available-Dictionary", available,
				"Authorization", "Bearer bob");
		assertThat(bob.headers().firstValue("Content-Encoding")).hasValue("zstd");
		HttpResponse<byte[]> anonymous = get("/api/feed", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				available);
		assertThat(anonymous.headers().firstValue("Content-Encoding")).hasValue("zstd");
		HttpResponse<byte[]> alice = get("/api/feed", "Accept-Encoding", "dcz, zstd", "Available-Dictionary", available,
				"Authorization", "Bearer alice");
		assertThat(alice.headers().firstValue("Content-Encoding")).hasValue("dcz");
		HttpResponse<byte[]> aliceWithACookie = get("/api/feed", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				available, "Authorization", "Bearer alice", "Cookie", "session=1");
		assertThat(aliceWithACookie.headers().firstValue("Content-Encoding")).hasValue("zstd");
	}

	/**
	 * A shared cookie in the first {@code Cookie} line does not make two users one scope: every
	 * line of a scope field counts.
	 */
	@Test
	void previousVersionIsUsedOnlyForRequestsWithTheSameValuesInEveryLineOfAScopeField() throws Exception {
		assertThat(DictionaryHttp.contentEncodingOfGet(this.port, "/api/feed", "Cookie: consent=yes",
				"Cookie: session=alice"))
			.isNull();
		byte[] firstVersion = get("/api/feed", "Cookie", "session=carol").body();
		String available = "Available-Dictionary: " + DictionaryFields.availableDictionary(DczCodec.sha256(firstVersion));
		this.versions.version = 2;
		assertThat(DictionaryHttp.contentEncodingOfGet(this.port, "/api/feed", "Accept-Encoding: dcz, zstd", available,
				"Cookie: consent=yes", "Cookie: session=bob"))
			.isEqualTo("zstd");
		assertThat(DictionaryHttp.contentEncodingOfGet(this.port, "/api/feed", "Accept-Encoding: dcz, zstd", available,
				"Cookie: consent=yes", "Cookie: session=alice"))
			.isEqualTo("dcz");
	}

	@Test
	void twoAvailableDictionaryLinesAreNegotiatedAsUsual() throws Exception {
		byte[] first = get("/api/feed").body();
		String available = DictionaryFields.availableDictionary(DczCodec.sha256(first));
		this.versions.version = 2;
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				available, "Available-Dictionary", DictionaryFields.availableDictionary(new byte[32]));
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("zstd");
	}

	@Test
	void anErrorResponseOfADictionaryHandlerIsNoDictionaryButVariesWithTheAvailableDictionary() throws Exception {
		assertThat(get("/api/feed").headers().firstValue("Use-As-Dictionary")).isPresent();
		HttpResponse<byte[]> gone = get("/api/feed/gone", "Accept-Encoding", "gzip");
		assertThat(gone.statusCode()).isEqualTo(410);
		assertIsNoDictionaryButVaries(gone);
		HttpResponse<byte[]> missing = get("/api/feed/missing", "Accept-Encoding", "gzip");
		assertThat(missing.statusCode()).isEqualTo(404);
		assertIsNoDictionaryButVaries(missing);
		HttpResponse<byte[]> failing = get("/api/feed/failing", "Accept-Encoding", "gzip");
		assertThat(failing.statusCode()).isEqualTo(500);
		assertIsNoDictionaryButVaries(failing);
	}

	private static void assertIsNoDictionaryButVaries(HttpResponse<byte[]> response) {
		assertThat(response.headers().firstValue("Use-As-Dictionary")).isEmpty();
		assertThat(String.join(", ", response.headers().allValues("Vary"))).containsIgnoringCase("Available-Dictionary");
	}

	@Test
	void dczCarriesItsOwnEntityTagAndAConditionalRequestWithItGetsNotModified() throws Exception {
		byte[] previous = get("/api/feed").body();
		String available = DictionaryFields.availableDictionary(DczCodec.sha256(previous));
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "dcz", "Available-Dictionary", available);
		String tag = "\"v1-dcz-" + hashStart(previous) + "\"";
		assertThat(response.headers().firstValue("ETag")).hasValue(tag);
		HttpResponse<byte[]> notModified = get("/api/feed", "Accept-Encoding", "dcz", "Available-Dictionary", available,
				"If-None-Match", tag);
		assertThat(notModified.statusCode()).isEqualTo(304);
		assertThat(notModified.headers().firstValue("ETag")).hasValue(tag);
	}

	/**
	 * The same version sent against two dictionaries is two representations, with two strong
	 * tags (RFC 9110, section 8.8.3.3), each of which validates the version.
	 */
	@Test
	void dczAgainstAnotherDictionaryCarriesAnotherEntityTag() throws Exception {
		byte[] first = get("/api/feed").body();
		this.versions.version = 2;
		byte[] second = get("/api/feed").body();
		this.versions.version = 3;
		HttpResponse<byte[]> againstFirst = get("/api/feed", "Accept-Encoding", "dcz", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(first)));
		HttpResponse<byte[]> againstSecond = get("/api/feed", "Accept-Encoding", "dcz", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(second)));
		assertThat(againstFirst.headers().firstValue("Content-Encoding")).hasValue("dcz");
		assertThat(againstSecond.headers().firstValue("Content-Encoding")).hasValue("dcz");
		assertThat(againstFirst.headers().firstValue("ETag")).hasValue("\"v3-dcz-" + hashStart(first) + "\"");
		assertThat(againstSecond.headers().firstValue("ETag")).hasValue("\"v3-dcz-" + hashStart(second) + "\"");
		HttpResponse<byte[]> notModified = get("/api/feed", "Accept-Encoding", "dcz", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(second)), "If-None-Match",
				"\"v3-dcz-" + hashStart(first) + "\"");
		assertThat(notModified.statusCode()).isEqualTo(304);
	}

	private static String hashStart(byte[] dictionary) {
		return HexFormat.of().formatHex(DczCodec.sha256(dictionary), 0, 4);
	}

	@Test
	void nextVersionIsSentInDcbToAClientThatAcceptsDcbAndNotDcz() throws Exception {
		byte[] previous = get("/api/feed").body();
		this.versions.version = 2;
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "dcb, br, zstd", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(previous)));
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("dcb");
		assertThat(response.headers().firstValue("ETag")).hasValue("\"v2-dcb-" + hashStart(previous) + "\"");
		byte[] body = response.body();
		assertThat(HexFormat.of().formatHex(body, 0, 4)).isEqualTo("ff444342");
		assertThat(Arrays.copyOfRange(body, 4, 36)).isEqualTo(DczCodec.sha256(previous));
		byte[] current = DictionaryTestApplication.Versions.document(2);
		assertThat(BrotliWithDictionary.decode(Arrays.copyOfRange(body, 36, body.length), previous)).isEqualTo(current);
		assertThat(body.length * 20L).isLessThan(Zstd.compress(current, 1).length);
	}

	@Test
	void clientAcceptingBothDictionaryCodingsGetsTheHandlersFirstChoice() throws Exception {
		byte[] previous = get("/api/feed").body();
		byte[] catalog = get("/api/catalog").body();
		assertThat(get("/api/feed", "Accept-Encoding", "dcb, dcz, br", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(previous)))
			.headers()
			.firstValue("Content-Encoding")).hasValue("dcz");
		assertThat(get("/api/catalog", "Accept-Encoding", "dcz, dcb, br", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(catalog)))
			.headers()
			.firstValue("Content-Encoding")).hasValue("dcb");
	}

	@Test
	void handlerLimitedToDcbNeverAnswersInDcz() throws Exception {
		byte[] catalog = get("/api/catalog").body();
		HttpResponse<byte[]> response = get("/api/catalog", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(catalog)));
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("zstd");
	}

	@Test
	void dcbConditionalRequestWithItsEntityTagGetsNotModified() throws Exception {
		byte[] catalog = get("/api/catalog").body();
		String available = DictionaryFields.availableDictionary(DczCodec.sha256(catalog));
		HttpResponse<byte[]> response = get("/api/catalog", "Accept-Encoding", "dcb", "Available-Dictionary", available);
		String tag = "\"c1-dcb-" + hashStart(catalog) + "\"";
		assertThat(response.headers().firstValue("ETag")).hasValue(tag);
		HttpResponse<byte[]> notModified = get("/api/catalog", "Accept-Encoding", "dcb", "Available-Dictionary",
				available, "If-None-Match", tag);
		assertThat(notModified.statusCode()).isEqualTo(304);
	}

	@Test
	void unknownHashIsNegotiatedAsUsual() throws Exception {
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				DictionaryFields.availableDictionary(new byte[32]));
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("zstd");
	}

	@Test
	void malformedAvailableDictionaryIsNegotiatedAsUsual() throws Exception {
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				":not base64!:");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("zstd");
	}

	@Test
	void clientThatDoesNotAcceptDczGetsAnotherCoding() throws Exception {
		byte[] previous = get("/api/feed").body();
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "zstd", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(previous)));
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("zstd");
	}

	@Test
	void wildcardInAcceptEncodingDoesNotSelectDcz() throws Exception {
		byte[] previous = get("/api/feed").body();
		HttpResponse<byte[]> response = get("/api/feed", "Accept-Encoding", "*", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(previous)));
		assertThat(response.headers().firstValue("Content-Encoding")).isNotEqualTo(java.util.Optional.of("dcz"));
	}

	@Test
	void dictionaryIsNotUsedForAPathOutsideItsPattern() throws Exception {
		byte[] feed = get("/api/feed").body();
		HttpResponse<byte[]> response = get("/api/orders", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(feed)));
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("zstd");
		assertThat(response.headers().firstValue("Use-As-Dictionary")).hasValue("match=\"/api/orders*\"");
	}

	@Test
	void handlerWithoutTheAnnotationAnnouncesNoDictionary() throws Exception {
		HttpResponse<byte[]> response = get("/api/plain", "Accept-Encoding", "zstd");
		assertThat(response.headers().firstValue("Use-As-Dictionary")).isEmpty();
		assertThat(String.join(",", response.headers().allValues("Vary"))).doesNotContain("Available-Dictionary");
	}

	@Test
	void handlerOnAnExcludedPathIsNeitherAnnouncedNorKeptAsADictionary() throws Exception {
		HttpResponse<byte[]> first = get("/api/excluded/feed", "Accept-Encoding", "zstd");
		assertThat(first.headers().firstValue("Use-As-Dictionary")).isEmpty();
		assertThat(first.headers().firstValue("Content-Encoding")).isEmpty();
		this.versions.version = 2;
		HttpResponse<byte[]> next = get("/api/excluded/feed", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(first.body())));
		assertThat(next.headers().firstValue("Content-Encoding")).isEmpty();
		assertThat(next.body()).isEqualTo(DictionaryTestApplication.Versions.document(2));
	}

	@Test
	void trainedDictionaryIsAdvertisedServedAndUsedForDcz() throws Exception {
		assertThat(get("/api/small/0").headers().firstValue("Use-As-Dictionary")).isEmpty();
		String link = "<" + trainedDictionaryPath() + ">";
		assertThat(get("/api/small/1").headers().firstValue("Link")).hasValue(link + "; rel=\"compression-dictionary\"");
		assertThat(link).matches("</restcompress/dictionaries/[0-9a-f]{64}>");
		HttpResponse<byte[]> served = fetchAsABrowserWould(link.substring(1, link.indexOf('>')));
		assertThat(served.headers().firstValue("Use-As-Dictionary")).hasValue("match=\"/api/small/*\"");
		byte[] dictionary = served.body();
		HttpResponse<byte[]> response = get("/api/small/1000", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256(dictionary)));
		assertThat(response.headers().firstValue("Content-Encoding")).hasValue("dcz");
		byte[] body = response.body();
		byte[] expected = DictionaryTestApplication.Versions.smallBody(1000);
		try (ZstdDecompressCtx zstd = new ZstdDecompressCtx()) {
			zstd.loadDict(dictionary);
			assertThat(zstd.decompress(Arrays.copyOfRange(body, 40, body.length), expected.length)).isEqualTo(expected);
		}
		assertThat(body.length).isLessThan(Zstd.compress(expected, 1).length);
	}

	@Test
	void addsTheTrainedDictionarysLinkBesideALinkTheApplicationSet() throws Exception {
		String dictionaryLink = "<" + trainedDictionaryPath() + ">; rel=\"compression-dictionary\"";
		HttpResponse<byte[]> response = get("/api/small/1", DictionaryTestApplication.Gatekeepers.LINK,
				"</api/small/2>; rel=\"next\"");
		assertThat(String.join(", ", response.headers().allValues("Link")))
			.isEqualTo("</api/small/2>; rel=\"next\", " + dictionaryLink);
	}

	@Test
	void leavesTheLinkOutWhenTheRequestNamesTheTrainedDictionary() throws Exception {
		String path = trainedDictionaryPath();
		String available = DictionaryFields.availableDictionary(DczCodec.sha256(get(path).body()));
		HttpResponse<byte[]> known = get("/api/small/1001", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				available);
		assertThat(known.headers().firstValue("Content-Encoding")).hasValue("dcz");
		assertThat(known.headers().allValues("Link")).isEmpty();
		assertThat(String.join(",", known.headers().allValues("Vary"))).contains("Available-Dictionary");
		HttpResponse<byte[]> identity = get("/api/small/1001", "Accept-Encoding", "identity", "Available-Dictionary",
				available);
		assertThat(identity.headers().allValues("Link")).isEmpty();
		HttpResponse<byte[]> other = get("/api/small/1001", "Accept-Encoding", "dcz, zstd", "Available-Dictionary",
				DictionaryFields.availableDictionary(DczCodec.sha256("another dictionary".getBytes(StandardCharsets.UTF_8))));
		assertThat(other.headers().firstValue("Content-Encoding")).hasValue("zstd");
		assertThat(other.headers().firstValue("Link")).hasValue("<" + path + ">; rel=\"compression-dictionary\"");
	}

	@Test
	void trainedDictionaryAnswersHeadAndRefusesOtherMethodsAndUnknownHashes() throws Exception {
		String path = trainedDictionaryPath();
		HttpResponse<byte[]> served = get(path);
		HttpResponse<byte[]> head = DictionaryHttp.send(this.client, this.port, "HEAD", path);
		assertThat(head.statusCode()).isEqualTo(200);
		assertThat(head.headers().firstValue("Use-As-Dictionary")).hasValue("match=\"/api/small/*\"");
		assertThat(head.headers().firstValue("Content-Length")).hasValue(Integer.toString(served.body().length));
		assertThat(head.body()).isEmpty();
		assertThat(DictionaryHttp.send(this.client, this.port, "POST", path).statusCode()).isEqualTo(405);
		assertThat(get("/restcompress/dictionaries/" + "00".repeat(32)).statusCode()).isEqualTo(404);
	}

	@Test
	void servesTheTrainedDictionaryInACodingTheClientAccepts() throws Exception {
		String path = trainedDictionaryPath();
		byte[] dictionary = get(path).body();
		assertThat(HexFormat.of().formatHex(DczCodec.sha256(dictionary))).isEqualTo(path.substring(path.lastIndexOf('/') + 1));
		HttpResponse<byte[]> gzipped = get(path, "Accept-Encoding", "gzip");
		assertThat(gzipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
		assertThat(gzipped.headers().firstValue("Vary")).hasValue("Accept-Encoding");
		assertThat(gzipped.body().length).isLessThan(dictionary.length);
		try (InputStream decoded = new GZIPInputStream(new ByteArrayInputStream(gzipped.body()))) {
			assertThat(decoded.readAllBytes()).isEqualTo(dictionary);
		}
		HttpResponse<byte[]> head = DictionaryHttp.send(this.client, this.port, "HEAD", path, "Accept-Encoding", "gzip");
		assertThat(head.headers().firstValue("Content-Encoding")).hasValue("gzip");
		assertThat(head.headers().firstValue("Content-Length")).hasValue(Integer.toString(gzipped.body().length));
		assertThat(head.body()).isEmpty();
	}

	@Test
	void applicationFiltersStandInFrontOfTrainedDictionaries() throws Exception {
		String path = trainedDictionaryPath();
		assertThat(get(path, DictionaryTestApplication.Gatekeepers.REFUSED, "yes").statusCode()).isEqualTo(401);
		assertThat(get(path).statusCode()).isEqualTo(200);
	}

	@Test
	void keepsNoTrainingSamplesOfPrivateResponses() throws Exception {
		for (int n = 0; n < 5; n++) {
			assertThat(get("/api/private/" + n).headers().firstValue("Cache-Control")).hasValueSatisfying(
					(cacheControl) -> assertThat(cacheControl).contains("private"));
		}
		assertThat(sampledPatterns()).doesNotContain("/api/private/*");
		assertThat(train("/api/private/*").statusCode()).isEqualTo(400);
	}

	@Test
	void handlerMarkedNotCompressedInADictionaryControllerIsNeitherEncodedNorSampled() throws Exception {
		for (int n = 0; n < 3; n++) {
			HttpResponse<byte[]> response = get("/api/secrets/" + n, "Accept-Encoding", "zstd");
			assertThat(response.headers().firstValue("Content-Encoding")).isEmpty();
			assertThat(response.headers().firstValue("Use-As-Dictionary")).isEmpty();
			assertThat(response.body()).isEqualTo(DictionaryTestApplication.Versions.document(n));
		}
		assertThat(sampledPatterns()).doesNotContain("/api/secrets/*");
	}

	@Test
	void keepsNoTrainingSamplesOfResponsesMarkedNoStoreByAFilterAsTheyCommit() throws Exception {
		for (int n = 0; n < 5; n++) {
			assertThat(get(DictionaryTestApplication.Gatekeepers.PER_USER + n).headers().firstValue("Cache-Control"))
				.hasValue("no-store");
		}
		for (int n = 0; n < 5; n++) {
			assertThat(get("/api/small/" + n).statusCode()).isEqualTo(200);
		}
		assertThat(sampledPatterns()).contains("/api/small/*").doesNotContain("/api/account/*");
	}

	@Test
	void takesResponsesAsSamplesAgainAfterTraining() throws Exception {
		get("/api/large/1");
		get("/api/large/2");
		assertThat(reported("/api/large/*").get("samples").asInt()).isEqualTo(1);
		HttpResponse<byte[]> first = train("/api/large/*");
		assertThat(first.statusCode()).isEqualTo(200);
		get("/api/large/3");
		JsonNode renewed = reported("/api/large/*");
		assertThat(renewed.get("samples").asInt()).isEqualTo(1);
		assertThat(renewed.get("samplesSinceTraining").asInt()).isEqualTo(1);
		HttpResponse<byte[]> second = train("/api/large/*");
		assertThat(second.statusCode()).isEqualTo(200);
		String url = JSON.readTree(second.body()).get("url").asString();
		assertThat(url).isNotEqualTo(JSON.readTree(first.body()).get("url").asString());
		assertThat(DictionaryTestApplication.Versions.document(3)).endsWith(get(url).body());
	}

	private JsonNode reported(String match) throws IOException, InterruptedException {
		return JSON.readTree(sampledPatterns()).get(match);
	}

	private String sampledPatterns() throws IOException, InterruptedException {
		HttpResponse<byte[]> report = this.client.send(
				HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/actuator/restcompressdictionaries"))
					.timeout(DictionaryHttp.TIMEOUT)
					.build(),
				HttpResponse.BodyHandlers.ofByteArray());
		assertThat(report.statusCode()).isEqualTo(200);
		return new String(report.body(), StandardCharsets.UTF_8);
	}

	@Test
	void refusesToTrainAPatternThatIsNotOne() throws Exception {
		assertThat(train("no-slash").statusCode()).isEqualTo(400);
	}

	private HttpResponse<byte[]> train(String match) throws IOException, InterruptedException {
		return this.client.send(
				HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/actuator/restcompressdictionaries"))
					.timeout(DictionaryHttp.TIMEOUT)
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString("{\"match\":\"" + match + "\"}"))
					.build(),
				HttpResponse.BodyHandlers.ofByteArray());
	}

	/**
	 * Returns the path of the trained dictionary of {@code /api/small/*}, training it from
	 * samples first unless it was trained before.
	 */
	String trainedDictionaryPath() throws IOException, InterruptedException {
		String link = get("/api/small/1").headers().firstValue("Link").orElse(null);
		if (link == null) {
			for (int n = 0; n < 300; n++) {
				get("/api/small/" + n);
			}
			HttpResponse<byte[]> trained = train("/api/small/*");
			assertThat(trained.statusCode()).isEqualTo(200);
			assertThat(new String(trained.body(), StandardCharsets.UTF_8)).contains("\"builtFrom\":")
				.contains("\"url\":\"/restcompress/dictionaries/");
			link = get("/api/small/1").headers().firstValue("Link").orElseThrow();
		}
		return link.substring(1, link.indexOf('>'));
	}

	/**
	 * Fetches a {@code Link}ed dictionary on a connection of its own, as a browser's background
	 * fetch does, rather than on the connection the page's requests keep alive.
	 */
	private HttpResponse<byte[]> fetchAsABrowserWould(String path) throws IOException, InterruptedException {
		HttpClient background = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
		return background.send(
				HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).timeout(DictionaryHttp.TIMEOUT).GET().build(),
				HttpResponse.BodyHandlers.ofByteArray());
	}

	HttpResponse<byte[]> get(String path, String... headers) throws IOException, InterruptedException {
		return DictionaryHttp.get(this.client, this.port, path, headers);
	}

}
