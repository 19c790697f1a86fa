package io.restcompress.internal.server;

import java.util.List;

import io.restcompress.codec.ContentCodec;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Writes the header fields that a {@link ResponseEncodingDecision} implies, the same for a
 * response with a body, a {@code HEAD} and a {@code 304}: {@code Vary}, and for an encoded
 * representation {@code Content-Encoding}, the suffixed entity tag and no
 * {@code Accept-Ranges} or identity {@code Content-Length}.
 */
public final class EncodingHeaders {

	private EncodingHeaders() {
	}

	/**
	 * Applies a decision to a response that has, or stands for ({@code HEAD}), a body.
	 * @param decision the decision
	 * @param fields the response's header fields
	 */
	public static void apply(ResponseEncodingDecision decision, ResponseFields fields) {
		addVary(decision, fields);
		ContentCodec codec = decision.codec();
		if (codec != null) {
			fields.set(HttpHeaders.CONTENT_ENCODING, codec.coding());
			fields.set(HttpHeaders.CONTENT_LENGTH, null);
			fields.set(HttpHeaders.ACCEPT_RANGES, null);
			suffixEntityTag(codec, fields);
		}
	}

	/**
	 * Takes back the fields a coding applied to a response whose encoded body was given up
	 * before it was sent (an error answers instead): no {@code Content-Encoding}, and the
	 * application's own entity tag.
	 * @param fields the response's header fields
	 * @param applicationEntityTag the entity tag before the coding's suffix, or {@code null}
	 */
	public static void withdraw(ResponseFields fields, @Nullable String applicationEntityTag) {
		fields.set(HttpHeaders.CONTENT_ENCODING, null);
		fields.set(HttpHeaders.ETAG, applicationEntityTag);
	}

	/**
	 * Applies the decision for the {@code 200} to the {@code 304} that validates it:
	 * {@code Vary} and the entity tag, no representation metadata (a {@code Content-Type} the
	 * application set is removed, RFC 9110, section 15.4.5). A client whose
	 * {@code If-None-Match} names the application's tag as it is, and not with the coding's
	 * suffix, holds the representation sent as it is (a body below the threshold, say): its
	 * {@code 304} keeps that tag, so that a cache can match it to what it stored.
	 * @param decision the decision for the {@code 200}
	 * @param fields the {@code 304}'s header fields
	 * @param ifNoneMatch the request's {@code If-None-Match} field values as the client sent them
	 */
	public static void applyToNotModified(ResponseEncodingDecision decision, ResponseFields fields,
			List<String> ifNoneMatch) {
		fields.set(HttpHeaders.CONTENT_TYPE, null);
		addVary(decision, fields);
		ContentCodec codec = decision.codec();
		if (codec != null && !EntityTags.namesOnlyAsItIs(ifNoneMatch, fields.get(HttpHeaders.ETAG), codec.entityTagSuffix())) {
			suffixEntityTag(codec, fields);
		}
	}

	/**
	 * Returns the entity tag an encoded representation carries instead of the application's.
	 * @param etag the application's entity tag
	 * @param codec the coding of the representation, or {@code null} for identity
	 * @return the tag to send
	 */
	public static String entityTag(String etag, @Nullable ContentCodec codec) {
		return (codec != null) ? EntityTags.withCoding(etag, codec.entityTagSuffix()) : etag;
	}

	/**
	 * Adds {@code Accept-Encoding} to a response's {@code Vary}, unless it is there already.
	 * @param fields the response's header fields
	 */
	public static void varyOnAcceptEncoding(ResponseFields fields) {
		String vary = VaryHeader.withAcceptEncoding(fields.getAll(HttpHeaders.VARY));
		if (vary != null) {
			fields.set(HttpHeaders.VARY, vary);
		}
	}

	private static void addVary(ResponseEncodingDecision decision, ResponseFields fields) {
		if (decision.varies()) {
			varyOnAcceptEncoding(fields);
		}
	}

	private static void suffixEntityTag(ContentCodec codec, ResponseFields fields) {
		String etag = fields.get(HttpHeaders.ETAG);
		if (etag != null) {
			fields.set(HttpHeaders.ETAG, EntityTags.withCoding(etag, codec.entityTagSuffix()));
		}
	}

}
