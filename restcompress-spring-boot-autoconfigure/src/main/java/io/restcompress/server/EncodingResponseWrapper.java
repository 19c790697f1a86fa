package io.restcompress.server;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.ReentrantLock;

import io.restcompress.codec.CodecStreams;
import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.server.BodyOutcome;
import io.restcompress.internal.server.EncodingHeaders;
import io.restcompress.internal.server.ResponseBodyCopy;
import io.restcompress.internal.server.ResponseEncodingDecision;
import io.restcompress.internal.server.ResponseFields;
import io.restcompress.internal.server.VaryHeader;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import io.restcompress.metrics.SkipReason;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.ServletResponseWrapper;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Decides at the first write (or flush of a streamed response) whether the response is
 * encoded, holding at most the threshold's worth of bytes while the length is unknown, then
 * either passes the body through or encodes it as it is written. The body's writes, flushes and
 * end are serialized: an async response may be written by the application's thread while a
 * container thread ends it (a timeout, an error).
 */
final class EncodingResponseWrapper extends HttpServletResponseWrapper {

	private enum State {

		UNDECIDED, IDENTITY, ENCODING

	}

	private final HttpServletRequest request;

	private final CompressionExchange exchange;

	private final CompressionRecorder recorder;

	private final ResponseFields fields;

	private State state = State.UNDECIDED;

	private @Nullable ThresholdBuffer held;

	private long declaredLength = -1;

	private @Nullable ContentCodec coding;

	private @Nullable String originalEntityTag;

	private @Nullable ClientOutput client;

	private @Nullable EncoderTarget target;

	private @Nullable OutputStream encoder;

	private @Nullable BodyStream body;

	private @Nullable PrintWriter writer;

	private @Nullable BodyWriter bodyWriter;

	private boolean streamObtained;

	private boolean flushDeferred;

	private boolean flushesHonoured;

	private boolean finished;

	private boolean heldBodyDropped;

	private volatile @Nullable IOException failedWrite;

	private final BodyOutcome outcome;

	private final ReentrantLock bodyLock = new ReentrantLock();

	EncodingResponseWrapper(HttpServletRequest request, HttpServletResponse response, CompressionExchange exchange,
			CompressionRecorder recorder) {
		super(response);
		this.request = request;
		this.exchange = exchange;
		this.recorder = recorder;
		this.fields = new ServletResponseFields(response);
		this.outcome = new BodyOutcome(recorder);
	}

	@Override
	public ServletOutputStream getOutputStream() {
		if (this.writer != null) {
			throw new IllegalStateException("getWriter() has already been called for this response");
		}
		this.streamObtained = true;
		return body();
	}

	@Override
	public PrintWriter getWriter() throws IOException {
		if (this.writer == null) {
			if (this.streamObtained) {
				throw new IllegalStateException("getOutputStream() has already been called for this response");
			}
			String encoding = getCharacterEncoding();
			super.setCharacterEncoding(encoding);
			this.bodyWriter = new BodyWriter(body(), Charset.forName(encoding));
			this.writer = new PrintWriter(this.bodyWriter);
		}
		return this.writer;
	}

	/**
	 * Keeps the writer's charset once there is a writer, as the container does: the charset of
	 * a later content type, character encoding or locale is ignored.
	 */
	@Override
	public void setCharacterEncoding(@Nullable String charset) {
		if (this.bodyWriter == null) {
			super.setCharacterEncoding(charset);
		}
	}

	@Override
	public void setContentType(@Nullable String type) {
		super.setContentType(type);
		keepWriterCharset();
	}

	@Override
	public void setLocale(Locale locale) {
		super.setLocale(locale);
		keepWriterCharset();
	}

	private void keepWriterCharset() {
		if (this.bodyWriter != null) {
			super.setCharacterEncoding(this.bodyWriter.charset().name());
		}
	}

	private BodyStream body() {
		if (this.body == null) {
			this.body = new BodyStream();
		}
		return this.body;
	}

	@Override
	public void setContentLength(int length) {
		setContentLengthLong(length);
	}

