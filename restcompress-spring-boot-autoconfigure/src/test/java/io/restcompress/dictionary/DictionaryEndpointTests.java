package io.restcompress.dictionary;

import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class DictionaryEndpointTests {

	private final DictionaryTrainer trainer = new DictionaryTrainer(1_000_000, 1024, "/dictionaries");

	private final DictionaryEndpoint endpoint = new DictionaryEndpoint(this.trainer);

	@Test
	void trainsAndDescribesTheDictionary() {
		this.trainer.sample(MatchPattern.of("/api/orders/*"), "{\"order\":1,\"state\":\"open\"}".getBytes());
		assertThat(this.endpoint.train("/api/orders/*")).containsEntry("match", "/api/orders/*")
			.containsEntry("samples", 1)
			.containsEntry("builtFrom", "latest samples")
			.containsEntry("samplesSinceTraining", 0)
			.containsKey("url");
		assertThat(this.endpoint.dictionaries()).containsKey("/api/orders/*");
	}

	@Test
	void reportsHowManySamplesWereTakenSinceTheLastTraining() {
		MatchPattern orders = MatchPattern.of("/api/orders/*");
		this.trainer.sample(orders, "{\"order\":1,\"state\":\"open\"}".getBytes());
		this.endpoint.train("/api/orders/*");
		this.trainer.sample(orders, "{\"order\":2,\"state\":\"open\"}".getBytes());
		assertThat(this.endpoint.dictionaries().get("/api/orders/*")).containsEntry("samples", 2)
			.containsEntry("samplesSinceTraining", 1);
	}

	@Test
	void refusesAPatternWithoutSamplesAsABadRequestSayingWhy() {
		assertThatExceptionOfType(InvalidEndpointRequestException.class)
			.isThrownBy(() -> this.endpoint.train("/api/orders/*"))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo("No samples of /api/orders/* to train a dictionary from"));
	}

	@Test
	void refusesSomethingThatIsNotAPatternAsABadRequest() {
		assertThatExceptionOfType(InvalidEndpointRequestException.class)
			.isThrownBy(() -> this.endpoint.train("orders"))
			.satisfies((ex) -> assertThat(ex.getReason()).isNotBlank());
	}

}
