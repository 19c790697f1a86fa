package io.restcompress.client;

import org.jspecify.annotations.Nullable;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * What a connector tells {@link ClientCompressionExchangeFilter} about the stream a response
 * arrives on, through the Reactor context of one exchange: for now, what to run after each
 * demand for the response's body. Filled by {@link ReactorNettyResponseStreams} on Reactor
 * Netty; left empty by any other connector.
 */
final class ResponseStream {

	private static final Object KEY = ResponseStream.class;

	private volatile @Nullable Runnable afterDemand;

	static @Nullable ResponseStream in(ContextView context) {
		return context.<ResponseStream>getOrEmpty(KEY).orElse(null);
	}

	Context into(Context context) {
		return context.put(KEY, this);
	}

	void afterDemand(Runnable action) {
		this.afterDemand = action;
	}

	void demanded() {
		Runnable action = this.afterDemand;
		if (action != null) {
			action.run();
		}
	}

}
