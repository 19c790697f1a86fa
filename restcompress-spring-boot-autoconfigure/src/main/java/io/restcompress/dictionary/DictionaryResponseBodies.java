package io.restcompress.dictionary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import org.jspecify.annotations.Nullable;

/**
 * The bodies trained dictionaries are served with: in the coding the client's
 * {@code Accept-Encoding} selects among the server's response codings (the same negotiation as
 * every response), encoded once per dictionary and coding; as they are otherwise. A dictionary of
 * JSON records is several times smaller in zstd or gzip, and each client fetches it once. The
 * encoded bodies are held as long as their dictionary is: training a pattern again drops them.
 * Thread-safe.
 */
public final class DictionaryResponseBodies {

	private final List<ContentCodec> codecs;

	private final Map<StoredDictionary, Map<String, byte[]>> encoded = Collections
		.synchronizedMap(new WeakHashMap<>());

	/**
	 * Creates the bodies.
	 * @param codecs the codings responses may be encoded in, most preferred first
	 */
	public DictionaryResponseBodies(List<ContentCodec> codecs) {
		this.codecs = List.copyOf(codecs);
	}

	/**
	 * Returns the body to serve a dictionary with.
	 * @param dictionary the dictionary
	 * @param acceptEncoding the client's {@code Accept-Encoding}
	 * @return the body and its coding
	 */
	public Body select(StoredDictionary dictionary, AcceptEncoding acceptEncoding) {
		ContentCodec codec = acceptEncoding.select(this.codecs).orElse(null);
		if (codec == null) {
			return new Body(null, dictionary.content());
		}
		byte[] bytes = this.encoded.computeIfAbsent(dictionary, (key) -> new ConcurrentHashMap<>())
			.computeIfAbsent(codec.coding(), (coding) -> encode(codec, dictionary.content()));
		return new Body(codec.coding(), bytes);
	}

	private static byte[] encode(ContentCodec codec, byte[] content) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream(content.length / 4);
		try (OutputStream encoder = codec.encoder(bytes)) {
			encoder.write(content);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not encode a dictionary in " + codec.coding(), ex);
		}
		return bytes.toByteArray();
	}

	/**
	 * A dictionary's body as served.
	 *
	 * @param coding the content coding, or {@code null} for none
	 * @param bytes the body
	 */
	public record Body(@Nullable String coding, byte[] bytes) {

	}

}
