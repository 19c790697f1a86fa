package io.restcompress.server;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

import io.restcompress.NotCompressed;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.GzipCodec;
import io.restcompress.internal.server.ExchangeCodings;
import io.restcompress.internal.server.ResponseBodyCopies;
import io.restcompress.internal.server.ResponseEncodingRules;
import io.restcompress.internal.server.ResponseFields;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.util.MimeType;
import org.springframework.web.method.HandlerMethod;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link CompressionHandlerInterceptor}.
 */
class CompressionHandlerInterceptorTests {

	private static final GzipCodec GZIP = new GzipCodec(1);

	private final ServerCompressionSettings settings = settings();

	private final List<Object> offeredFor = new ArrayList<>();

	@Test
	void asksTheExchangeCodingsOnlyForHandlersTheyOfferFor() throws Exception {
		HandlerMethod dictionary = handler("dictionary");
		HandlerMethod plain = handler("plain");
		CompressionHandlerInterceptor interceptor = new CompressionHandlerInterceptor(this.settings,
				new RecordingCodings(dictionary), ResponseBodyCopies.NONE);
		interceptor.preHandle(request(), new MockHttpServletResponse(), plain);
		assertThat(this.offeredFor).isEmpty();
		interceptor.preHandle(request(), new MockHttpServletResponse(), dictionary);
		assertThat(this.offeredFor).containsExactly(dictionary);
	}

	@Test
	void neverAsksTheExchangeCodingsForAHandlerThatIsNotEncoded() throws Exception {
		HandlerMethod excluded = handler("excluded");
		CompressionHandlerInterceptor interceptor = new CompressionHandlerInterceptor(this.settings,
				new RecordingCodings(excluded), ResponseBodyCopies.NONE);
		interceptor.preHandle(request(), new MockHttpServletResponse(), excluded);
		assertThat(this.offeredFor).isEmpty();
	}

	private MockHttpServletRequest request() {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/feed");
		new CompressionExchange(new ResponseEncodingRules(this.settings), request, true).attachTo(request);
		return request;
	}

	private static HandlerMethod handler(String name) throws NoSuchMethodException {
		return new HandlerMethod(new Handlers(), Handlers.class.getDeclaredMethod(name));
	}

	private static ServerCompressionSettings settings() {
		ContentCodecs codecs = ContentCodecs.of(GZIP);
		return new ServerCompressionSettings(codecs, codecs.all(), CompressionMode.ALL, 0,
				List.of(MimeType.valueOf("text/*")), List.of(), true, 16 * 1024 * 1024, 2, true);
	}

	private final class RecordingCodings implements ExchangeCodings {

		private final Object offeringHandler;

		RecordingCodings(Object offeringHandler) {
			this.offeringHandler = offeringHandler;
		}

		@Override
		public boolean offersFor(Object handler) {
			return handler.equals(this.offeringHandler);
		}

		@Override
		public List<ContentCodec> offer(Object handler, String path, Supplier<String> applicationPath,
				Function<String, @Nullable String> requestHeader, ResponseFields response) {
			CompressionHandlerInterceptorTests.this.offeredFor.add(handler);
			return List.of();
		}

	}

	static class Handlers {

		String dictionary() {
			return "";
		}

		String plain() {
			return "";
		}

		@NotCompressed
		String excluded() {
			return "";
		}

	}

}
