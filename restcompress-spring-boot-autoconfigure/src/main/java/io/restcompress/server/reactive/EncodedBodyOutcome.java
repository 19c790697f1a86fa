package io.restcompress.server.reactive;

import java.nio.channels.ClosedChannelException;

import io.restcompress.codec.CodecStreams;
import io.restcompress.metrics.CompressionRecorder;
import io.restcompress.metrics.Direction;
import io.restcompress.metrics.Side;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.web.util.DisconnectedClientHelper;

/**
 * How one encoded response body ended, recorded once: as encoded once the encoder has finished
 * and the server has written all of it, as aborted when its client went away first (the server
 * cancelled the body, or writing it failed with a lost connection). A body that failed for a
 * reason of the server's is recorded neither way.
 */
final class EncodedBodyOutcome implements CodecStreams.Completion {

	private static final Log logger = LogFactory.getLog(EncodedBodyOutcome.class);

	private final CompressionRecorder recorder;

	private final String coding;

	private final CodecStreams.@Nullable Completion feedback;

	private long identityBytes = -1;

	private long encodedBytes;

	private long codecNanos;

	private boolean ended;

	EncodedBodyOutcome(CompressionRecorder recorder, String coding, CodecStreams.@Nullable Completion feedback) {
		this.recorder = recorder;
		this.coding = coding;
		this.feedback = feedback;
	}

	/**
	 * The encoder has finished the body: its sizes are recorded once it has been written.
	 */
	@Override
	public synchronized void completed(long identityBytes, long encodedBytes, long codecNanos) {
		this.identityBytes = identityBytes;
		this.encodedBytes = encodedBytes;
		this.codecNanos = codecNanos;
	}

	/**
	 * The server has written the body.
	 */
	synchronized void written() {
		if (this.ended || this.identityBytes < 0) {
			return;
		}
		this.ended = true;
		this.recorder.encoded(Side.SERVER, Direction.RESPONSE, this.coding, this.identityBytes, this.encodedBytes,
				this.codecNanos);
		if (this.feedback != null) {
			this.feedback.completed(this.identityBytes, this.encodedBytes, this.codecNanos);
		}
	}

	/**
	 * Writing the body failed.
	 * @param ex how
	 */
	void failed(Throwable ex) {
		if (DisconnectedClientHelper.isClientDisconnectedException(ex) || ex instanceof ClosedChannelException) {
			aborted(ex.toString());
		}
	}

	/**
	 * The client went away before the body was written.
	 * @param how how the server noticed
	 */
	void aborted(String how) {
		synchronized (this) {
			if (this.ended) {
				return;
			}
			this.ended = true;
		}
		this.recorder.aborted(Side.SERVER, Direction.RESPONSE, this.coding);
		if (logger.isDebugEnabled()) {
			logger.debug("Client went away before the " + this.coding + " response body was complete: " + how);
		}
	}

}
