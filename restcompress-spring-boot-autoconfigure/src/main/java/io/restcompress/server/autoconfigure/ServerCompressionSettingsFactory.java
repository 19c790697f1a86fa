package io.restcompress.server.autoconfigure;

import java.util.List;

import io.restcompress.codec.ContentCodecs;
import io.restcompress.server.ServerCompressionSettings;

import org.springframework.util.MimeType;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

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
		if (request.getMaxCodings() < 1) {
			throw new IllegalArgumentException("restcompress.server.request.max-codings must be at least 1");
		}
		List<MimeType> mimeTypes = properties.getMimeTypes().stream().map(MimeType::valueOf).toList();
		List<PathPattern> excludedPaths = properties.getExcludedPaths()
			.stream()
			.map(PathPatternParser.defaultInstance::parse)
			.toList();
		return new ServerCompressionSettings(codecs, codecs.inOrder(properties.getEncodings()), properties.getMode(),
				minResponseSize, mimeTypes, excludedPaths, request.isEnabled(), request.getMaxDecodedSize().toBytes(),
				request.getMaxCodings(), request.isAdvertise());
	}

}
