package io.restcompress.dictionary;

import reactor.core.publisher.Mono;

import org.springframework.core.Ordered;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * Serves trained dictionaries at their stable URLs on WebFlux, as {@link TrainedDictionaryFilter}
 * does on Spring MVC.
 */
public class TrainedDictionaryWebFilter implements WebFilter, Ordered {

	private final DictionaryTrainer trainer;

	private final int order;

	/**
	 * @param trainer the trained dictionaries
	 * @param order the filter's order
	 */
	public TrainedDictionaryWebFilter(DictionaryTrainer trainer, int order) {
		this.trainer = trainer;
		this.order = order;
	}

	@Override
	public int getOrder() {
		return this.order;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		StoredDictionary dictionary = (exchange.getRequest().getMethod() == HttpMethod.GET)
				? this.trainer.served(exchange.getRequest().getPath().value()) : null;
		if (dictionary == null) {
			return chain.filter(exchange);
		}
		ServerHttpResponse response = exchange.getResponse();
		DictionaryTrainer.servedFields(dictionary).forEach(response.getHeaders()::set);
		return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(dictionary.content())));
	}

}
