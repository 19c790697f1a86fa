package io.restcompress.client;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;

import io.restcompress.dictionary.DictionaryFields;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.client5.http.classic.ExecChainHandler;
import org.apache.hc.client5.http.impl.ChainElement;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpHeaders;
import org.jspecify.annotations.Nullable;

/**
 * Tells restcompress where Apache HttpClient 5 (classic) sends each hop of a redirect it
 * follows, for {@code RestTemplate} and {@code RestClient}: the answer's dictionary and
 * advertised codings are kept for the origin that sent them, and a hop to another origin goes
 * without the {@code Available-Dictionary} and {@code Dictionary-ID} offered to the first.
 * The auto-configuration adds it to the client Spring Boot builds; a client built by hand gets
 * it with {@link #reported(HttpClientBuilder)}.
 */
public final class ApacheHttpClientRedirects implements ExecChainHandler {

	/** The name of the handler in the client's execution chain. */
	public static final String NAME = "restcompress-redirects";

	private ApacheHttpClientRedirects() {
	}

	/**
	 * Adds the handler to a client's execution chain, after its redirect handling (which runs
	 * every hop through it). A client with redirect handling disabled has no hops to report.
	 * @param builder the client's builder
	 * @return the builder
	 */
	public static HttpClientBuilder reported(HttpClientBuilder builder) {
		return builder.addExecInterceptorAfter(ChainElement.REDIRECT.name(), NAME, new ApacheHttpClientRedirects());
	}

	@Override
	public ClassicHttpResponse execute(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain)
			throws IOException, HttpException {
		if (RedirectHops.reporting() && RedirectHops.redirected(scope.exchangeId, uri(request), acceptEncoding(request))) {
			request.removeHeaders(DictionaryFields.AVAILABLE_DICTIONARY);
			request.removeHeaders(DictionaryFields.DICTIONARY_ID);
		}
		return chain.proceed(request, scope);
	}

	private static @Nullable String acceptEncoding(ClassicHttpRequest request) {
		Header field = request.getFirstHeader(HttpHeaders.ACCEPT_ENCODING);
		return (field != null) ? field.getValue() : null;
	}

	private static URI uri(ClassicHttpRequest request) throws HttpException {
		try {
			return request.getUri();
		}
		catch (URISyntaxException ex) {
			throw new HttpException("Redirect to an invalid URI: " + ex.getMessage(), ex);
		}
	}

}
