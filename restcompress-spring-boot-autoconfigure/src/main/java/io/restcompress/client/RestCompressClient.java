package io.restcompress.client;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

/**
 * Opting clients and requests out of restcompress.
 * <ul>
 * <li>A single request: set the attribute {@link #SKIP_ATTRIBUTE} to {@code true}
 * ({@code RestClient} and {@code WebClient} {@code .attribute(...)}). The request goes out as
 * the caller built it and the response comes back untouched.</li>
 * <li>A single {@code RestClient}: {@code builder.apply(RestCompressClient::disable)}, which also
 * works when restcompress streams request bodies through the request factory.</li>
 * <li>A single {@code WebClient}: {@code builder.filters(RestCompressClient.disabled())}.</li>
 * <li>A single {@code RestTemplate}: {@code restTemplateBuilder.additionalCustomizers(RestCompressClient::disable)},
 * or {@link #disable(RestTemplate)} on the built template.</li>
 * </ul>
 */
public final class RestCompressClient {

	/**
	 * Request attribute that, set to {@code true}, leaves the request and its response alone.
	 */
	public static final String SKIP_ATTRIBUTE = RestCompressClient.class.getName() + ".skip";

	private RestCompressClient() {
	}

	/**
	 * Returns a consumer that removes restcompress from a builder's interceptor or filter list.
	 * @param <T> the element type: {@code ClientHttpRequestInterceptor} or
	 * {@code ExchangeFilterFunction}
	 * @return the consumer
	 */
	public static <T> Consumer<List<T>> disabled() {
		return (elements) -> elements.removeIf(CompressionComponent.class::isInstance);
	}

	/**
	 * Removes restcompress from a {@link RestTemplate}: its interceptor, or, with
	 * {@code restcompress.client.request.streaming}, the {@link StreamingCompressionRequestFactory}
	 * around the HTTP library's factory.
	 * @param restTemplate the template
	 */
	public static void disable(RestTemplate restTemplate) {
		List<ClientHttpRequestInterceptor> interceptors = restTemplate.getInterceptors();
		List<ClientHttpRequestInterceptor> others = new ArrayList<>(interceptors);
		others.removeIf(CompressionComponent.class::isInstance);
		interceptors.clear();
		if (restTemplate.getRequestFactory() instanceof StreamingCompressionRequestFactory streaming) {
			restTemplate.setRequestFactory(streaming.getDelegate());
		}
		interceptors.addAll(others);
	}

	/**
	 * Removes restcompress from the {@code RestClient}s a builder builds: its interceptor, and,
	 * with {@code restcompress.client.request.streaming}, where restcompress is the request
	 * factory that Spring Boot's builder makes, every request is marked with
	 * {@link #SKIP_ATTRIBUTE}. Use it with {@code builder.apply(RestCompressClient::disable)}.
	 * @param builder the builder
	 */
	public static void disable(RestClient.Builder builder) {
		builder.requestInterceptors(disabled()).defaultRequest((request) -> request.attribute(SKIP_ATTRIBUTE, true));
	}

}
