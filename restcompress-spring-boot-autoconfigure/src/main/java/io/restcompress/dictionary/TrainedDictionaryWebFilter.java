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
 * does on Spring MVC: {@code GET <prefix>/<hash>} answers the raw dictionary with
 * {@code Use-As-Dictionary} naming its pattern. Any other request passes on after one check of
 * its path's prefix.
 */
public class TrainedDictionaryWebFilter implements WebFilter, Ordered {

	private final DictionaryTrainer trainer;

	private final String prefix;

	private final int order;

	/**
	 * Creates the filter.
	 * @param trainer the trained dictionaries
	 * @param order the filter's order
	 */
	public TrainedDictionaryWebFilter(DictionaryTrainer trainer, int order) {
		this.trainer = trainer;
		this.prefix = trainer.urlPrefix() + "/";
		this.order = order;
	}

	@Override
	public int getOrder() {
		return this.order;
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		String path = exchange.getRequest().getPath().value();
		if (!path.startsWith(this.prefix) || exchange.getRequest().getMethod() != HttpMethod.GET) {
			return chain.filter(exchange);
		}
		StoredDictionary trained = this.trainer.served(path);
		if (trained == null) {
			return chain.filter(exchange);
		}
		ServerHttpResponse response = exchange.getResponse();
		DictionaryTrainer.servedFields(trained).forEach(response.getHeaders()::set);
		return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(trained.content())));
	}

}
