package io.restcompress.dictionary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;

import io.restcompress.codec.BrotliCodec;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.DcbCodec;
import io.restcompress.codec.DczCodec;
import io.restcompress.codec.ZstdCodec;
import org.jspecify.annotations.Nullable;

/**
 * The RFC 9842 codings of kept dictionaries, shared by the server and the clients: {@code dcz}
 * (zstd) always, {@code dcb} (brotli) when the codecs include brotli. The codings of one
 * dictionary are made once and kept while the dictionary is, so that zstd and brotli prepare a
 * dictionary once rather than per exchange; dictionaries that share their hash array (a body
 * kept under several patterns) share them too. Thread-safe.
 */
public final class DictionaryCodings {

	/** A dictionary coding. */
	public enum Coding {

		/** Dictionary-compressed zstd: the faster encoder. */
		DCZ(DczCodec.CODING),

		/** Dictionary-compressed brotli: often smaller, slower to encode. */
		DCB(DcbCodec.CODING);

		private final String token;

		Coding(String token) {
			this.token = token;
		}

		/**
		 * The content-coding token.
		 * @return the token
		 */
		public String token() {
			return this.token;
		}

		/**
		 * Returns the coding a token names, ignoring case.
		 * @param token {@code dcz} or {@code dcb}
		 * @return the coding
		 * @throws IllegalArgumentException for any other token
		 */
		public static Coding of(String token) {
			for (Coding coding : values()) {
				if (coding.token.equals(token.trim().toLowerCase(Locale.ROOT))) {
					return coding;
				}
			}
			throw new IllegalArgumentException(
					"Dictionary codings are " + DczCodec.CODING + " and " + DcbCodec.CODING + ", not '" + token + "'");
		}

	}

	private final ZstdCodec zstd;

	private final @Nullable BrotliCodec brotli;

	/**
	 * The codings made for each dictionary, by the identity of its hash array, which the uses of
	 * one body kept under several patterns share and which no codec refers to (each has a copy),
	 * so that an entry goes when the last dictionary holding that array does.
	 */
	private final Map<byte[], Made> made = Collections.synchronizedMap(new WeakHashMap<>());

	/**
	 * Creates the codings.
	 * @param zstd the codec whose contexts and level {@code dcz} uses
	 * @param brotli the codec whose quality {@code dcb} uses, or {@code null} for no {@code dcb}
	 */
	public DictionaryCodings(ZstdCodec zstd, @Nullable BrotliCodec brotli) {
		this.zstd = zstd;
		this.brotli = brotli;
	}

	/**
	 * Creates the codings with the zstd and brotli codecs of a set of codecs. Without a
	 * {@link ZstdCodec} among them (an application's own codecs, or its own {@code zstd}
	 * codec), {@code dcz} uses one zstd codec at level 1 shared by the whole JVM, so that no
	 * codec of pooled native contexts is left unclosed each time an application context is
	 * created and closed.
	 * @param codecs the codecs
	 * @return the codings, with {@code dcb} only if the codecs include brotli
	 */
	public static DictionaryCodings of(ContentCodecs codecs) {
		ZstdCodec zstd = codecs.find(ZstdCodec.CODING)
			.filter(ZstdCodec.class::isInstance)
			.map(ZstdCodec.class::cast)
			.orElseGet(() -> SharedZstd.CODEC);
		BrotliCodec brotli = codecs.find(BrotliCodec.CODING)
			.filter(BrotliCodec.class::isInstance)
			.map(BrotliCodec.class::cast)
			.orElse(null);
		return new DictionaryCodings(zstd, brotli);
	}

	/**
	 * The codings these codecs can encode and decode, in the order given: {@code dcb} only with
	 * brotli.
	 * @param codings the codings wanted, most preferred first
	 * @return those available
	 */
	public List<Coding> available(List<Coding> codings) {
		return codings.stream().filter(this::has).toList();
	}

	private boolean has(Coding coding) {
		return coding != Coding.DCB || this.brotli != null;
	}

	/**
	 * Returns the codecs of a dictionary for the given codings, in their order.
	 * @param dictionary the dictionary
	 * @param codings the codings wanted, most preferred first
	 * @return the codecs, leaving out {@code dcb} without brotli
	 */
	public List<ContentCodec> of(StoredDictionary dictionary, List<Coding> codings) {
		Made codecs = this.made.computeIfAbsent(dictionary.hash(), (hash) -> make(dictionary));
		List<ContentCodec> result = new ArrayList<>(codings.size());
		for (Coding coding : available(codings)) {
			result.add((coding == Coding.DCZ) ? codecs.dcz() : Objects.requireNonNull(codecs.dcb()));
		}
		return result;
	}

	private Made make(StoredDictionary dictionary) {
		byte[] hash = dictionary.hash().clone();
		return new Made(new DczCodec(this.zstd, dictionary.content(), hash),
				(this.brotli != null) ? new DcbCodec(this.brotli, dictionary.content(), hash) : null);
	}

	private record Made(DczCodec dcz, @Nullable DcbCodec dcb) {

	}

	private static final class SharedZstd {

		private static final ZstdCodec CODEC = new ZstdCodec(1, ZstdCodec.DEFAULT_MAX_WINDOW);

	}

}
