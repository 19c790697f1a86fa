package io.restcompress.server;

import java.io.IOException;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.jspecify.annotations.Nullable;

/**
 * Hands out an {@link AsyncContext} whose {@link AsyncContext#complete() complete()} finishes
 * the encoded body before the container ends the response: an application that completes an
 * asynchronous request from its own thread, or from a listener, without a dispatch back through
 * the filter, would otherwise leave the body's end unwritten. Tomcat tells its listeners of the
 * completion before it ends the response, but Jetty only after, when the bytes held below the
 * threshold or in the encoder can no longer be written. The listeners added through the context
 * get it, not the container's, in their events. One context is handed out for each of the
 * container's, so that callers may compare them.
 */
final class AsyncCompletionRequestWrapper extends HttpServletRequestWrapper {

	private final EncodingResponseWrapper encoding;

	private @Nullable FinishingAsyncContext context;

	AsyncCompletionRequestWrapper(HttpServletRequest request, EncodingResponseWrapper encoding) {
		super(request);
		this.encoding = encoding;
	}

	@Override
	public AsyncContext startAsync() {
		return finishing(super.startAsync());
	}

	@Override
	public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
		return finishing(super.startAsync(request, response));
	}

	@Override
	public @Nullable AsyncContext getAsyncContext() {
		AsyncContext container = super.getAsyncContext();
		return (container != null) ? finishing(container) : null;
	}

	private synchronized AsyncContext finishing(AsyncContext container) {
		FinishingAsyncContext current = this.context;
		if (current == null || current.container != container) {
			current = new FinishingAsyncContext(container);
			this.context = current;
		}
		return current;
	}

	private final class FinishingAsyncContext implements AsyncContext {

		private final AsyncContext container;

		FinishingAsyncContext(AsyncContext container) {
			this.container = container;
		}

		@Override
		public void complete() {
			try {
				AsyncCompletionRequestWrapper.this.encoding.finishUnfinished();
			}
			catch (IOException | RuntimeException ex) {
				// the client went away (counted by the wrapper): the container still completes
			}
			this.container.complete();
		}

		@Override
		public ServletRequest getRequest() {
			return this.container.getRequest();
		}

		@Override
		public ServletResponse getResponse() {
			return this.container.getResponse();
		}

		@Override
		public boolean hasOriginalRequestAndResponse() {
			return this.container.hasOriginalRequestAndResponse();
		}

		@Override
		public void dispatch() {
			this.container.dispatch();
		}

		@Override
		public void dispatch(String path) {
			this.container.dispatch(path);
		}

		@Override
		public void dispatch(ServletContext context, String path) {
			this.container.dispatch(context, path);
		}

		@Override
		public void start(Runnable run) {
			this.container.start(run);
		}

		@Override
		public void addListener(AsyncListener listener) {
			this.container.addListener(new FinishingListener(listener));
		}

		@Override
		public void addListener(AsyncListener listener, ServletRequest request, ServletResponse response) {
			this.container.addListener(new FinishingListener(listener), request, response);
		}

		@Override
		public <T extends AsyncListener> T createListener(Class<T> type) throws ServletException {
			return this.container.createListener(type);
		}

		@Override
		public void setTimeout(long timeout) {
			this.container.setTimeout(timeout);
		}

		@Override
		public long getTimeout() {
			return this.container.getTimeout();
		}

	}

	/**
	 * Passes a listener the container's events with the finishing context in place of the
	 * container's.
	 */
	private final class FinishingListener implements AsyncListener {

		private final AsyncListener listener;

		FinishingListener(AsyncListener listener) {
			this.listener = listener;
		}

		@Override
		public void onComplete(AsyncEvent event) throws IOException {
			this.listener.onComplete(finishing(event));
		}

		@Override
		public void onTimeout(AsyncEvent event) throws IOException {
			this.listener.onTimeout(finishing(event));
		}

		@Override
		public void onError(AsyncEvent event) throws IOException {
			this.listener.onError(finishing(event));
		}

		@Override
		public void onStartAsync(AsyncEvent event) throws IOException {
			this.listener.onStartAsync(finishing(event));
		}

		private AsyncEvent finishing(AsyncEvent event) {
			return new AsyncEvent(AsyncCompletionRequestWrapper.this.finishing(event.getAsyncContext()),
					event.getSuppliedRequest(), event.getSuppliedResponse(), event.getThrowable());
		}

	}

}
