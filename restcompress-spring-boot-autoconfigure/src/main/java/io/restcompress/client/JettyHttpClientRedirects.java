package io.restcompress.client;

import io.restcompress.dictionary.DictionaryFields;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.transport.HttpConversation;
import org.eclipse.jetty.client.transport.HttpRequest;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.jspecify.annotations.Nullable;

/**
 * Tells restcompress where Jetty's {@link HttpClient} sends each hop of a redirect it follows,
 * for {@code RestTemplate} and {@code RestClient}: the answer's dictionary and advertised
 * codings are kept for the origin that sent them, and a hop to another origin goes without the
 * {@code Available-Dictionary} and {@code Dictionary-ID} offered to the first. Jetty queues a
 * request's first hop on the thread that sends it and its later hops on threads of its own,
 * all in one conversation, so the first hop claims the exchange for the conversation, and each
 * later hop is copied from the one before, so a hop back to the first origin gets the offer
 * again. The
 * auto-configuration adds it to the client Spring Boot builds; a client built by hand gets it
 * with {@link #reported(HttpClient)}.
 */
public final class JettyHttpClientRedirects implements Request.QueuedListener {

	private static final String HOP = JettyHttpClientRedirects.class.getName() + ".hop";

	private JettyHttpClientRedirects() {
	}

	/**
	 * Adds the listener to a client, for every request it sends.
	 * @param client the client
	 * @return the client
	 */
	public static HttpClient reported(HttpClient client) {
		client.getRequestListeners().addQueuedListener(new JettyHttpClientRedirects());
		return client;
	}

	@Override
	public void onQueued(Request request) {
		if (!(request instanceof HttpRequest hop)) {
			return;
		}
		HttpConversation conversation = hop.getConversation();
		if (conversation.getAttribute(HOP) instanceof Offer offer) {
			offer.follow(request);
			return;
		}
		HttpFields fields = request.getHeaders();
		RedirectHops.Hop claimed = RedirectHops.claim(conversation, request.getURI(),
				fields.get(HttpHeader.ACCEPT_ENCODING));
		if (claimed != null) {
			conversation.setAttribute(HOP, new Offer(claimed, fields.get(DictionaryFields.AVAILABLE_DICTIONARY),
					fields.get(DictionaryFields.DICTIONARY_ID)));
		}
	}

	/**
	 * The hops of an exchange's request and the dictionary offered with its first: Jetty
	 * copies each hop from the one before, so a hop back to the first hop's origin gets the
	 * offer again.
	 */
	private record Offer(RedirectHops.Hop hop, @Nullable String availableDictionary, @Nullable String dictionaryId) {

		void follow(Request request) {
			boolean elsewhere = this.hop.redirectedTo(request.getURI());
			request.headers((fields) -> {
				fields.remove(DictionaryFields.AVAILABLE_DICTIONARY).remove(DictionaryFields.DICTIONARY_ID);
				if (!elsewhere && this.availableDictionary != null) {
					fields.put(DictionaryFields.AVAILABLE_DICTIONARY, this.availableDictionary);
					if (this.dictionaryId != null) {
						fields.put(DictionaryFields.DICTIONARY_ID, this.dictionaryId);
					}
				}
			});
		}

	}

}
