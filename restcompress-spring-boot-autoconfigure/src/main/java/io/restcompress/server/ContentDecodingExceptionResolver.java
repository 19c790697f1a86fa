package io.restcompress.server;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.restcompress.codec.ContentDecodingException;

import org.jspecify.annotations.Nullable;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.util.WebUtils;

/**
 * Answers a handler that failed while reading an encoded request body with the 400 or 413
 * problem response the failure calls for, before Spring MVC would turn it into a generic
 * "message not readable" error. The response goes out unencoded and is not counted as a
 * response body: the failure is counted as a rejected request body.
 */
public class ContentDecodingExceptionResolver implements HandlerExceptionResolver {

	@Override
	public @Nullable ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response,
			@Nullable Object handler, Exception ex) {
		ContentDecodingException failure = ContentCodingFilter.decodingFailure(ex);
		if (failure == null || response.isCommitted()) {
			return null;
		}
		EncodingResponseWrapper encoding = WebUtils.getNativeResponse(response, EncodingResponseWrapper.class);
		if (encoding != null) {
			encoding.refuse();
		}
		try {
			ProblemResponses.decodingFailed(request, response, failure);
			return new ModelAndView();
		}
		catch (IOException writeFailure) {
			return null;
		}
	}

}
