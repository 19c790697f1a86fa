package io.restcompress.dictionary;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.server.VaryHeader;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

/**
 * The responses trained dictionaries are served with, on every stack: the header fields
 * ({@code Use-As-Dictionary} naming the dictionary's pattern below the context path, its content
 * type, a day of freshness for the client only ({@code private}: a shared cache would serve it
 * without the filters that guard its URL), {@code Vary} merged with what the response varies on
 * already, the coding and length) and the body, in the coding the client's
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
	 * Returns the response to serve a dictionary with.
	 * @param dictionary the dictionary
	 * @param contextPath the servlet context path or WebFlux base path the application is
	 * below, empty for none
	 * @param acceptEncoding the client's {@code Accept-Encoding}
	 * @param vary the response's {@code Vary} field lines so far (a CORS filter's, for one)
	 * @return the header fields and the body
	 */
	public Response serve(StoredDictionary dictionary, String contextPath, AcceptEncoding acceptEncoding,
			Iterable<String> vary) {
		Map<String, String> fields = new LinkedHashMap<>();
		fields.put(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_OCTET_STREAM_VALUE);
		fields.put(DictionaryFields.USE_AS_DICTIONARY,
				DictionaryFields.useAsDictionary(contextPath, dictionary.match(), ""));
		fields.put(HttpHeaders.CACHE_CONTROL, "private, max-age=86400");
		String merged = VaryHeader.with(vary, HttpHeaders.ACCEPT_ENCODING);
		if (merged != null) {
			fields.put(HttpHeaders.VARY, merged);
		}
		ContentCodec codec = acceptEncoding.select(this.codecs).orElse(null);
		byte[] body = dictionary.content();
		if (codec != null) {
			fields.put(HttpHeaders.CONTENT_ENCODING, codec.coding());
			body = this.encoded.computeIfAbsent(dictionary, (key) -> new ConcurrentHashMap<>())
				.computeIfAbsent(codec.coding(), (coding) -> encode(codec, dictionary.content()));
		}
		fields.put(HttpHeaders.CONTENT_LENGTH, Integer.toString(body.length));
		return new Response(Collections.unmodifiableMap(fields), body);
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
	 * A dictionary as served.
	 *
	 * @param fields the response header fields, {@code Content-Length} among them
	 * @param body the body, in the coding {@code Content-Encoding} names if it is among the
	 * fields
	 */
	public record Response(Map<String, String> fields, byte[] body) {

	}

}
