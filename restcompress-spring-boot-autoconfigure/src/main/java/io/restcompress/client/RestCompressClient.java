package io.restcompress.client;

import java.util.List;
import java.util.function.Consumer;

import org.springframework.web.client.RestTemplate;

/**
 * Opting clients and requests out of restcompress.
 * <ul>
 * <li>A single request: set the attribute {@link #SKIP_ATTRIBUTE} to {@code true}
 * ({@code RestClient} and {@code WebClient} {@code .attribute(...)}). The request goes out as
 * the caller built it and the response comes back untouched.</li>
 * <li>A single {@code RestClient} or {@code WebClient}:
 * {@code builder.requestInterceptors(RestCompressClient.disabled())} or
 * {@code builder.filters(RestCompressClient.disabled())}.</li>
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
	 * Removes restcompress from a {@link RestTemplate}.
	 * @param restTemplate the template
	 */
	public static void disable(RestTemplate restTemplate) {
		restTemplate.getInterceptors().removeIf(CompressionComponent.class::isInstance);
	}

}
