package io.restcompress.dictionary;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * The actuator endpoint {@code restcompressdictionaries}: the training samples and trained
 * dictionaries per match pattern ({@code GET}), and training one ({@code POST} with
 * {@code {"match": "/api/orders/*"}}). The trained dictionary is exported by fetching its URL.
 */
@Endpoint(id = "restcompressdictionaries")
public class DictionaryEndpoint {

	private final DictionaryTrainer trainer;

	/**
	 * @param trainer the trainer
	 */
	public DictionaryEndpoint(DictionaryTrainer trainer) {
		this.trainer = trainer;
	}

	/**
	 * Describes the samples and trained dictionaries.
	 * @return per pattern: samples, sample bytes, once trained the samples taken after those the
	 * last training used, and the dictionary's size, what it was built from and its URL
	 */
	@ReadOperation
	public Map<String, Map<String, Object>> dictionaries() {
		return this.trainer.report();
	}

	/**
	 * Trains the dictionary of a pattern from its samples.
	 * @param match the pattern, as the handler's annotation names it
	 * @return the samples, those taken after the ones it used, the dictionary's size, what it
	 * was built from and its URL
	 * @throws InvalidEndpointRequestException (a 400) if the pattern is not one or has no
	 * samples
	 */
	@WriteOperation
	public Map<String, Object> train(String match) {
		MatchPattern pattern;
		try {
			pattern = MatchPattern.of(match);
			this.trainer.train(pattern);
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			throw new InvalidEndpointRequestException(ex.getMessage(), ex.getMessage());
		}
		Map<String, Object> trained = new LinkedHashMap<>();
		trained.put("match", match);
		trained.putAll(this.trainer.report().get(pattern.pattern()));
		return trained;
	}

}
