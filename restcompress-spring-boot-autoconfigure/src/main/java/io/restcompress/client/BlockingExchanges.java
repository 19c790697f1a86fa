package io.restcompress.client;

import java.io.IOException;
import java.net.URI;
import java.util.List;

import io.restcompress.codec.ContentCodec;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpResponse;

/**
 * The exchange of {@code RestTemplate} and {@code RestClient}, the same through the interceptor
 * and the streaming request factory: the request is sent as decided and resent once after a
 * {@code 415} that names the accepted codings (if its body can be written again); what the
 * answer teaches is kept for the origin that answered ({@link RedirectHops}); the response is
 * handed over decoded.
 */
final class BlockingExchanges {

	private BlockingExchanges() {
	}

	/**
	 * Runs an exchange.
	 * @param compression the shared policy
	 * @param uri the request's URI
	 * @param method the request's method
	 * @param headers the request's headers, with what restcompress added
	 * @param offered the codings of the dictionary offered with the request
	 * @param decision how to send the body first
	 * @param bodyLength the body's length, or {@code -1} if not known
	 * @param mayResend whether the body can be written again
	 * @param sender sends the request with a body as a decision says
	 * @return the response the application reads
	 * @throws IOException if the exchange fails
	 */
	static ClientHttpResponse exchange(ClientCompression compression, URI uri, HttpMethod method, HttpHeaders headers,
			List<ContentCodec> offered, RequestDecision decision, long bodyLength, boolean mayResend, Sender sender)
			throws IOException {
		String acceptEncoding = headers.getFirst(HttpHeaders.ACCEPT_ENCODING);
		RedirectHops.Answer first = RedirectHops.answer(uri, acceptEncoding, () -> sender.send(decision));
		@Nullable RequestDecision resend = closingOnFailure(first, () -> afterResponse(compression, first, decision));
		RedirectHops.Answer answer = first;
		if (resend != null && mayResend) {
			RequestDecision decided = closingOnFailure(first, () -> resend.forBody(bodyLength,
					compression.minRequestSize(), headers.getFirst(HttpHeaders.CONTENT_TYPE)));
			first.response().close();
			RedirectHops.Answer second = RedirectHops.answer(uri, acceptEncoding, () -> sender.send(decided));
			closingOnFailure(second, () -> afterResponse(compression, second, decided));
			answer = second;
		}
		RedirectHops.Answer answered = answer;
		return closingOnFailure(answered, () -> DecodedClientHttpResponse.readable(compression, answered.answeredBy(),
				method, answered.response(), RedirectHops.dictionaryCodings(uri, answered.answeredBy(), offered)));
	}

	/**
	 * Runs a step on a response received, closing the response if the step fails, since the
	 * application never gets it to close.
	 */
	private static <T extends @Nullable Object> T closingOnFailure(RedirectHops.Answer answer, Step<T> step)
			throws IOException {
		try {
			return step.run();
		}
		catch (IOException | RuntimeException | Error ex) {
			try {
				answer.response().close();
			}
			catch (RuntimeException closing) {
				ex.addSuppressed(closing);
			}
			throw ex;
		}
	}

	private static @Nullable RequestDecision afterResponse(ClientCompression compression, RedirectHops.Answer answer,
			RequestDecision sent) throws IOException {
		ClientHttpResponse response = answer.response();
		return compression.requests()
			.afterResponse(answer.answeredBy(), response.getStatusCode().value(), response.getHeaders(), sent.codec());
	}

	/**
	 * A step of an exchange after a response was received.
	 */
	@FunctionalInterface
	private interface Step<T extends @Nullable Object> {

		T run() throws IOException;

	}

	/**
	 * Sends the request with its body as a decision says.
	 */
	@FunctionalInterface
	interface Sender {

		ClientHttpResponse send(RequestDecision decision) throws IOException;

	}

}
