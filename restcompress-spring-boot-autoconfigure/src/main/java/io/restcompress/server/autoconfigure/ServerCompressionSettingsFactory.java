package io.restcompress.server.autoconfigure;

import java.util.List;
import java.util.stream.Stream;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.server.ServerCompressionSettings;

import org.springframework.util.InvalidMimeTypeException;
import org.springframework.util.MimeType;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

/**
 * Turns {@link ServerCompressionProperties} into {@link ServerCompressionSettings}, failing at
 * startup on a coding, content type or path pattern that cannot work.
 */
final class ServerCompressionSettingsFactory {

	private ServerCompressionSettingsFactory() {
	}

	static ServerCompressionSettings create(ServerCompressionProperties properties, ContentCodecs codecs) {
		long minResponseSize = properties.getMinResponseSize().toBytes();
		if (minResponseSize < 0 || minResponseSize > Integer.MAX_VALUE) {
			throw new IllegalArgumentException(
					"restcompress.server.min-response-size must be between 0B and 2GB, was " + minResponseSize);
		}
		ServerCompressionProperties.Request request = properties.getRequest();
		long maxDecodedSize = request.getMaxDecodedSize().toBytes();
		if (maxDecodedSize < 1) {
			throw new IllegalArgumentException(
					"restcompress.server.request.max-decoded-size must be positive, was " + maxDecodedSize);
		}
		if (request.getMaxCodings() < 1) {
			throw new IllegalArgumentException("restcompress.server.request.max-codings must be at least 1");
		}
		long maxFormSize = request.getMaxFormSize().toBytes();
		if (maxFormSize < 0) {
			throw new IllegalArgumentException(
					"restcompress.server.request.max-form-size must not be negative, was " + maxFormSize);
		}
		if (request.getMaxFormParameters() < 0) {
			throw new IllegalArgumentException("restcompress.server.request.max-form-parameters must not be negative, was "
					+ request.getMaxFormParameters());
		}
		if (request.getDrainTimeout().isNegative()) {
			throw new IllegalArgumentException("restcompress.server.request.drain-timeout must not be negative, was "
					+ request.getDrainTimeout());
		}
		List<MimeType> mimeTypes = Stream
			.concat(mimeTypes("restcompress.server.mime-types", properties.getMimeTypes()),
					mimeTypes("restcompress.server.additional-mime-types", properties.getAdditionalMimeTypes()))
			.toList();
		if (mimeTypes.isEmpty()) {
			throw new IllegalArgumentException("restcompress.server.mime-types and additional-mime-types are both "
					+ "empty, so no response would ever be encoded; list the content types to encode, or turn the "
					+ "server side off with restcompress.server.enabled=false");
		}
		List<PathPattern> excludedPaths = properties.getExcludedPaths()
			.stream()
			.map(ServerCompressionSettingsFactory::excludedPath)
			.toList();
		return new ServerCompressionSettings(codecs, responseCodecs(properties.getEncodings(), codecs),
				properties.getMode(), minResponseSize, mimeTypes, excludedPaths, request.isEnabled(), maxDecodedSize,
				request.getMaxCodings(), request.isAdvertise(), maxFormSize, request.getMaxFormParameters(),
				request.getDrainTimeout());
	}

	private static Stream<MimeType> mimeTypes(String property, List<String> values) {
		return values.stream().map((value) -> mimeType(property, value));
	}

	private static MimeType mimeType(String property, String value) {
		try {
			return MimeType.valueOf(value);
		}
		catch (InvalidMimeTypeException ex) {
			throw new IllegalArgumentException(property + ": '" + value + "' is not a content type: " + ex.getMessage(),
					ex);
		}
	}

	private static PathPattern excludedPath(String pattern) {
		try {
			return PathPatternParser.defaultInstance.parse(pattern);
		}
		catch (PatternParseException ex) {
			// not chained: Spring Boot's analysis of the cause would blame the application's mappings
			throw new IllegalArgumentException(
					"restcompress.server.excluded-paths: '" + pattern + "' is not a path pattern: " + ex.getMessage());
		}
	}

	private static List<ContentCodec> responseCodecs(List<String> encodings, ContentCodecs codecs) {
		try {
			return codecs.inOrder(encodings);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("restcompress.server.encodings: " + ex.getMessage());
		}
	}

}
