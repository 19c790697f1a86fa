package io.restcompress.dictionary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import io.restcompress.LzfCompressed;
import io.restcompress.NotCompressed;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import reactor.core.publisher.Mono;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * A servlet application with a polled resource whose versions differ slightly, marked as a
 * dictionary for itself, another with its own pattern, and one that is not a dictionary.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({ DictionaryTestApplication.Versions.class, DictionaryTestApplication.Secrets.class,
		DictionaryTestApplication.Gatekeepers.Servlet.class, DictionaryTestApplication.Gatekeepers.Reactive.class })
public class DictionaryTestApplication {

	@RestController
	public static class Versions {

		public volatile int version = 1;

		public volatile String availableDictionary;

		public static byte[] document(int version) {
			StringBuilder json = new StringBuilder("[");
			for (int i = 0; i < 20_000; i++) {
				int changed = (i % 1000 == 0) ? version : 1;
				json.append("{\"id\":").append(i).append(",\"login\":\"user").append(i % 97)
					.append("@example.com\",\"version\":").append(changed).append("},");
			}
			return json.append("{}]").toString().getBytes(StandardCharsets.UTF_8);
		}

		@DictionaryCompressed(match = "/api/feed*", id = "feed")
		@GetMapping("/api/feed")
		ResponseEntity<byte[]> feed(@RequestHeader(name = "Available-Dictionary", required = false) String available) {
			this.availableDictionary = available;
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).eTag("\"v" + this.version + "\"")
				.body(document(this.version));
		}

		@DictionaryCompressed(match = "/api/feed*")
		@GetMapping("/api/feed/gone")
		ResponseEntity<byte[]> goneFeed() {
			return ResponseEntity.status(HttpStatus.GONE).contentType(MediaType.APPLICATION_JSON).body(document(1));
		}

		@DictionaryCompressed(match = "/api/feed*")
		@GetMapping("/api/feed/missing")
		ResponseEntity<byte[]> missingFeed() {
			throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no such feed");
		}

		@DictionaryCompressed(match = "/api/feed*")
		@GetMapping("/api/feed/failing")
		ResponseEntity<byte[]> failingFeed() {
			throw new IllegalStateException("the feed failed");
		}

