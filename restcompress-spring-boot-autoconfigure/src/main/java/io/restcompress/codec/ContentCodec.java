package io.restcompress.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Set;

/**
 * An HTTP content coding (RFC 9110 §8.4.1) that encodes and decodes streams.
 * <p>
 * Implementations are thread-safe: each call to {@link #encoder} or {@link #decoder} returns a
 * new stream owned by the caller. Streams hold at most the codec's window in memory.
 * <ul>
 * <li>The encoder's {@code flush()} emits everything written so far as decodable bytes and
 * flushes the target; {@code close()} finishes the coding, releases any native resources and
 * closes the target.</li>
 * <li>The decoder throws {@link CorruptContentException} for corrupt or truncated input and for
 * bytes after the end of the coded data; {@code close()} releases any native resources and
 * closes the source.</li>
 * </ul>
 */
public interface ContentCodec {

	/**
	 * The coding token, lower case, as it appears in {@code Content-Encoding}.
	 * @return the token, for example {@code gzip}
	 */
	String coding();

	/**
	 * Other tokens that name the same coding when received, such as {@code x-gzip}.
	 * @return the aliases, lower case
	 */
	default Set<String> aliases() {
		return Set.of();
	}

	/**
	 * Whether the coding is registered with IANA, so that a peer's {@code *} in
	 * {@code Accept-Encoding} may select it. Non-standard codings are only used when a peer
	 * names them.
	 * @return whether {@code *} matches this coding
	 */
	default boolean registered() {
		return true;
	}

	/**
	 * Returns the suffix a strong entity tag of a representation in this coding gets
	 * ({@code "v1"} becomes {@code "v1-gzip"}).
	 * @return the suffix, the coding unless the coding's output depends on more than the content
	 */
	default String entityTagSuffix() {
		return coding();
	}

	/**
	 * Returns this codec compressing at another level, for the adaptive decision's ladder;
	 * decoding is unchanged.
	 * @param level the level, in the coding's own scale
	 * @return a codec for the same coding at that level
	 * @throws UnsupportedOperationException if the coding has no levels
	 * @throws IllegalArgumentException if the level is out of the coding's range
	 */
	default ContentCodec withLevel(int level) {
		throw new UnsupportedOperationException("The " + coding() + " coding has no compression levels");
	}

	/**
	 * Returns a stream that encodes what is written to it into {@code target}.
	 * @param target where the encoded bytes go
	 * @return the encoding stream
	 * @throws IOException if the coding's header cannot be written
	 */
	OutputStream encoder(OutputStream target) throws IOException;

	/**
	 * Returns a stream that decodes {@code source} lazily, as it is read.
	 * @param source the encoded bytes
	 * @return the decoding stream
	 * @throws IOException if the source cannot be read
	 */
	InputStream decoder(InputStream source) throws IOException;

}
