package io.restcompress.internal.server;

import java.util.function.Supplier;

import io.restcompress.codec.CodecStreams;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * How one response body ended, recorded once, by the servlet and the reactive server alike:
 * an encoded body as encoded once the encoder has finished and the server has written all of
 * it; any body, encoded or not, as aborted when its client went away first; a body that failed
 * for a reason of the server's neither way. A body starts as identity; the decision to encode
 * it names its coding.
 */
public final class BodyOutcome implements CodecStreams.Completion {

	private static final Log logger = LogFactory.getLog(BodyOutcome.class);

	private static final String IDENTITY = "identity";

	private final CompressionRecorder recorder;

	private String coding = IDENTITY;

	private CodecStreams.@Nullable Completion feedback;

	private long identityBytes = -1;

	private long encodedBytes;

	private long codecNanos;

	private boolean ended;

	/**
	 * Creates the outcome of an identity body, until {@link #encoding} says otherwise.
	 * @param recorder where it is recorded
	 */
	public BodyOutcome(CompressionRecorder recorder) {
		this.recorder = recorder;
	}

	/**
	 * The body is encoded in {@code coding}; its encoder reports to {@link #completed}.
	 * @param coding the coding
	 * @param feedback told the body's sizes once it is written, if not {@code null}
	 */
	public synchronized void encoding(String coding, CodecStreams.@Nullable Completion feedback) {
		this.coding = coding;
		this.feedback = feedback;
		this.identityBytes = -1;
	}

	/**
	 * The encoded bytes so far were thrown away (the response was reset): the body is identity
	 * again until it is decided anew, and its encoder's completion is ignored.
	 */
	public synchronized void discarded() {
		this.coding = IDENTITY;
		this.feedback = null;
		this.identityBytes = -1;
	}

	/**
	 * The encoder has finished the body: its sizes are recorded once it has been written.
	 */
	@Override
	public synchronized void completed(long identityBytes, long encodedBytes, long codecNanos) {
		if (IDENTITY.equals(this.coding)) {
			return;
		}
		this.identityBytes = identityBytes;
		this.encodedBytes = encodedBytes;
		this.codecNanos = codecNanos;
	}

	/**
	 * The server has written the whole body.
	 */
	public void written() {
		String coding;
		CodecStreams.@Nullable Completion feedback;
		long identity;
		long encoded;
		long nanos;
		synchronized (this) {
			boolean first = !this.ended;
			this.ended = true;
			if (!first || this.identityBytes < 0) {
				return;
			}
			coding = this.coding;
			feedback = this.feedback;
			identity = this.identityBytes;
			encoded = this.encodedBytes;
			nanos = this.codecNanos;
		}
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, coding, identity, encoded, nanos);
		if (feedback != null) {
			feedback.completed(identity, encoded, nanos);
		}
	}

	/**
	 * The client went away before the body was written: counted as aborted, and logged at
	 * debug level only, since a client that leaves is not a server error.
	 * @param how how the server noticed, for the log
	 */
	public void clientGone(Supplier<String> how) {
		String coding;
		synchronized (this) {
			if (this.ended) {
				return;
			}
			this.ended = true;
			coding = this.coding;
		}
		this.recorder.aborted(Side.SERVER, Direction.RESPONSE, coding);
		if (logger.isDebugEnabled()) {
			logger.debug("Client went away before the " + coding + " response body was complete: " + how.get());
		}
	}

	/**
	 * The body failed for a reason of the server's: recorded neither way, also if its client
	 * is reported gone later.
	 */
	public synchronized void failed() {
		this.ended = true;
	}

}
