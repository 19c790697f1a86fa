package io.restcompress.server;

import java.util.List;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;

import org.springframework.util.MimeType;
import org.springframework.web.util.pattern.PathPattern;

/**
 * What the server side does, resolved once from configuration.
 *
 * @param codecs every codec the server knows, for decoding request bodies
 * @param responseCodecs the codecs responses may be encoded with, most preferred first
 * @param mode which handlers may have their responses encoded
 * @param minResponseSize the smallest response body that is encoded, in bytes
 * @param mimeTypes the compressible content types
 * @param excludedPaths request paths whose responses are never encoded
 * @param decodeRequests whether request bodies are decoded
 * @param maxDecodedRequestSize the largest decoded request body, in bytes
 * @param maxRequestCodings the largest number of codings stacked on a request body
 * @param advertiseRequestCodings whether responses carry {@code Accept-Encoding}
 */
public record ServerCompressionSettings(ContentCodecs codecs, List<ContentCodec> responseCodecs,
		CompressionMode mode, long minResponseSize, List<MimeType> mimeTypes, List<PathPattern> excludedPaths,
		boolean decodeRequests, long maxDecodedRequestSize, int maxRequestCodings,
		boolean advertiseRequestCodings) {

	public ServerCompressionSettings {
		responseCodecs = List.copyOf(responseCodecs);
		mimeTypes = List.copyOf(mimeTypes);
		excludedPaths = List.copyOf(excludedPaths);
	}

	/**
	 * Whether a content type is one of the compressible ones.
	 * @param contentType the response's content type
	 * @return {@code true} if a configured type includes it
	 */
	public boolean isCompressible(MimeType contentType) {
		for (MimeType mimeType : this.mimeTypes) {
			if (mimeType.includes(contentType)) {
				return true;
			}
		}
		return false;
	}

}
