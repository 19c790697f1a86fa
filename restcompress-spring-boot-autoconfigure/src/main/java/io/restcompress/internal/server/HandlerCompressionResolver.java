package io.restcompress.internal.server;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.restcompress.LzfCompressed;
import io.restcompress.NotCompressed;
import io.restcompress.codec.ContentCodec;
import io.restcompress.server.CompressionMode;
import io.restcompress.server.ServerCompressionSettings;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.method.HandlerMethod;

/**
 * Resolves what a handler allows, for Spring MVC and WebFlux alike: {@link NotCompressed} on
 * the method or its class excludes, whatever else either says; {@link LzfCompressed} allows
 * (with its own codings, if it names any), the method's taking precedence over its class's; other
 * handlers follow {@link CompressionMode}. Resolutions are cached per handler method;
 * thread-safe.
 */
public final class HandlerCompressionResolver {

	private static final Log logger = LogFactory.getLog(HandlerCompressionResolver.class);

	private final ServerCompressionSettings settings;

	private final Map<Method, HandlerCompression> resolved = new ConcurrentHashMap<>();

	public HandlerCompressionResolver(ServerCompressionSettings settings) {
		this.settings = settings;
	}

	/**
	 * Resolves what a handler allows.
	 * @param handler the handler the request was mapped to
	 * @return what it allows
	 */
	public HandlerCompression resolve(Object handler) {
		if (handler instanceof HandlerMethod handlerMethod) {
			HandlerCompression resolved = this.resolved.get(handlerMethod.getMethod());
			return (resolved != null) ? resolved
					: this.resolved.computeIfAbsent(handlerMethod.getMethod(), (method) -> resolve(handlerMethod));
		}
		return unannotated();
	}

	/**
	 * Returns what an annotated element (a handler's class, a functional route's bean)
	 * declares, or {@code null} if it declares nothing.
	 * @param element the annotated element
	 * @return what it allows, or {@code null}
	 */
	public @Nullable HandlerCompression declaredOn(AnnotatedElement element) {
		if (AnnotatedElementUtils.hasAnnotation(element, NotCompressed.class)) {
			return HandlerCompression.EXCLUDED;
		}
		LzfCompressed compressed = AnnotatedElementUtils.findMergedAnnotation(element, LzfCompressed.class);
		if (compressed == null) {
			return null;
		}
		return of(compressed.encodings(), element.toString());
	}

	/**
	 * Returns what a handler that names these codings allows.
	 * @param encodings the codings, most preferred first; empty for the server's order
	 * @param origin where they are named, for the warning about unknown codings
	 * @return what the handler allows
	 */
	public HandlerCompression of(String[] encodings, String origin) {
		if (encodings.length == 0) {
			return HandlerCompression.SERVER_DEFAULTS;
		}
		return new HandlerCompression(true, enabledCodecs(encodings, origin));
	}

	/**
	 * Returns what a handler without annotations allows: everything in mode {@code all},
	 * nothing otherwise.
	 * @return what it allows
	 */
	public HandlerCompression unannotated() {
		return (this.settings.mode() == CompressionMode.ALL) ? HandlerCompression.SERVER_DEFAULTS
				: HandlerCompression.EXCLUDED;
	}

	private HandlerCompression resolve(HandlerMethod handlerMethod) {
		if (AnnotatedElementUtils.hasAnnotation(handlerMethod.getBeanType(), NotCompressed.class)) {
			return HandlerCompression.EXCLUDED;
		}
		HandlerCompression onMethod = declaredOn(handlerMethod.getMethod());
		if (onMethod != null) {
			return onMethod;
		}
		HandlerCompression onType = declaredOn(handlerMethod.getBeanType());
		return (onType != null) ? onType : unannotated();
	}

	private List<ContentCodec> enabledCodecs(String[] encodings, String origin) {
		List<ContentCodec> codecs = new ArrayList<>(encodings.length);
		for (String encoding : encodings) {
			ContentCodec codec = this.settings.responseCodecs()
				.stream()
				.filter((candidate) -> candidate.coding().equalsIgnoreCase(encoding))
				.findFirst()
				.orElse(null);
			if (codec == null) {
				logger.warn("Ignoring coding '" + encoding + "' named by @LzfCompressed on " + origin
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

}
