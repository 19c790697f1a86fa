package io.restcompress.dictionary;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.restcompress.codec.DczCodec;
import io.restcompress.dictionary.DictionaryBuilder.Built;
import io.restcompress.dictionary.DictionaryBuilder.Source;
import org.jspecify.annotations.Nullable;

/**
 * Trained dictionaries: the bodies of {@code @DictionaryCompressed(trained = true)} handlers are
 * kept as samples per match pattern (up to a total size, later ones dropped until the next
 * training, after which new ones replace the oldest), made into a dictionary on demand
 * ({@linkplain #train zstd's trainer, through zstd-jni, or the latest samples themselves},
 * whichever compresses held-out samples smaller), and the dictionary is served as raw content at
 * a stable URL, {@code <prefix>/<sha-256 in hex>}. The trainer's own 8-byte header (magic number
 * and dictionary id) is dropped, since RFC 9842 clients use a dictionary as raw content.
 * Thread-safe.
 */
public final class DictionaryTrainer {

	private final long maxSampleBytes;

	private final DictionaryBuilder builder;

	private final String urlPrefix;

	private final Map<MatchPattern, Samples> samples = new LinkedHashMap<>();

	private final Map<MatchPattern, StoredDictionary> trained = new LinkedHashMap<>();

	private final Map<MatchPattern, Source> sources = new LinkedHashMap<>();

	/**
	 * Creates a trainer.
	 * @param maxSampleBytes the most sample bytes kept per pattern
	 * @param dictionarySize the size of a trained dictionary
	 * @param urlPrefix the path under which trained dictionaries are served, without a trailing
	 * {@code /}
	 * @throws IllegalArgumentException if the dictionary size is not positive
	 */
	public DictionaryTrainer(long maxSampleBytes, int dictionarySize, String urlPrefix) {
		this.maxSampleBytes = maxSampleBytes;
		this.builder = new DictionaryBuilder(dictionarySize);
		this.urlPrefix = urlPrefix;
	}

	/**
	 * Keeps a response body as a training sample for a pattern, if there is room. After a
	 * training, the body takes the place of the oldest samples that training used, as many as it
	 * needs room of. Once a body does not fit, the pattern's samples are complete: no later body
	 * is kept until the next training. A body larger than all the samples may be is left out
	 * without completing them.
	 * @param match the pattern
	 * @param body the body
	 */
	public void sample(MatchPattern match, byte[] body) {
		if (body.length > this.maxSampleBytes) {
			return;
		}
		synchronized (this.samples) {
			this.samples.computeIfAbsent(match, (key) -> new Samples()).take(body, this.maxSampleBytes);
		}
	}

	/**
	 * Whether a pattern still takes samples, so that its responses are worth copying.
	 * @param match the pattern
	 * @return {@code false} once a body did not fit in its samples, until the next training
	 */
	public boolean takesSamples(MatchPattern match) {
		synchronized (this.samples) {
			Samples pool = this.samples.get(match);
			return pool == null || !pool.complete;
		}
	}

	/**
	 * Builds a dictionary for a pattern from its samples and serves it from then on, in place of
	 * the one built before. Samples that fit in the dictionary's size are the dictionary, all
	 * of them. From more, two candidates are built from the first four in five samples: zstd's
	 * trainer's dictionary, and the latest of those samples up to the size, as they are; the one
	 * that compresses the last fifth smaller (at {@code dcz}'s lowest level) is then built from
	 * all samples. zstd's trainer finds what samples share when it has many of them; from a few
	 * dozen, the samples themselves often predict the next body better. The samples are then
	 * renewed: the bodies kept from then on replace the ones this training used.
	 * @param match the pattern
	 * @return the dictionary
	 * @throws IllegalStateException if there are no samples (or only empty ones)
	 */
	public StoredDictionary train(MatchPattern match) {
		Samples pool;
		List<byte[]> bodies;
		long keptBefore;
		synchronized (this.samples) {
			pool = this.samples.get(match);
			if (pool == null || pool.bytes == 0) {
				throw new IllegalStateException("No samples of " + match + " to train a dictionary from");
			}
			bodies = new ArrayList<>(pool.bodies);
			keptBefore = pool.kept;
		}
		Built built = this.builder.build(bodies, match.pattern());
		StoredDictionary dictionary = new StoredDictionary(built.content(), DczCodec.sha256(built.content()), match,
				"");
		synchronized (this.samples) {
			this.trained.put(match, dictionary);
			this.sources.put(match, built.source());
			pool.renewAfter(keptBefore);
		}
		return dictionary;
	}

	/**
	 * Serves a dictionary trained before for a pattern, in place of one trained here: one
	 * exported by fetching its URL, so that every instance of an application serves the same
	 * dictionary from the start. Training the pattern again replaces it. Loading is not a
	 * training: the dictionary was not built from the pattern's samples, so they are not renewed.
	 * @param match the pattern
	 * @param content the raw dictionary
	 * @return the dictionary
	 * @throws IllegalArgumentException if the content is empty or cannot serve as a raw-content
	 * dictionary
	 */
	public StoredDictionary load(MatchPattern match, byte[] content) {
		if (content.length == 0 || !DczCodec.usableAsDictionary(content)) {
			throw new IllegalArgumentException("A trained dictionary for " + match
					+ " must be raw content, not empty and not in zstd's dictionary format (as served at its URL)");
		}
		StoredDictionary dictionary = new StoredDictionary(content.clone(), DczCodec.sha256(content), match, "");
		synchronized (this.samples) {
			this.trained.put(match, dictionary);
			this.sources.put(match, Source.LOADED);
		}
		return dictionary;
	}

