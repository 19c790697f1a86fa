package io.restcompress.dictionary;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

import io.restcompress.internal.server.ResponseBodyCopy;
import io.restcompress.internal.server.ResponseFields;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.http.HttpHeaders;
import org.springframework.web.method.HandlerMethod;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link DictionaryBodyCopies}.
 */
class DictionaryBodyCopiesTests {

	private static final byte[] BODY = "{\"version\":1,\"items\":[1,2,3]}".getBytes(StandardCharsets.UTF_8);

	private static final ResponseFields NO_FIELDS = ResponseFields.of(new HttpHeaders());

	private static final Function<String, @Nullable String> NO_REQUEST_FIELDS = (name) -> null;

	private final DictionaryStore store = new DictionaryStore(64, 1024, 8, Duration.ofHours(1), Clock.systemUTC());

	private final DictionaryBodyCopies copies = new DictionaryBodyCopies(new CapturedBodies(this.store, null),
			new DictionaryDeclarations());

	@Test
	void keepsTheBodyOfACompleteOkResponseAsTheDictionaryOfItsPattern() throws Exception {
		ResponseBodyCopy copy = this.copies.open(handler("feed"), "GET", NO_REQUEST_FIELDS);
		copy.write(BODY, 0, 10);
		copy.write(BODY, 10, BODY.length - 10);
		copy.completed(200, NO_FIELDS);
		assertThat(this.store.find(sha256(BODY), "/feed/next")).isNotNull()
			.satisfies((dictionary) -> assertThat(dictionary.content()).isEqualTo(BODY));
	}

	@Test
	void copiesNothingForOtherMethodsOrHandlers() throws Exception {
		assertThat(this.copies.open(handler("feed"), "HEAD", NO_REQUEST_FIELDS)).isNull();
		assertThat(this.copies.open(handler("feed"), "POST", NO_REQUEST_FIELDS)).isNull();
		assertThat(this.copies.open(handler("plain"), "GET", NO_REQUEST_FIELDS)).isNull();
		assertThat(this.copies.open("not a handler method", "GET", NO_REQUEST_FIELDS)).isNull();
	}

	@Test
	void keepsNothingForAStatusOtherThanOk() throws Exception {
		ResponseBodyCopy copy = this.copies.open(handler("feed"), "GET", NO_REQUEST_FIELDS);
		copy.write(BODY, 0, BODY.length);
		copy.completed(404, NO_FIELDS);
		assertThat(this.store.size()).isZero();
	}

	@Test
	void keepsNothingOfABodyOverTheStoresLimit() throws Exception {
		ResponseBodyCopy copy = this.copies.open(handler("feed"), "GET", NO_REQUEST_FIELDS);
		copy.write(new byte[40], 0, 40);
		copy.write(new byte[40], 0, 40);
		copy.write(BODY, 0, 10);
		copy.completed(200, NO_FIELDS);
		assertThat(this.store.size()).isZero();
	}

	@Test
	void keepsNothingOfAnEmptyBody() throws Exception {
		this.copies.open(handler("feed"), "GET", NO_REQUEST_FIELDS).completed(200, NO_FIELDS);
		assertThat(this.store.size()).isZero();
	}

	@ParameterizedTest(name = "{0} bytes discarded")
	@ValueSource(ints = { 30, 100 }) // within the store's 64-byte limit, and over it
	void keepsOnlyWhatWasWrittenAfterAReset(int discarded) throws Exception {
		ResponseBodyCopy copy = this.copies.open(handler("feed"), "GET", NO_REQUEST_FIELDS);
		copy.write(new byte[discarded], 0, discarded);
		copy.reset();
		copy.write(BODY, 0, BODY.length);
		copy.completed(200, NO_FIELDS);
		assertThat(this.store.find(sha256(BODY), "/feed")).isNotNull();
	}

	@Test
	void keepsNothingWhenNothingIsWrittenAfterAReset() throws Exception {
		ResponseBodyCopy copy = this.copies.open(handler("feed"), "GET", NO_REQUEST_FIELDS);
		copy.write(BODY, 0, BODY.length);
		copy.reset();
		copy.completed(200, NO_FIELDS);
		assertThat(this.store.size()).isZero();
	}