	@Override
	public void setContentLengthLong(long length) {
		switch (this.state) {
			case UNDECIDED -> this.declaredLength = length;
			case IDENTITY -> super.setContentLengthLong(length);
			case ENCODING -> {
				// the encoded length is not known in advance
			}
		}
	}

	@Override
	public void setHeader(String name, @Nullable String value) {
		if (this.state != State.IDENTITY && HttpHeaders.CONTENT_LENGTH.equalsIgnoreCase(name)) {
			setContentLengthLong((value != null) ? parseLength(value) : -1);
		}
		else if (HttpHeaders.VARY.equalsIgnoreCase(name) && !this.exchange.keptInVary().isEmpty()) {
			List<String> lines = VaryHeader.keeping((value != null) ? List.of(value) : List.of(),
					this.exchange.keptInVary());
			super.setHeader(name, String.join(", ", lines));
		}
		else {
			super.setHeader(name, encodedEntityTag(name, value));
		}
	}

	@Override
	public void addHeader(String name, @Nullable String value) {
		if (this.state != State.IDENTITY && HttpHeaders.CONTENT_LENGTH.equalsIgnoreCase(name)) {
			setContentLengthLong((value != null) ? parseLength(value) : -1);
		}
		else {
			super.addHeader(name, encodedEntityTag(name, value));
		}
	}

	@Override
	public void setIntHeader(String name, int value) {
		if (this.state != State.IDENTITY && HttpHeaders.CONTENT_LENGTH.equalsIgnoreCase(name)) {
			setContentLengthLong(value);
		}
		else {
			super.setIntHeader(name, value);
		}
	}

	@Override
	public void addIntHeader(String name, int value) {
		setIntHeader(name, value);
	}

	private @Nullable String encodedEntityTag(String name, @Nullable String value) {
		if (this.state == State.ENCODING && value != null && HttpHeaders.ETAG.equalsIgnoreCase(name)) {
			return EncodingHeaders.entityTag(value, this.coding);
		}
		return value;
	}