	/**
	 * Returns the dictionary trained for a pattern.
	 * @param match the pattern
	 * @return the dictionary, or {@code null} if none was trained
	 */
	public @Nullable StoredDictionary trained(MatchPattern match) {
		synchronized (this.samples) {
			return this.trained.get(match);
		}
	}

	/**
	 * Returns the trained dictionary with a hash, for a request path its pattern matches.
	 * @param hash the SHA-256 the client named
	 * @param path the request's path
	 * @return the dictionary, or {@code null}
	 */
	public @Nullable StoredDictionary find(byte[] hash, String path) {
		synchronized (this.samples) {
			for (StoredDictionary dictionary : this.trained.values()) {
				if (Arrays.equals(dictionary.hash(), hash) && dictionary.match().matches(path)) {
					return dictionary;
				}
			}
			return null;
		}
	}

	/**
	 * Returns the trained dictionary a URL path names.
	 * @param path the request's path
	 * @return the dictionary, or {@code null} if the path names none
	 */
	public @Nullable StoredDictionary served(String path) {
		synchronized (this.samples) {
			for (StoredDictionary dictionary : this.trained.values()) {
				if (url(dictionary).equals(path)) {
					return dictionary;
				}
			}
			return null;
		}
	}

	/**
	 * The path under which trained dictionaries are served.
	 * @return the prefix, without a trailing {@code /}
	 */
	public String urlPrefix() {
		return this.urlPrefix;
	}

	/**
	 * Returns the path a trained dictionary is served at, within the application: like a match
	 * pattern, without the context path or the servlet's path.
	 * @param dictionary the dictionary
	 * @return the path
	 */
	public String url(StoredDictionary dictionary) {
		return this.urlPrefix + "/" + HexFormat.of().formatHex(dictionary.hash());
	}

	/**
	 * Describes the samples and trained dictionaries, per pattern.
	 * @return pattern to samples, sample bytes, once trained here the samples taken after those
	 * the last training used, and once trained or loaded the dictionary's size, what it was built
	 * from and its URL
	 */
	public Map<String, Map<String, Object>> report() {
		Map<String, Map<String, Object>> report = new LinkedHashMap<>();
		synchronized (this.samples) {
			Set<MatchPattern> patterns = new LinkedHashSet<>(this.samples.keySet());
			patterns.addAll(this.trained.keySet());
			for (MatchPattern match : patterns) {
				Samples pool = this.samples.get(match);
				Map<String, Object> entry = new LinkedHashMap<>();
				entry.put("samples", (pool != null) ? pool.bodies.size() : 0);
				entry.put("sampleBytes", (pool != null) ? pool.bytes : 0L);
				if (pool != null && pool.trained()) {
					entry.put("samplesSinceTraining", pool.keptSinceTraining());
				}
				StoredDictionary dictionary = this.trained.get(match);
				if (dictionary != null) {
					entry.put("dictionaryBytes", dictionary.content().length);
					entry.put("builtFrom", this.sources.get(match).label());
					entry.put("url", url(dictionary));
				}
				report.put(match.pattern(), entry);
			}
		}
		return report;
	}

	/**
	 * A pattern's samples, the oldest first. Bodies are counted as they are kept; after a
	 * training, the ones kept before it are replaced first.
	 */
	private static final class Samples {

		private final Deque<byte[]> bodies = new ArrayDeque<>();

		private long bytes;

		private boolean complete;

		private long kept;

		private long replaced;

		private long keptBeforeTraining;

		private long bytesSinceTraining;

		/**
		 * Keeps a body if it fits beside the samples taken since the last training, in place of
		 * as many of the older samples as it needs room of; otherwise the samples are complete.
		 */
		void take(byte[] body, long maxBytes) {
			if (this.complete) {
				return;
			}
			if (this.bytesSinceTraining + body.length > maxBytes) {
				this.complete = true;
				return;
			}
			while (this.bytes + body.length > maxBytes) {
				this.bytes -= this.bodies.removeFirst().length;
				this.replaced++;
			}
			this.bodies.addLast(body);
			this.bytes += body.length;
			this.bytesSinceTraining += body.length;
			this.kept++;
		}

		/**
		 * Starts renewal after a training that used the first {@code keptBefore} bodies kept.
		 */
		void renewAfter(long keptBefore) {
			this.keptBeforeTraining = keptBefore;
			this.bytesSinceTraining = bytesKeptFrom(keptBefore);
			this.complete = false;
		}

		/**
		 * Whether a training has used these samples: one always uses at least a body.
		 */
		boolean trained() {
			return this.keptBeforeTraining > 0;
		}

		/**
		 * The samples kept since the last training; trainings that end out of order may have
		 * used fewer bodies than renewal has already replaced.
		 */
		int keptSinceTraining() {
			return (int) (this.kept - Math.max(this.keptBeforeTraining, this.replaced));
		}

		private long bytesKeptFrom(long first) {
			long total = 0;
			long index = this.replaced;
			for (byte[] body : this.bodies) {
				if (index++ >= first) {
					total += body.length;
				}
			}
			return total;
		}

	}

}