	@Test
	void keepsTheBodyOfAFunctionalRouteMarkedAsADictionary() throws Exception {
		ResponseBodyCopy copy = this.copies.open(
				new DictionaryRoutes.Route(DictionaryDeclarations.Declaration.of("/feed*", "", false, new String[] { "dcz" })),
				"GET", NO_REQUEST_FIELDS);
		copy.write(BODY, 0, BODY.length);
		copy.completed(200, NO_FIELDS);
		assertThat(this.store.find(sha256(BODY), "/feed/2")).isNotNull();
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "private|0", "no-store|0", "max-age=60, Private|0", "NO-STORE|0", "max-age=60|1",
			"public|1", "private=\"Set-Cookie\"|1", "no-cache|1" })
	void keepsTrainingSamplesOnlyOfResponsesEveryClientMayRead(String cacheControl, int samples) throws Exception {
		DictionaryTrainer trainer = new DictionaryTrainer(1_000_000, 1024, "/dictionaries");
		ResponseBodyCopy copy = trainingCopies(trainer).open(handler("trained"), "GET", NO_REQUEST_FIELDS);
		copy.write(BODY, 0, BODY.length);
		HttpHeaders headers = new HttpHeaders();
		headers.setCacheControl(cacheControl);
		copy.completed(200, ResponseFields.of(headers));
		Map<String, Object> pattern = trainer.report().get("/trained/*");
		assertThat((pattern != null) ? pattern.get("samples") : 0).isEqualTo(samples);
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', nullValues = "-", value = { "-|Set-Cookie|id=1|0", "-|Vary|Cookie|0",
			"-|Vary|Accept-Encoding, authorization|0", "-|Vary|*|0", "-|Vary|Accept-Encoding|1",
			"Bearer t|Cache-Control|max-age=60|0", "Bearer t|Cache-Control|public|1",
			"Bearer t|Cache-Control|s-maxage=60|1", "Bearer t|Cache-Control|must-revalidate|1" })
	void keepsNoTrainingSamplesOfResponsesForOneClient(@Nullable String authorization, String field, String value,
			int samples) throws Exception {
		DictionaryTrainer trainer = new DictionaryTrainer(1_000_000, 1024, "/dictionaries");
		ResponseBodyCopy copy = trainingCopies(trainer).open(handler("trained"), "GET",
				(name) -> "Authorization".equals(name) ? authorization : null);
		copy.write(BODY, 0, BODY.length);
		HttpHeaders headers = new HttpHeaders();
		headers.add(field, value);
		copy.completed(200, ResponseFields.of(headers));
		Map<String, Object> pattern = trainer.report().get("/trained/*");
		assertThat((pattern != null) ? pattern.get("samples") : 0).isEqualTo(samples);
	}

	@Test
	void stopsCopyingATrainedHandlersBodiesOnceItsSamplesAreComplete() throws Exception {
		DictionaryTrainer trainer = new DictionaryTrainer(2L * BODY.length + 1, 1024, "/dictionaries");
		DictionaryBodyCopies copies = trainingCopies(trainer);
		copyTrainedBodies(copies, 3);
		assertThat(trainer.report().get("/trained/*")).containsEntry("samples", 2);
		assertThat(copies.open(handler("trained"), "GET", NO_REQUEST_FIELDS)).isNull();
		assertThat(copies.open(handler("feed"), "GET", NO_REQUEST_FIELDS)).isNotNull();
	}

	@Test
	void stopsCopyingOnceRenewalIsComplete() throws Exception {
		DictionaryTrainer trainer = new DictionaryTrainer(2L * BODY.length + 1, 1024, "/dictionaries");
		DictionaryBodyCopies copies = trainingCopies(trainer);
		copyTrainedBodies(copies, 3);
		trainer.train(MatchPattern.of("/trained/*"));
		copyTrainedBodies(copies, 3);
		assertThat(trainer.report().get("/trained/*")).containsEntry("samples", 2)
			.containsEntry("samplesSinceTraining", 2);
		assertThat(copies.open(handler("trained"), "GET", NO_REQUEST_FIELDS)).isNull();
	}

	@Test
	void copiesNoTrainedHandlersBodiesWhenTrainingIsOff() throws Exception {
		DictionaryBodyCopies copies = new DictionaryBodyCopies(new CapturedBodies(this.store, null),
				new DictionaryDeclarations());
		assertThat(copies.open(handler("trained"), "GET", NO_REQUEST_FIELDS)).isNull();
		assertThat(copies.open(handler("feed"), "GET", NO_REQUEST_FIELDS)).isNotNull();
	}

	@Test
	void routeFiltersCheckTheirDeclarationWhenMade() {
		assertThatIllegalArgumentException().isThrownBy(() -> DictionaryRoutes.dictionary("no-slash", ""));
		assertThatIllegalArgumentException().isThrownBy(() -> DictionaryRoutes.trained("/feed*", "gzip"));
	}

	private static void copyTrainedBodies(DictionaryBodyCopies copies, int count) throws Exception {
		for (int n = 0; n < count; n++) {
			ResponseBodyCopy copy = copies.open(handler("trained"), "GET", NO_REQUEST_FIELDS);
			assertThat(copy).as("copy %d", n).isNotNull();
			copy.write(BODY, 0, BODY.length);
			copy.completed(200, NO_FIELDS);
		}
	}

	private static DictionaryBodyCopies trainingCopies(DictionaryTrainer trainer) {
		return new DictionaryBodyCopies(
				new CapturedBodies(new DictionaryStore(64, 1024, 8, Duration.ofHours(1), Clock.systemUTC()), trainer),
				new DictionaryDeclarations());
	}

	private static HandlerMethod handler(String name) throws NoSuchMethodException {
		return new HandlerMethod(new Handlers(), Handlers.class.getDeclaredMethod(name));
	}

	private static byte[] sha256(byte[] content) throws Exception {
		return MessageDigest.getInstance("SHA-256").digest(content);
	}

	static class Handlers {

		@DictionaryCompressed(match = "/feed*")
		String feed() {
			return "";
		}

		String plain() {
			return "";
		}

		@DictionaryCompressed(match = "/trained/*", trained = true)
		String trained() {
			return "";
		}

	}

}
