package io.restcompress.server.autoconfigure;

import java.util.LinkedHashSet;
import java.util.Set;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import org.apache.coyote.ProtocolHandler;
import org.apache.coyote.http11.AbstractHttp11Protocol;

import org.springframework.boot.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.util.StringUtils;

/**
 * Adds every restcompress coding to Tomcat's list of codings it never compresses again, so
 * that {@code server.compression.enabled=true} does not gzip a response the filter encoded (by
 * default Tomcat only knows the IANA codings, not {@code lzf}).
 */
class TomcatDoubleEncodingGuard implements TomcatProtocolHandlerCustomizer<ProtocolHandler> {

	private final ContentCodecs codecs;

	TomcatDoubleEncodingGuard(ContentCodecs codecs) {
		this.codecs = codecs;
	}

	@Override
	public void customize(ProtocolHandler protocolHandler) {
		if (protocolHandler instanceof AbstractHttp11Protocol<?> http11) {
			Set<String> codings = new LinkedHashSet<>(
					StringUtils.commaDelimitedListToSet(http11.getNoCompressionEncodings()));
			for (ContentCodec codec : this.codecs.all()) {
				codings.add(codec.coding());
				codings.addAll(codec.aliases());
			}
			http11.setNoCompressionEncodings(String.join(",", codings));
		}
	}

}
