package io.restcompress.client;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

import io.restcompress.codec.ContentCodec;
import io.restcompress.internal.SizeThreshold;
import io.restcompress.internal.reactive.StreamingEncoder;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpRequestDecorator;

/**
 * A WebClient request whose body is compressed, streaming, when the decision allows it and the
 * body reaches the threshold. To decide on a body of unknown length, at most the threshold
 * (plus the buffer that crosses it) is held before the headers go out. The codec actually used
 * is published to {@code used}, so that a {@code 415} can be told apart, and the body's length
 * is tallied, so that a resend can tell a body written again in full. The rest of the body
 * waits in {@link UnsentBody} for a connector that subscribes to it only after the write has
 * completed. Bodies written with
 * {@code writeAndFlushWith} (interactive streams) go out as they are.
 */
final class CompressingClientHttpRequest extends ClientHttpRequestDecorator {

	private final ClientCompression compression;

	private final RequestDecision decision;

	private final AtomicReference<ContentCodec> used;

	private final BodyTally tally;

	private final UnsentBody unsent;

	CompressingClientHttpRequest(ClientHttpRequest delegate, ClientCompression compression, RequestDecision decision,
			AtomicReference<ContentCodec> used, BodyTally tally, UnsentBody unsent) {
		super(delegate);
		this.compression = compression;
		this.decision = decision;
		this.used = used;
		this.tally = tally;
		this.unsent = unsent;
	}

	@Override
	public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
		long threshold = this.compression.minRequestSize();
		Flux<DataBuffer> counted = this.tally.counting(Flux.from(body));
		if (!this.decision.compresses()) {
			return super.writeWith(countedForSkip(counted));
		}
		long toDecide = SizeThreshold.bytesToDecide(threshold);
		return UnsentBody.releasing(Flux.defer(() -> counted.bufferUntil(thresholdReached(toDecide)))
			.switchOnFirst((first, all) -> {
				List<DataBuffer> head = first.get();
				long size = (head != null) ? totalSize(head) : 0;
				Flux<DataBuffer> buffers = this.unsent.hold(all);
				long length = (size < toDecide) ? size : getHeaders().getContentLength();
				RequestDecision sized = this.decision.forBody(length, threshold,
						getHeaders().getFirst(HttpHeaders.CONTENT_TYPE));
				ContentCodec codec = sized.codec();
				if (codec == null) {
					this.compression.requests().recordSentAsItIs(sized, size);
					return super.writeWith(buffers);
				}
				this.used.set(codec);
				getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
				getHeaders().set(HttpHeaders.CONTENT_ENCODING, codec.coding());
				return super.writeWith(StreamingEncoder.encode(buffers, codec, bufferFactory(),
						this.compression.encodedRecorder(sized, codec)));
			}, false))
			.then();
	}

	/**
	 * Records the skip of a body sent as it is once it ends, by the size the tally counted.
	 */
	private Flux<DataBuffer> countedForSkip(Flux<DataBuffer> counted) {
		return counted.doOnComplete(
				() -> this.compression.requests().recordSentAsItIs(this.decision, this.tally.written()));
	}

	private static Predicate<DataBuffer> thresholdReached(long threshold) {
		long[] size = new long[1];
		return (buffer) -> {
			size[0] += buffer.readableByteCount();
			return size[0] >= threshold;
		};
	}

	private static long totalSize(List<DataBuffer> buffers) {
		long size = 0;
		for (DataBuffer buffer : buffers) {
			size += buffer.readableByteCount();
		}
		return size;
	}

}
