package io.restcompress.dictionary;

import java.util.Set;

import io.restcompress.codec.AcceptEncoding;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebHandler;

/**
 * Serves trained dictionaries at their stable URLs on WebFlux, as {@link TrainedDictionaryHandler}
 * does on Spring MVC: a handler behind the application's web filters (Spring Security's among
 * them), mapped to the dictionaries' prefix only, with the body in the coding the client's
 * {@code Accept-Encoding} selects.
 */
public class TrainedDictionaryWebHandler implements WebHandler {

	private static final Set<HttpMethod> ALLOWED = Set.of(HttpMethod.GET, HttpMethod.HEAD);

	private final DictionaryTrainer trainer;

	private final DictionaryResponseBodies bodies;

	/**
	 * Creates the handler.
	 * @param trainer the trained dictionaries
	 * @param bodies the bodies they are served with, in the coding the client accepts
	 */
	public TrainedDictionaryWebHandler(DictionaryTrainer trainer, DictionaryResponseBodies bodies) {
		this.trainer = trainer;
		this.bodies = bodies;
	}

	@Override
	public Mono<Void> handle(ServerWebExchange exchange) {
		ServerHttpRequest request = exchange.getRequest();
		if (!ALLOWED.contains(request.getMethod())) {
			return Mono.error(new MethodNotAllowedException(request.getMethod(), ALLOWED));
		}
		StoredDictionary dictionary = this.trainer.served(request.getPath().pathWithinApplication().value());
		if (dictionary == null) {
			return Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND));
		}
		ServerHttpResponse response = exchange.getResponse();
		DictionaryResponseBodies.Response served = this.bodies.serve(dictionary,
				request.getPath().contextPath().value(),
				AcceptEncoding.parse(request.getHeaders().getOrEmpty(HttpHeaders.ACCEPT_ENCODING)),
				response.getHeaders().getOrEmpty(HttpHeaders.VARY));
		served.fields().forEach(response.getHeaders()::set);
		return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(served.body())));
	}

}
