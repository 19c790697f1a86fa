package io.restcompress.server;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.restcompress.LzfCompressed;
import io.restcompress.NotCompressed;
import io.restcompress.codec.ContentCodec;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Tells each exchange whether its handler allows response encoding: {@link NotCompressed}
 * excludes, {@link LzfCompressed} allows (with its own codings, if it names any), a method's
 * annotations take precedence over its class's, and unannotated handlers follow
 * {@link CompressionMode}. Resolutions are cached per handler method.
 */
public class CompressionHandlerInterceptor implements HandlerInterceptor {

	private static final Log logger = LogFactory.getLog(CompressionHandlerInterceptor.class);

	private final ServerCompressionSettings settings;

	private final Map<Method, HandlerCompression> resolved = new ConcurrentHashMap<>();

	public CompressionHandlerInterceptor(ServerCompressionSettings settings) {
		this.settings = settings;
	}

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		CompressionExchange exchange = CompressionExchange.find(request);
		if (exchange != null) {
			exchange.handledBy(resolve(handler));
		}
		return true;
	}

	HandlerCompression resolve(Object handler) {
		if (handler instanceof HandlerMethod handlerMethod) {
			return this.resolved.computeIfAbsent(handlerMethod.getMethod(), (method) -> resolve(handlerMethod));
		}
		return unannotated();
	}

	private HandlerCompression resolve(HandlerMethod handlerMethod) {
		HandlerCompression onMethod = declaredOn(handlerMethod.getMethod());
		if (onMethod != null) {
			return onMethod;
		}
		HandlerCompression onType = declaredOn(handlerMethod.getBeanType());
		return (onType != null) ? onType : unannotated();
	}

	private @Nullable HandlerCompression declaredOn(AnnotatedElement element) {
		if (AnnotatedElementUtils.hasAnnotation(element, NotCompressed.class)) {
			return HandlerCompression.EXCLUDED;
		}
		LzfCompressed compressed = AnnotatedElementUtils.findMergedAnnotation(element, LzfCompressed.class);
		if (compressed == null) {
			return null;
		}
		if (compressed.encodings().length == 0) {
			return HandlerCompression.SERVER_DEFAULTS;
		}
		return new HandlerCompression(true, enabledCodecs(compressed.encodings(), element));
	}

	private List<ContentCodec> enabledCodecs(String[] encodings, AnnotatedElement element) {
		List<ContentCodec> codecs = new ArrayList<>(encodings.length);
		for (String encoding : encodings) {
			ContentCodec codec = this.settings.responseCodecs()
				.stream()
				.filter((candidate) -> candidate.coding().equalsIgnoreCase(encoding))
				.findFirst()
				.orElse(null);
			if (codec == null) {
				logger.warn("Ignoring coding '" + encoding + "' named by @LzfCompressed on " + element
						+ ": it is not among the server's response codings " + this.settings.responseCodecs()
							.stream()
							.map(ContentCodec::coding)
							.toList());
			}
			else if (!codecs.contains(codec)) {
				codecs.add(codec);
			}
		}
		return List.copyOf(codecs);
	}

	private HandlerCompression unannotated() {
		return (this.settings.mode() == CompressionMode.ALL) ? HandlerCompression.SERVER_DEFAULTS
				: HandlerCompression.EXCLUDED;
	}

}
