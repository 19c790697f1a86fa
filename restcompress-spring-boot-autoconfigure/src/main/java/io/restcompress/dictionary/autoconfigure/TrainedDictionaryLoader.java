package io.restcompress.dictionary.autoconfigure;

import java.io.IOException;
import java.util.List;

import io.restcompress.dictionary.DictionaryTrainer;
import io.restcompress.dictionary.MatchPattern;

import org.springframework.core.io.Resource;

/**
 * Loads the configured {@code restcompress.dictionary.training.dictionaries} into the trainer
 * at startup, failing it with the entry at fault if one cannot be read or used.
 */
final class TrainedDictionaryLoader {

	private TrainedDictionaryLoader() {
	}

	static void load(DictionaryTrainer trainer, List<DictionaryProperties.Trained> dictionaries) {
		for (int i = 0; i < dictionaries.size(); i++) {
			DictionaryProperties.Trained entry = dictionaries.get(i);
			String name = "restcompress.dictionary.training.dictionaries[" + i + "]";
			String match = entry.getMatch();
			Resource location = entry.getLocation();
			if (match == null || location == null) {
				throw new IllegalStateException(name + " needs both a match and a location");
			}
			try {
				trainer.load(MatchPattern.of(match), location.getContentAsByteArray());
			}
			catch (IOException | IllegalArgumentException ex) {
				throw new IllegalStateException(
						"Could not load " + name + " (" + match + ") from " + location + ": " + ex.getMessage(), ex);
			}
		}
	}

}