	private static long parseLength(String value) {
		try {
			return Long.parseLong(value.trim());
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	@Override
	public void setStatus(int status) {
		this.exchange.statusSet(status, this.fields);
		super.setStatus(status);
	}

	@Override
	public void sendError(int status, String message) throws IOException {
		this.bodyLock.lock();
		try {
			this.exchange.statusSet(status, this.fields);
			abandonBody();
			super.sendError(status, message);
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	@Override
	public void sendError(int status) throws IOException {
		this.bodyLock.lock();
		try {
			this.exchange.statusSet(status, this.fields);
			abandonBody();
			super.sendError(status);
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	@Override
	public void sendRedirect(String location) throws IOException {
		sendRedirect(location, SC_FOUND, true);
	}

	@Override
	public void sendRedirect(String location, int status) throws IOException {
		sendRedirect(location, status, true);
	}

	@Override
	public void sendRedirect(String location, boolean clearBuffer) throws IOException {
		sendRedirect(location, SC_FOUND, clearBuffer);
	}

	/**
	 * Sends a redirect. One that keeps the buffer keeps the body written so far: it is ended
	 * first, as the end of the request would end it, decided for the redirect's status. Ending
	 * it may commit the response (a body larger than the container's buffer), so the status
	 * and {@code Location} are set before; the container's redirect, which may make the
	 * location absolute, follows when the response is still open.
	 */
	@Override
	public void sendRedirect(String location, int status, boolean clearBuffer) throws IOException {
		if (!clearBuffer) {
			if (isCommitted()) {
				throw new IllegalStateException("Cannot send a redirect: the response is already committed");
			}
			setStatus(status);
			setHeader(HttpHeaders.LOCATION, location);
			finish();
			if (!getResponse().isCommitted()) {
				super.sendRedirect(location, status, false);
			}
			return;
		}
		this.bodyLock.lock();
		try {
			this.exchange.statusSet(status, this.fields);
			abandonBody();
			super.sendRedirect(location, status, true);
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	@Override
	public void reset() {
		this.bodyLock.lock();
		try {
			super.reset();
			resetBodyCopy();
			discardEncoder();
			this.state = State.UNDECIDED;
			this.held = null;
			this.declaredLength = -1;
			discardPendingCharacters();
			this.writer = null;
			this.bodyWriter = null;
			this.streamObtained = false;
			this.flushDeferred = false;
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	@Override
	public void resetBuffer() {
		this.bodyLock.lock();
		try {
			super.resetBuffer();
			resetBodyCopy();
			discardPendingCharacters();
			if (this.state == State.ENCODING) {
				dropEncoding();
				this.state = State.UNDECIDED;
			}
			if (this.held != null) {
				this.held.clear();
			}
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	private void discardPendingCharacters() {
		if (this.bodyWriter != null) {
			this.bodyWriter.discardPending();
		}
	}

	private void resetBodyCopy() {
		ResponseBodyCopy copy = this.exchange.bodyCopy();
		if (copy != null) {
			copy.reset();
		}
	}

	@Override
	public void flushBuffer() throws IOException {
		if (this.writer != null) {
			this.writer.flush();
		}
		this.bodyLock.lock();
		try {
			flushBody();
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	/**
	 * Completes the response once the application is done with it (it closed the body's
	 * stream, or the request ended): decides if nothing has yet, writes what is held back and
	 * finishes the encoder. After that a flush does nothing (Spring MVC flushes a
	 * {@code StreamingResponseBody} after the application closed it). A write to an encoded
	 * body fails, as the encoder's frame has ended; a write to an identity body goes to the
	 * container's stream, which decides what a write after the end does.
	 */
	void finish() throws IOException {
		if (this.writer != null) {
			this.writer.flush();
		}
		this.bodyLock.lock();
		try {
			if (this.finished) {
				return;
			}
			if (this.state == State.UNDECIDED) {
				if (this.held != null) {
					identity(SkipReason.BELOW_THRESHOLD,
							(this.declaredLength >= 0) ? this.declaredLength : this.held.size());
					writeHeld();
				}
				else {
					finishWithoutBody();
				}
			}
			if (this.state == State.ENCODING && this.encoder != null) {
				OutputStream finishing = this.encoder;
				this.encoder = null;
				finishing.close();
			}
			if (this.state == State.ENCODING && this.exchange.isHead() && containerGivesEndedResponsesTheirLength()) {
				commitWithoutLength();
			}
			this.finished = true;
			this.outcome.written();
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	/**
	 * Finishes the body of an asynchronous request that the container completes, unless
	 * writing it failed or something finished it already ({@link #finish()} does nothing
	 * then): the application completed it without a dispatch back through the filter
	 * ({@code AsyncContext.complete()} from its own thread), so the end of its body is seen
	 * only here, before the container ends the response.
	 * @throws IOException if writing the rest of the body fails
	 */
	void finishUnfinished() throws IOException {
		if (this.failedWrite == null) {
			finish();
		}
	}

	/**
	 * Ends a response whose exchange the container reports as failed: an I/O error after the
	 * body was begun (a reset HTTP/2 stream, a closed connection, which Spring MVC reports to
	 * an async handler without passing its further writes on) means that its client went away.
	 * @param ex what the container reports
	 */
	void containerFailed(@Nullable Throwable ex) {
		this.bodyLock.lock();
		try {
			if (ex instanceof IOException failure && (this.state != State.UNDECIDED || this.held != null)) {
				clientGone(failure);
			}
			else {
				failed();
			}
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	/**
	 * Ends a response that failed for a reason of its own, so that an I/O error reported
	 * later does not count it as cut short by its client.
	 */
	void failed() {
		this.outcome.failed();
	}

	private void clientGone(IOException ex) {
		this.outcome.clientGone(() -> this.request.getRequestURI() + ": " + ex);
	}

	/**
	 * Counts the client as gone when writing to it failed, as soon as it failed: the
	 * application may swallow the exception, or Spring MVC turn it into one that ends an async
	 * exchange without another dispatch.
	 */
	private void writeFailed(IOException ex) {
		if (this.failedWrite == null) {
			this.failedWrite = ex;
		}
		clientGone(ex);
	}

	/**
	 * Gives up the body for the problem response to a request body that could not be read,
	 * which goes out as it is and, like the {@code 415} written before the application runs,
	 * is counted as a rejected request body only.
	 */
	void refuse() {
		this.bodyLock.lock();
		try {
			abandonBody();
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	/**
	 * Gives up the body of a response whose handler failed before the response was committed,
	 * for the error page the container writes in its place: an encoding already chosen is
	 * dropped with its header fields, as for {@code sendError}.
	 */
	void failedUncommitted() {
		this.bodyLock.lock();
		try {
			if (!isCommitted()) {
				abandonBody();
			}
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	/**
	 * Releases the encoder of a response that will not complete normally, and ends its body:
	 * the application's later writes to an encoded body, or to one not yet decided (whose held
	 * bytes are dropped, and for which no encoder is taken that nothing would release), fail as
	 * after its end, so that a client still there never gets a body missing its start; flushes
	 * do nothing.
	 */
	void abandon() {
		this.bodyLock.lock();
		try {
			if (this.state == State.UNDECIDED) {
				discardPendingCharacters();
				this.heldBodyDropped = this.held != null && this.held.size() > 0;
				this.held = null;
				this.state = State.IDENTITY;
			}
			this.finished = true;
			discardEncoder();
		}
		finally {
			this.bodyLock.unlock();
		}
	}

	/**
	 * Sends the header fields of a {@code HEAD} whose {@code GET} would be encoded on a container
	 * that would give a response it ends uncommitted the length of the (empty) body written,
	 * which is not the length of the encoded representation. Header fields that filters outside
	 * this one set after the chain then miss the {@code HEAD} there.
	 */
	private void commitWithoutLength() {
		try {
			getResponse().flushBuffer();
		}
		catch (IOException ex) {
			clientGone(ex);
		}
	}

	/**
	 * Whether the container sets the {@code Content-Length} of a response it ends uncommitted
	 * to the bytes written, also for a {@code HEAD}: Jetty does, Tomcat does not. Told by the
	 * container's own response object, not by its server info, which an application may change.
	 */
	private boolean containerGivesEndedResponsesTheirLength() {
		ServletResponse container = getResponse();
		while (container instanceof ServletResponseWrapper wrapper) {
			container = wrapper.getResponse();
		}
		return container.getClass().getName().startsWith("org.eclipse.jetty.");
	}

	/**
	 * Completes a response with no body written: a {@code 304} gets the {@code Vary} and entity
	 * tag of the {@code 200} it validates, a {@code HEAD} the header fields of its {@code GET},
	 * and a protocol switch (a WebSocket handshake's {@code 101}), which is no response body
	 * sent without a coding, nothing, not even a count.
	 */
	private void finishWithoutBody() {
		int status = getStatus();
		if (status == HttpServletResponse.SC_SWITCHING_PROTOCOLS) {
			this.state = State.IDENTITY;
			return;
		}
		if (status == HttpServletResponse.SC_NOT_MODIFIED) {
			EncodingHeaders.applyToNotModified(this.exchange.decideNotModified(this.fields), this.fields,
					this.exchange.ifNoneMatch());
			skipped(this.exchange.ineligibility(status, this.fields));
			return;
		}
		long length = Math.max(this.declaredLength, 0);
		ResponseEncodingDecision decision = this.exchange.decide(status, this.fields, length);
		if (this.exchange.isHead()) {
			EncodingHeaders.apply(decision, this.fields);
			if (decision.encodes()) {
				this.state = State.ENCODING;
				this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.STATUS_OR_METHOD);
				return;
			}
		}
		identity(decision.skipReason(), this.declaredLength);
	}

	/**
	 * Gives up the body for an error or a redirect, whose body the container writes: an
	 * encoding already chosen is dropped with its header fields.
	 */
	private void abandonBody() {
		if (isCommitted()) {
			throw new IllegalStateException("Cannot send an error or a redirect: the response is already committed");
		}
		if (this.state == State.ENCODING) {
			dropEncoding();
		}
		discardPendingCharacters();
		this.held = null;
		this.state = State.IDENTITY;
	}

	private void dropEncoding() {
		discardEncoder();
		EncodingHeaders.withdraw(this.fields, this.originalEntityTag);
	}

	private void discardEncoder() {
		if (this.encoder != null) {
			OutputStream discarded = this.encoder;
			this.encoder = null;
			if (this.target != null) {
				this.target.discard();
			}
			this.outcome.discarded();
			try {
				discarded.close();
			}
			catch (IOException ex) {
				// the bytes are discarded; closing only releases the codec
			}
		}
	}

	private void write(byte[] bytes, int offset, int length) throws IOException {
		ResponseBodyCopy copy = this.exchange.bodyCopy();
		if (copy != null) {
			copy.write(bytes, offset, length);
		}
		try {
			writeBody(bytes, offset, length);
		}
		catch (IOException ex) {
			this.exchange.dropBodyCopy();
			throw ex;
		}
	}

	/**
	 * How writing or flushing this response's body to the client failed, if it did: the
	 * client went away, already counted (the container drops what is written after that).
	 * @return the failure, or {@code null}
	 */
	@Nullable IOException failedWrite() {
		return this.failedWrite;
	}

	private void writeBody(byte[] bytes, int offset, int length) throws IOException {
		if (this.finished) {
			if (this.state == State.ENCODING) {
				throw new IOException("The encoded response body has already ended");
			}
			if (this.heldBodyDropped) {
				throw new IOException("The response body has already ended: the exchange was abandoned");
			}
			client().write(bytes, offset, length);
			return;
		}
		if (this.flushDeferred) {
			this.flushDeferred = false;
			if (this.state != State.UNDECIDED) {
				this.flushesHonoured = true;
				decidedStream().flush();
			}
		}
		if (this.state == State.UNDECIDED) {
			if (this.held == null && !startBody()) {
				decidedStream().write(bytes, offset, length);
				return;
			}
			if (this.declaredLength >= 0 && this.held.size() + length > this.declaredLength) {
				// a length the body outgrows was declared for a part of it: a servlet included in
				// the page declares its fragment's, which the container ignores
				this.declaredLength = -1;
			}
			if (this.held.hold(bytes, offset, length)) {
				return;
			}
			decide(-1);
			writeHeld();
		}
		decidedStream().write(bytes, offset, length);
	}

	/**
	 * Decides when the first bytes are written, or returns {@code false} to hold the body back
	 * until its size is known.
	 */
	private boolean startBody() throws IOException {
		if (this.declaredLength >= 0) {
			decide(this.declaredLength);
			return false;
		}
		SkipReason reason = this.exchange.ineligibility(getStatus(), this.fields);
		if (reason != null) {
			identity(reason, this.declaredLength);
			return false;
		}
		this.held = new ThresholdBuffer((int) this.exchange.minResponseSize());
		return true;
	}

	private void writeHeld() throws IOException {
		ThresholdBuffer releasing = this.held;
		this.held = null;
		releasing.drainTo(decidedStream());
	}

	private OutputStream decidedStream() throws IOException {
		return (this.state == State.ENCODING) ? this.encoder : client();
	}

	private ClientOutput client() throws IOException {
		if (this.client == null) {
			this.client = new ClientOutput(super.getOutputStream(), this::writeFailed);
		}
		return this.client;
	}

	private void flushClient() throws IOException {
		try {
			super.flushBuffer();
		}
		catch (IOException ex) {
			writeFailed(ex);
			throw ex;
		}
	}

	/**
	 * Flushes a streamed (async) response at once, and a synchronous one that is not encoded.
	 * A synchronous response that is encoded flushes only once more body follows, or at the
	 * end of the request: Spring MVC flushes after every whole body, and flushing then would
	 * commit the response in chunked framing, the encoder's block and the frame's end each in a
	 * write of its own, where a body that fits the container's buffer could go out in one with
	 * its {@code Content-Length}. Before the decision a synchronous flush does nothing, so that
	 * it does not decide early.
	 */
	private void flushBody() throws IOException {
		if (this.finished) {
			return;
		}
		boolean synchronous = !this.request.isAsyncStarted();
		if (synchronous && this.state == State.UNDECIDED) {
			return;
		}
		if (synchronous && this.state == State.ENCODING && !this.flushesHonoured) {
			this.flushDeferred = true;
			return;
		}
		if (this.state == State.UNDECIDED) {
			if (this.held != null) {
				decide(-1);
				writeHeld();
			}
			else if (startBody()) {
				this.held = null;
				decide(-1);
			}
		}
		if (this.state == State.ENCODING) {
			this.encoder.flush();
		}
		else {
			flushClient();
		}
	}

	private void identity(@Nullable SkipReason reason, long contentLength) {
		this.state = State.IDENTITY;
		skipped(reason);
		if (reason == SkipReason.STATUS_OR_METHOD) {
			this.exchange.varyPartialContent(getStatus(), this.fields);
		}
		if (contentLength >= 0) {
			super.setContentLengthLong(contentLength);
		}
	}

	private void skipped(@Nullable SkipReason reason) {
		this.recorder.skipped(Side.SERVER, Direction.RESPONSE, (reason != null) ? reason : SkipReason.STATUS_OR_METHOD);
	}

	/**
	 * Decides for a body whose rules 1 to 4 hold, once its length is known ({@code -1} when a
	 * flush or the threshold decided first), and applies the decision's header fields.
	 */
	private void decide(long identityLength) throws IOException {
		ResponseEncodingDecision decision = this.exchange.decide(getStatus(), this.fields, identityLength);
		this.originalEntityTag = getHeader(HttpHeaders.ETAG);
		EncodingHeaders.apply(decision, this.fields);
		ContentCodec codec = decision.codec();
		if (codec == null) {
			identity(decision.skipReason(), this.declaredLength);
			return;
		}
		this.state = State.ENCODING;
		this.coding = codec;
		if (this.exchange.isHead()) {
			this.recorder.skipped(Side.SERVER, Direction.RESPONSE, SkipReason.STATUS_OR_METHOD);
			this.encoder = OutputStream.nullOutputStream();
			return;
		}
		EncoderTarget encoded = new EncoderTarget(client());
		this.target = encoded;
		this.outcome.encoding(codec.coding(), decision.feedback());
		this.encoder = CodecStreams.measuredEncoder(codec, encoded, this.outcome);
	}

	private final class BodyStream extends ServletOutputStream {

		private final byte[] single = new byte[1];

		@Override
		public void write(int b) throws IOException {
			this.single[0] = (byte) b;
			write(this.single, 0, 1);
		}

		@Override
		public void write(byte[] bytes, int offset, int length) throws IOException {
			if (length > 0) {
				EncodingResponseWrapper.this.bodyLock.lock();
				try {
					EncodingResponseWrapper.this.write(bytes, offset, length);
				}
				finally {
					EncodingResponseWrapper.this.bodyLock.unlock();
				}
			}
		}

		@Override
		public void flush() throws IOException {
			EncodingResponseWrapper.this.bodyLock.lock();
			try {
				flushBody();
			}
			finally {
				EncodingResponseWrapper.this.bodyLock.unlock();
			}
		}

		@Override
		public void close() throws IOException {
			finish();
			EncodingResponseWrapper.this.bodyLock.lock();
			try {
				client().close();
			}
			finally {
				EncodingResponseWrapper.this.bodyLock.unlock();
			}
		}

		@Override
		public boolean isReady() {
			return true;
		}

		@Override
		public void setWriteListener(WriteListener listener) {
			throw new UnsupportedOperationException("Non-blocking writes of an encoded response are not supported");
		}

	}

}
