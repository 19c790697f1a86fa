package io.restcompress.client;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Objects;

import io.restcompress.codec.ContentCodec;
import org.jspecify.annotations.Nullable;
import reactor.netty.http.client.HttpClientRequest;

import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.util.ClassUtils;

/**
 * Where a request went when its HTTP library followed a redirect, so that what an answer
 * teaches (a dictionary, the codings an origin accepts) is kept for the origin that answered,
 * and a dictionary is not offered to another origin. For {@code WebClient}, Reactor Netty
 * writes the request again for every hop, through the same body inserter, and names the hop's
 * URL. For {@code RestTemplate} and {@code RestClient}, a library hook reports each hop: on
 * the thread of the exchange ({@link ApacheHttpClientRedirects}), or, for a library that sends
 * later hops from its own threads, to the hop the exchange's thread claimed first
 * ({@link JettyHttpClientRedirects}). Other libraries
 * follow redirects inside and say nothing, so their requests are taken to have gone where they
 * were sent.
 */
final class RedirectHops {

	private static final boolean REACTOR_NETTY = ClassUtils.isPresent("reactor.netty.http.client.HttpClientRequest",
			RedirectHops.class.getClassLoader());

	private static final ThreadLocal<Hop> CURRENT = new ThreadLocal<>();

	private RedirectHops() {
	}

	/**
	 * Runs the exchange of a blocking client and returns its response with the URL that
	 * answered it, as reported by {@link #redirected(Object, URI, String)} on this thread.
	 * @param requested the request's URI
	 * @param acceptEncoding the request's {@code Accept-Encoding}, by which its hops are told
	 * from those of other requests made on this thread meanwhile
	 * @param exchange sends the request
	 * @return the response and where it came from
	 * @throws IOException if the exchange fails
	 */
	static Answer answer(URI requested, @Nullable String acceptEncoding, BlockingExchange exchange)
			throws IOException {
		Hop hop = new Hop(requested, acceptEncoding);
		Hop outer = CURRENT.get();
		CURRENT.set(hop);
		try {
			return new Answer(exchange.execute(), hop.answeredBy);
		}
		finally {
			if (outer != null) {
				CURRENT.set(outer);
			}
			else {
				CURRENT.remove();
			}
		}
	}

	/**
	 * Whether an exchange of a blocking client runs on this thread, whose hops a library hook
	 * may report.
	 * @return {@code true} if {@link #redirected(Object, URI, String)} has an exchange to report to
	 */
	static boolean reporting() {
		return CURRENT.get() != null;
	}

	/**
	 * Notes, on the thread that runs a blocking exchange, that its HTTP library is sending one
	 * hop of a request. The first request reported with the exchange's {@code Accept-Encoding}
	 * is restcompress's: a call made meanwhile without restcompress (an application
	 * interceptor's token fetch, say) carries none or another, and is left alone. Its first hop
	 * is the request as the library sends it (an application's interceptor may have rewritten
	 * its URL), which answers for the request's URI; a later hop of that request to another
	 * origin than its first hop's is a redirect away from it.
	 * @param request the library's identity of the request, the same on every hop
	 * @param to the URL of the hop
	 * @param acceptEncoding the hop's {@code Accept-Encoding}, or {@code null}
	 * @return {@code true} if the hop leaves the origin of the request's first hop
	 */
	static boolean redirected(Object request, URI to, @Nullable String acceptEncoding) {
		Hop hop = CURRENT.get();
		if (hop == null) {
			return false;
		}
		if (hop.request == null) {
			claim(hop, request, to, acceptEncoding);
			return false;
		}
		return hop.request.equals(request) && hop.redirectedTo(to);
	}

	/**
	 * Claims, on the thread that runs a blocking exchange, the first hop of a request for that
	 * exchange, as {@link #redirected(Object, URI, String)} does, for a library that sends the
	 * later hops from threads of its own: they are reported to the returned hop.
	 * @param request the library's identity of the request, the same on every hop
	 * @param to the URL of the first hop
	 * @param acceptEncoding the hop's {@code Accept-Encoding}, or {@code null}
	 * @return the exchange's hop, or {@code null} if no exchange runs on this thread or the
	 * request is not its own
	 */
	static @Nullable Hop claim(Object request, URI to, @Nullable String acceptEncoding) {
		Hop hop = CURRENT.get();
		return (hop != null && hop.request == null && claim(hop, request, to, acceptEncoding)) ? hop : null;
	}

	private static boolean claim(Hop hop, Object request, URI to, @Nullable String acceptEncoding) {
		if (!Objects.equals(hop.acceptEncoding, acceptEncoding)) {
			return false;
		}
		hop.request = request;
		hop.firstHop = to;
		return true;
	}

	/**
	 * Returns the URL a redirect led this request to, or {@code null} if it was not
	 * redirected or its library does not say.
	 * @param request the request being written
	 * @return the hop's URL, or {@code null}
	 */
	static @Nullable URI redirectedTo(ClientHttpRequest request) {
		return REACTOR_NETTY ? ReactorNetty.redirectedTo(request) : null;
	}

	/**
	 * Whether two URLs are of the same origin (scheme, host and port).
	 */
	static boolean sameOrigin(URI first, URI second) {
		return OriginCache.origin(first).equals(OriginCache.origin(second));
	}

	/**
	 * Sends a request of a blocking client.
	 */
	@FunctionalInterface
	interface BlockingExchange {

		ClientHttpResponse execute() throws IOException;

	}

	/**
	 * Returns the codings of the dictionary offered with a request, if its answer comes from
	 * the request's origin; none otherwise, so that another origin's answer is never decoded
	 * with the request's origin's dictionary.
	 * @param requested the request's URI
	 * @param answeredBy the URL that answered it
	 * @param offered the codings of the dictionary offered
	 * @return the codings to decode the answer with
	 */
	static List<ContentCodec> dictionaryCodings(URI requested, URI answeredBy, List<ContentCodec> offered) {
		return sameOrigin(answeredBy, requested) ? offered : List.of();
	}

	/**
	 * A response of a blocking client and the URL whose answer it is.
	 *
	 * @param response the response
	 * @param answeredBy the URL that answered
	 */
	record Answer(ClientHttpResponse response, URI answeredBy) {

	}

	/**
	 * The hops of one exchange's request. A library may report them from any thread.
	 */
	static final class Hop {

		private final URI requested;

		private final @Nullable String acceptEncoding;

		private volatile URI answeredBy;

		private @Nullable Object request;

		private volatile URI firstHop;

		Hop(URI requested, @Nullable String acceptEncoding) {
			this.requested = requested;
			this.acceptEncoding = acceptEncoding;
			this.answeredBy = requested;
			this.firstHop = requested;
		}

		/**
		 * Notes that the request's library is sending it to another URL.
		 * @param to the URL of the hop
		 * @return {@code true} if the hop leaves the origin of the request's first hop
		 */
		boolean redirectedTo(URI to) {
			boolean elsewhere = !sameOrigin(this.firstHop, to);
			this.answeredBy = elsewhere ? to : this.requested;
			return elsewhere;
		}

	}

	private static final class ReactorNetty {

		static @Nullable URI redirectedTo(ClientHttpRequest request) {
			return (request.getNativeRequest() instanceof HttpClientRequest netty && netty.redirectedFrom().length > 0)
					? URI.create(netty.resourceUrl()) : null;
		}

	}

}