		@DictionaryCompressed(match = "/api/excluded/feed*")
		@GetMapping("/api/excluded/feed")
		ResponseEntity<byte[]> excludedFeed() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document(this.version));
		}

		@DictionaryCompressed(match = "/api/catalog*", encodings = "dcb")
		@GetMapping("/api/catalog")
		ResponseEntity<byte[]> catalog() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).eTag("\"c" + this.version + "\"")
				.body(document(this.version + 100));
		}

		@DictionaryCompressed(match = "/api/orders*")
		@GetMapping("/api/orders")
		ResponseEntity<byte[]> orders() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document(3));
		}

		@DictionaryCompressed(match = "/api/archive*")
		@GetMapping("/api/archive")
		ResponseEntity<byte[]> archive() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document(3));
		}

		/**
		 * Bodies of one shape, about 5 KB, the same for the same number.
		 */
		public static byte[] smallBody(int n) {
			StringBuilder json = new StringBuilder("{\"order\":").append(n).append(",\"lines\":[");
			for (int i = 0; i < 70; i++) {
				json.append("{\"sku\":\"article-").append((n * 31 + i * 7) % 500).append("\",\"quantity\":")
					.append((n + i) % 9 + 1).append(",\"warehouse\":\"central-distribution-center\"},");
			}
			return json.append("{}]}").toString().getBytes(StandardCharsets.UTF_8);
		}

		@DictionaryCompressed(match = "/api/small/*", trained = true)
		@GetMapping("/api/small/{n}")
		ResponseEntity<byte[]> small(@PathVariable int n) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(smallBody(n));
		}

		/**
		 * Bodies of about 1 MB: the second does not fit beside the first in the default 2 MB of
		 * samples.
		 */
		@DictionaryCompressed(match = "/api/large/*", trained = true)
		@GetMapping("/api/large/{n}")
		ResponseEntity<byte[]> large(@PathVariable int n) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document(n));
		}

		@DictionaryCompressed(match = "/api/private/*", trained = true)
		@GetMapping("/api/private/{n}")
		ResponseEntity<byte[]> privateRecord(@PathVariable int n) {
			return ResponseEntity.ok()
				.cacheControl(CacheControl.noCache().cachePrivate())
				.contentType(MediaType.APPLICATION_JSON)
				.body(smallBody(n));
		}

		@DictionaryCompressed(match = "/api/account/*", trained = true)
		@GetMapping("/api/account/{n}")
		ResponseEntity<byte[]> account(@PathVariable int n) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(smallBody(n));
		}

		@LzfCompressed
		@GetMapping("/api/plain")
		ResponseEntity<byte[]> plain() {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(document(1));
		}

	}

	/**
	 * Samples for a trained dictionary, but for one handler excluded from encoding: what it
	 * answers is neither encoded nor taken as a sample.
	 */
	@RestController
	@DictionaryCompressed(match = "/api/secrets/*", trained = true)
	public static class Secrets {

		@NotCompressed
		@GetMapping("/api/secrets/{n}")
		ResponseEntity<byte[]> secret(@PathVariable int n) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(Versions.document(n));
		}

	}

	/**
	 * Answers 401 to requests that carry {@value #REFUSED}, and marks the responses below
	 * {@value #PER_USER} {@code Cache-Control: no-store} (as Spring Security's header writer does
	 * by default: as the response commits on WebFlux), at the order of Spring Security's filters,
	 * on either stack: what the application puts in front of its handlers.
	 */
	@RestController
	static class Redirecting {

		@DictionaryCompressed(match = "/api/feed*")
		@GetMapping("/api/feed/moved")
		void movedFeed(HttpServletResponse response) throws IOException {
			response.sendRedirect("/api/feed");
		}

	}

	static final class Gatekeepers {

		static final String REFUSED = "X-Refused";

		static final String PER_USER = "/api/account/";

		/** A request field whose value the gatekeeper sets as the response's {@code Link}. */
		static final String LINK = "X-Link";

		private static final int SECURITY_ORDER = -100;

		private Gatekeepers() {
		}

		@Configuration(proxyBeanMethods = false)
		@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
		@Import(Redirecting.class)
		static class Servlet {

			@Bean
			FilterRegistrationBean<OncePerRequestFilter> gatekeeper() {
				FilterRegistrationBean<OncePerRequestFilter> registration = new FilterRegistrationBean<>(
						new OncePerRequestFilter() {

							@Override
							protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response,
									FilterChain chain) throws ServletException, IOException {
								if (request.getHeader(REFUSED) != null) {
									response.sendError(HttpServletResponse.SC_UNAUTHORIZED);
									return;
								}
								if (request.getRequestURI().startsWith(PER_USER)) {
									response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
								}
								if (request.getHeader(LINK) != null) {
									response.setHeader(HttpHeaders.LINK, request.getHeader(LINK));
								}
								chain.doFilter(request, response);
							}

						});
				registration.setOrder(SECURITY_ORDER);
				return registration;
			}

		}

		@Configuration(proxyBeanMethods = false)
		@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
		static class Reactive {

			@Bean
			WebFilter gatekeeper() {
				return new Gatekeeper();
			}

		}

		private static final class Gatekeeper implements WebFilter, Ordered {

			@Override
			public int getOrder() {
				return SECURITY_ORDER;
			}

			@Override
			public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
				if (exchange.getRequest().getHeaders().containsHeader(REFUSED)) {
					exchange.getResponse().setStatusCode(HttpStatus.UNAUTHORIZED);
					return exchange.getResponse().setComplete();
				}
				String link = exchange.getRequest().getHeaders().getFirst(LINK);
				if (link != null) {
					exchange.getResponse().getHeaders().set(HttpHeaders.LINK, link);
				}
				if (exchange.getRequest().getPath().value().startsWith(PER_USER)) {
					exchange.getResponse().beforeCommit(() -> Mono.fromRunnable(
							() -> exchange.getResponse().getHeaders().set(HttpHeaders.CACHE_CONTROL, "no-store")));
				}
				return chain.filter(exchange);
			}

		}

	}

}
