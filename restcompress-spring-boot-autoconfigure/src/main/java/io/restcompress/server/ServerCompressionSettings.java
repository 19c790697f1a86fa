package io.restcompress.server;

import java.time.Duration;
import java.util.List;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;

import org.springframework.http.server.PathContainer;
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
 * @param maxFormSize the largest decoded form body a servlet application's parameters are read
 * from, in bytes
 * @param maxFormParameters the largest number of parameters of a decoded form body and its query
 * @param drainTimeout the longest what is left of a request body answered without being used
 * is read and dropped
 */
public record ServerCompressionSettings(ContentCodecs codecs, List<ContentCodec> responseCodecs,
		CompressionMode mode, long minResponseSize, List<MimeType> mimeTypes, List<PathPattern> excludedPaths,
		boolean decodeRequests, long maxDecodedRequestSize, int maxRequestCodings,
		boolean advertiseRequestCodings, long maxFormSize, int maxFormParameters, Duration drainTimeout) {

	/** The default of {@link #maxFormSize}: 2 MB, Tomcat's default for unencoded forms. */
	public static final long DEFAULT_MAX_FORM_SIZE = 2 * 1024 * 1024;

	/** The default of {@link #maxFormParameters}: 1000, Tomcat's default for unencoded forms. */
	public static final int DEFAULT_MAX_FORM_PARAMETERS = 1000;

	/** The default of {@link #drainTimeout}: 10 seconds. */
	public static final Duration DEFAULT_DRAIN_TIMEOUT = Duration.ofSeconds(10);

	public ServerCompressionSettings {
		if (drainTimeout.isNegative()) {
			throw new IllegalArgumentException("The drain timeout must not be negative, was " + drainTimeout);
		}
		responseCodecs = List.copyOf(responseCodecs);
		mimeTypes = List.copyOf(mimeTypes);
		excludedPaths = List.copyOf(excludedPaths);
	}

	/**
	 * Creates settings with the default drain timeout.
	 * @param codecs the codecs that decode request bodies
	 * @param responseCodecs the codecs responses may be encoded with, most preferred first
	 * @param mode which handlers may have their responses encoded
	 * @param minResponseSize the smallest response body that is encoded, in bytes
	 * @param mimeTypes the compressible content types
	 * @param excludedPaths request paths whose responses are never encoded
	 * @param decodeRequests whether request bodies are decoded
	 * @param maxDecodedRequestSize the largest decoded request body, in bytes
	 * @param maxRequestCodings the largest number of codings stacked on a request body
	 * @param advertiseRequestCodings whether responses carry {@code Accept-Encoding}
	 * @param maxFormSize the largest decoded form body a servlet application's parameters are
	 * read from, in bytes
	 * @param maxFormParameters the largest number of parameters of a decoded form body and its
	 * query
	 */
	public ServerCompressionSettings(ContentCodecs codecs, List<ContentCodec> responseCodecs, CompressionMode mode,
			long minResponseSize, List<MimeType> mimeTypes, List<PathPattern> excludedPaths, boolean decodeRequests,
			long maxDecodedRequestSize, int maxRequestCodings, boolean advertiseRequestCodings, long maxFormSize,
			int maxFormParameters) {
		this(codecs, responseCodecs, mode, minResponseSize, mimeTypes, excludedPaths, decodeRequests,
				maxDecodedRequestSize, maxRequestCodings, advertiseRequestCodings, maxFormSize, maxFormParameters,
				DEFAULT_DRAIN_TIMEOUT);
	}

	/**
	 * Creates settings with the default form limits and drain timeout.
	 * @param codecs the codecs that decode request bodies
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
	public ServerCompressionSettings(ContentCodecs codecs, List<ContentCodec> responseCodecs, CompressionMode mode,
			long minResponseSize, List<MimeType> mimeTypes, List<PathPattern> excludedPaths, boolean decodeRequests,
			long maxDecodedRequestSize, int maxRequestCodings, boolean advertiseRequestCodings) {
		this(codecs, responseCodecs, mode, minResponseSize, mimeTypes, excludedPaths, decodeRequests,
				maxDecodedRequestSize, maxRequestCodings, advertiseRequestCodings, DEFAULT_MAX_FORM_SIZE,
				DEFAULT_MAX_FORM_PARAMETERS);
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

	/**
	 * Whether a request's path is one of the excluded paths; callers that must parse the path
	 * first may skip that when {@link #excludedPaths()} is empty.
	 * @param path the request's path within the application
	 * @return {@code true} if an excluded path pattern matches it
	 */
	public boolean excludes(PathContainer path) {
		for (PathPattern pattern : this.excludedPaths) {
			if (pattern.matches(path)) {
				return true;
			}
		}
		return false;
	}

}
