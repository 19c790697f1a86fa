package io.restcompress.server;

import java.io.IOException;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

/**
 * Hands out an {@link AsyncContext} whose {@link AsyncContext#complete() complete()} finishes
 * the encoded body before the container ends the response: an application that completes an
 * asynchronous request from its own thread, without a dispatch back through the filter, would
 * otherwise leave the body's end unwritten. Tomcat tells its listeners of the completion
 * before it ends the response, but Jetty only after, when the bytes held below the threshold or
 * in the encoder can no longer be written.
 */
final class AsyncCompletionRequestWrapper extends HttpServletRequestWrapper {

	private final EncodingResponseWrapper encoding;

	AsyncCompletionRequestWrapper(HttpServletRequest request, EncodingResponseWrapper encoding) {
		super(request);
		this.encoding = encoding;
	}

	@Override
	public AsyncContext startAsync() {
		return new FinishingAsyncContext(super.startAsync(), this.encoding);
	}

	@Override
	public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
		return new FinishingAsyncContext(super.startAsync(request, response), this.encoding);
	}

	@Override
	public AsyncContext getAsyncContext() {
		return new FinishingAsyncContext(super.getAsyncContext(), this.encoding);
	}

	private record FinishingAsyncContext(AsyncContext delegate, EncodingResponseWrapper encoding)
			implements AsyncContext {

		@Override
		public void complete() {
			try {
				this.encoding.finishUnfinished();
			}
			catch (IOException | RuntimeException ex) {
				// the client went away (counted by the wrapper): the container still completes
			}
			this.delegate.complete();
		}

		@Override
		public ServletRequest getRequest() {
			return this.delegate.getRequest();
		}

		@Override
		public ServletResponse getResponse() {
			return this.delegate.getResponse();
		}

		@Override
		public boolean hasOriginalRequestAndResponse() {
			return this.delegate.hasOriginalRequestAndResponse();
		}

		@Override
		public void dispatch() {
			this.delegate.dispatch();
		}

		@Override
		public void dispatch(String path) {
			this.delegate.dispatch(path);
		}

		@Override
		public void dispatch(ServletContext context, String path) {
			this.delegate.dispatch(context, path);
		}

		@Override
		public void start(Runnable run) {
			this.delegate.start(run);
		}

		@Override
		public void addListener(AsyncListener listener) {
			this.delegate.addListener(listener);
		}

		@Override
		public void addListener(AsyncListener listener, ServletRequest request, ServletResponse response) {
			this.delegate.addListener(listener, request, response);
		}

		@Override
		public <T extends AsyncListener> T createListener(Class<T> type) throws ServletException {
			return this.delegate.createListener(type);
		}

		@Override
		public void setTimeout(long timeout) {
			this.delegate.setTimeout(timeout);
		}

		@Override
		public long getTimeout() {
			return this.delegate.getTimeout();
		}

	}

}
