package io.restcompress.dictionary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.github.luben.zstd.ZstdDictTrainer;
import com.github.luben.zstd.ZstdException;
import io.restcompress.codec.DczCodec;
import org.jspecify.annotations.Nullable;

/**
 * Trained dictionaries: the bodies of {@code @DictionaryCompressed(trained = true)} handlers are
 * kept as samples per match pattern (up to a total size, later ones dropped), zstd's trainer
 * (through zstd-jni) turns them into a dictionary on demand, and the dictionary is served as
 * raw content at a stable URL, {@code <prefix>/<sha-256 in hex>}. The trainer's own 8-byte header
 * (magic number and dictionary id) is dropped, since RFC 9842 clients use a dictionary as raw
 * content. Thread-safe.
 */
public final class DictionaryTrainer {

	private static final int ZSTD_DICTIONARY_HEADER = 8;

	private final long maxSampleBytes;

	private final int dictionarySize;

	private final String urlPrefix;

	private final Map<MatchPattern, Samples> samples = new LinkedHashMap<>();

	private final Map<MatchPattern, StoredDictionary> trained = new LinkedHashMap<>();

	/**
	 * Creates a trainer.
	 * @param maxSampleBytes the most sample bytes kept per pattern
	 * @param dictionarySize the size of a trained dictionary
	 * @param urlPrefix the path under which trained dictionaries are served, without a trailing
	 * {@code /}
	 */
	public DictionaryTrainer(long maxSampleBytes, int dictionarySize, String urlPrefix) {
		this.maxSampleBytes = maxSampleBytes;
		this.dictionarySize = dictionarySize;
		this.urlPrefix = urlPrefix;
	}

	/**
	 * Keeps a response body as a training sample for a pattern, if there is room.
	 * @param match the pattern
	 * @param body the body
	 */
	public void sample(MatchPattern match, byte[] body) {
		synchronized (this.samples) {
			Samples pool = this.samples.computeIfAbsent(match, (key) -> new Samples());
			if (pool.bytes + body.length <= this.maxSampleBytes) {
				pool.bodies.add(body);
				pool.bytes += body.length;
			}
		}
	}

	/**
	 * Trains a dictionary for a pattern from its samples and serves it from then on, in place of
	 * the one trained before.
	 * @param match the pattern
	 * @return the dictionary
	 * @throws IllegalStateException if there are no samples, or too few for zstd's trainer
	 */
	public StoredDictionary train(MatchPattern match) {
		List<byte[]> bodies;
		long bytes;
		synchronized (this.samples) {
			Samples pool = this.samples.get(match);
			if (pool == null || pool.bodies.isEmpty()) {
				throw new IllegalStateException("No samples of " + match + " to train a dictionary from");
			}
			bodies = new ArrayList<>(pool.bodies);
			bytes = pool.bytes;
		}
		ZstdDictTrainer trainer = new ZstdDictTrainer((int) Math.min(Integer.MAX_VALUE, bytes), this.dictionarySize);
		bodies.forEach(trainer::addSample);
		byte[] formatted;
		try {
			formatted = trainer.trainSamples();
		}
		catch (ZstdException ex) {
			throw new IllegalStateException("zstd could not train a dictionary from " + bodies.size() + " samples of "
					+ match + " (" + bytes + " bytes): " + ex.getMessage(), ex);
		}
		byte[] raw = Arrays.copyOfRange(formatted, ZSTD_DICTIONARY_HEADER, formatted.length);
		StoredDictionary dictionary = new StoredDictionary(raw, DczCodec.sha256(raw), match, "");
		synchronized (this.samples) {
			this.trained.put(match, dictionary);
		}
		return dictionary;
	}

	/**
	 * Serves a dictionary trained before for a pattern, in place of one trained here: one
	 * exported by fetching its URL, so that every instance of an application serves the same
	 * dictionary from the start. Training the pattern again replaces it.
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
	 * Returns the path a trained dictionary is served at.
	 * @param dictionary the dictionary
	 * @return the path
	 */
	public String url(StoredDictionary dictionary) {
		return this.urlPrefix + "/" + HexFormat.of().formatHex(dictionary.hash());
	}

	/**
	 * Returns the header fields a trained dictionary is served with: its type,
	 * {@code Use-As-Dictionary} naming its pattern, and a day of freshness.
	 * @param dictionary the dictionary
	 * @return field names and values
	 */
	public static Map<String, String> servedFields(StoredDictionary dictionary) {
		return Map.of("Content-Type", "application/octet-stream", DictionaryFields.USE_AS_DICTIONARY,
				DictionaryFields.useAsDictionary(dictionary.match(), ""), "Cache-Control", "max-age=86400",
				"Content-Length", Integer.toString(dictionary.content().length));
	}

	/**
	 * Describes the samples and trained dictionaries, per pattern.
	 * @return pattern to samples, sample bytes and, once trained, the dictionary's size and URL
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
				StoredDictionary dictionary = this.trained.get(match);
				if (dictionary != null) {
					entry.put("dictionaryBytes", dictionary.content().length);
					entry.put("url", url(dictionary));
				}
				report.put(match.pattern(), entry);
			}
		}
		return report;
	}

	private static final class Samples {

		private final List<byte[]> bodies = new ArrayList<>();

		private long bytes;

	}

}
