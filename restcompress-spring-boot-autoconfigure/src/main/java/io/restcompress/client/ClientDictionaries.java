package io.restcompress.client;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import io.restcompress.codec.ContentDecoding;
import io.restcompress.dictionary.DictionaryCodings;
import io.restcompress.dictionary.DictionaryFields;
import io.restcompress.dictionary.DictionaryStore;
import io.restcompress.dictionary.MatchPattern;
import io.restcompress.dictionary.StoredDictionary;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * The client side of RFC 9842 that both clients share: keeps the bodies of {@code 200}
 * responses that carry {@code Use-As-Dictionary} (as they are read to the end, within the
 * size limit) under the origin of the request, and offers the best one of the same origin to a
 * later request whose path its pattern matches: {@code Available-Dictionary},
 * {@code Dictionary-ID} and {@code dcz} (and {@code dcb} with brotli) first in
 * {@code Accept-Encoding}. Dictionaries advertised
 * with {@code Link: rel="compression-dictionary"} on the same origin are fetched in the
 * background with the JDK's HTTP client. Thread-safe.
 */
final class ClientDictionaries {

	static final int MAX_QUEUED_FETCHES = 16;

	private static final int MAX_REMEMBERED_LINKS = 256;

	private static final Duration DEFAULT_FETCH_TIMEOUT = Duration.ofSeconds(30);

	private final DictionaryStore store;

	private final DictionaryCodings codings;

	private final List<DictionaryCodings.Coding> offered;

	private final String acceptEncodingPrefix;

	private final long maxSize;

	private final Set<String> requested = ConcurrentHashMap.newKeySet();

	private final ThreadPoolExecutor fetcher = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS,
			new ArrayBlockingQueue<>(MAX_QUEUED_FETCHES), (task) -> {
				Thread thread = new Thread(task, "restcompress-dictionary-fetch");
				thread.setDaemon(true);
				return thread;
			});

	private final Duration fetchTimeout;

	private volatile @Nullable HttpClient http;

	/**
	 * @param store where dictionaries are kept
	 * @param codings the codings that decode {@code dcz} and, with brotli, {@code dcb}
	 * @param maxSize the largest body kept as a dictionary
	 */
	ClientDictionaries(DictionaryStore store, DictionaryCodings codings, long maxSize) {
		this(store, codings, maxSize, DEFAULT_FETCH_TIMEOUT);
	}

	/**
	 * @param store where dictionaries are kept
	 * @param codings the codings that decode {@code dcz} and, with brotli, {@code dcb}
	 * @param maxSize the largest body kept as a dictionary
	 * @param fetchTimeout the longest a linked dictionary's fetch takes, body included
	 */
	ClientDictionaries(DictionaryStore store, DictionaryCodings codings, long maxSize, Duration fetchTimeout) {
		this.fetchTimeout = fetchTimeout;
		this.store = store;
		this.codings = codings;
		this.offered = codings.available(List.of(DictionaryCodings.Coding.values()));
		this.acceptEncodingPrefix = String.join(", ",
				this.offered.stream().map(DictionaryCodings.Coding::token).toList()) + ", ";
		this.maxSize = maxSize;
		this.fetcher.allowCoreThreadTimeOut(true);
	}

	/**
	 * Creates the dictionaries of a client, decoding {@code dcz} with its zstd codec and
	 * {@code dcb} with its brotli codec, if it has one.
	 * @param store where dictionaries are kept
	 * @param codecs the client's codecs
	 * @return the dictionaries
	 */
	static ClientDictionaries of(DictionaryStore store, ContentCodecs codecs) {
		return new ClientDictionaries(store, DictionaryCodings.of(codecs), store.maxSize());
	}

	/**
	 * Adds the fields that offer a dictionary to a request, if one of its origin applies.
	 * @param uri the request URI
	 * @param headers the request's headers, which already carry {@code Accept-Encoding}
	 * @return the codings that decode a {@code dcz} or {@code dcb} answer, empty if nothing was
	 * offered
	 */
	List<ContentCodec> offer(URI uri, HttpHeaders headers) {
		StoredDictionary dictionary = this.store.best(OriginCache.origin(uri), path(uri));
		if (dictionary == null) {
			return List.of();
		}
		headers.set(HttpHeaders.ACCEPT_ENCODING, this.acceptEncodingPrefix + headers.getFirst(HttpHeaders.ACCEPT_ENCODING));
		headers.set(DictionaryFields.AVAILABLE_DICTIONARY, DictionaryFields.availableDictionary(dictionary.hash()));
		if (!dictionary.id().isEmpty()) {
			headers.set(DictionaryFields.DICTIONARY_ID, DictionaryFields.dictionaryId(dictionary.id()));
		}
		return this.codings.of(dictionary, this.offered);
	}

	/**
	 * Removes the fields that offer a dictionary from a request that a redirect sends to
	 * another origin: a dictionary is offered only to the origin that sent it.
	 * @param headers the request's headers, changed in place
	 */
	static void withdrawOffer(HttpHeaders headers) {
		headers.remove(DictionaryFields.AVAILABLE_DICTIONARY);
		headers.remove(DictionaryFields.DICTIONARY_ID);
	}

	/**
	 * Returns what a response announces as a dictionary to keep, or {@code null}.
	 * @param status the status code
	 * @param headers the response headers
	 * @return the pattern and identifier, or {@code null} for none usable
	 */
	@Nullable Announced announced(int status, HttpHeaders headers) {
		if (status != 200) {
			return null;
		}
		DictionaryFields.Announcement announcement = DictionaryFields
			.parseUseAsDictionary(headers.getFirst(DictionaryFields.USE_AS_DICTIONARY));
		if (announcement == null) {
			return null;
		}
		try {
			return new Announced(MatchPattern.of(announcement.match()), announcement.id());
		}
		catch (IllegalArgumentException ex) {
			// another origin's URL, or pattern syntax this implementation does not match
			return null;
		}
	}

	/**
	 * Returns a stream that keeps the decoded body as a dictionary of the request's origin
	 * once it has been read to its end, unless it grew over the limit. The end of a body of
	 * known length is its last byte: Spring's byte array and string converters read that many
	 * bytes and never read the end of the stream.
	 * @param decoded the decoded body
	 * @param uri the request URI
	 * @param announced what the response announced
	 * @param length the body's length, or {@code -1} if unknown
	 * @return the stream to read instead
	 */
	InputStream keeping(InputStream decoded, URI uri, Announced announced, long length) {
		return new KeepingInputStream(decoded, OriginCache.origin(uri), announced, length);
	}

	/**
	 * Fetches, in the background, the dictionaries a response advertises with
	 * {@code Link: <url>; rel="compression-dictionary"} on the same origin, once per URL (up to
	 * {@value #MAX_REMEMBERED_LINKS} URLs remembered), one at a time, with at most
	 * {@value #MAX_QUEUED_FETCHES} waiting; more are dropped, and so is a fetch that failed
	 * (an error or the timeout), to be fetched when advertised again. A fetched response is
	 * kept as any other: a {@code 200} with {@code Use-As-Dictionary}, at most the largest
	 * dictionary.
	 * @param uri the request URI
	 * @param headers the response headers
	 */
	void followLinks(URI uri, HttpHeaders headers) {
		for (URI target : sameOriginLinks(uri, headers)) {
			if (this.requested.size() >= MAX_REMEMBERED_LINKS) {
				this.requested.clear();
			}
			if (this.requested.add(target.toString())) {
				try {
					this.fetcher.execute(() -> fetch(target));
				}
				catch (RejectedExecutionException ex) {
					this.requested.remove(target.toString());
				}
			}
		}
	}

	/**
	 * Stops fetching linked dictionaries: the fetch in progress is interrupted, those waiting
	 * are dropped, and later links are ignored.
	 */
	void close() {
		this.fetcher.shutdownNow();
	}

	/**
	 * Returns the dictionaries a response advertises on the origin of its request.
	 */
	static List<URI> sameOriginLinks(URI uri, HttpHeaders headers) {
		List<URI> targets = new ArrayList<>();
		for (String link : DictionaryFields.compressionDictionaryLinks(headers.getOrEmpty(HttpHeaders.LINK))) {
			try {
				URI target = uri.resolve(link);
				if (OriginCache.origin(target).equals(OriginCache.origin(uri))) {
					targets.add(target);
				}
			}
			catch (IllegalArgumentException ex) {
				// not a URI reference: nothing to fetch
			}
		}
		return targets;
	}

	/**
	 * Fetches one linked dictionary, within the fetch timeout from the request to the body's
	 * last byte: an origin that stalls part-way is given up on, so that it cannot hold the one
	 * fetching thread, and with it every other origin's dictionaries.
	 */
	private void fetch(URI target) {
		HttpRequest request = HttpRequest.newBuilder(target)
			.header(HttpHeaders.ACCEPT_ENCODING, "identity")
			.timeout(this.fetchTimeout)
			.build();
		CompletableFuture<HttpResponse<@Nullable Kept>> exchange = http().sendAsync(request, this::keeping);
		try {
			Kept kept = exchange.get(this.fetchTimeout.toMillis(), TimeUnit.MILLISECONDS).body();
			if (kept != null) {
				this.store.store(OriginCache.origin(target), kept.content(), kept.announced().match(),
						kept.announced().id());
			}
		}
		catch (ExecutionException | TimeoutException ex) {
			exchange.cancel(true);
			this.requested.remove(target.toString());
		}
		catch (InterruptedException ex) {
			exchange.cancel(true);
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Keeps the body of an announced dictionary up to the largest size, and discards any other.
	 */
	private BodySubscriber<@Nullable Kept> keeping(ResponseInfo info) {
		HttpHeaders headers = new HttpHeaders();
		info.headers().map().forEach(headers::addAll);
		Announced announced = !ContentDecoding.isEncoded(headers.getOrEmpty(HttpHeaders.CONTENT_ENCODING))
				? announced(info.statusCode(), headers) : null;
		if (announced == null) {
			return BodySubscribers.replacing(null);
		}
		return BodySubscribers.mapping(new Bounded(this.maxSize),
				(content) -> (content != null) ? new Kept(content, announced) : null);
	}

	/**
	 * Collects a body of at most {@code maxSize} bytes, or gives {@code null} and cancels the
	 * rest once it is larger.
	 */
	private static final class Bounded implements BodySubscriber<byte @Nullable []> {

		private final long maxSize;

		private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

		private final CompletableFuture<byte @Nullable []> body = new CompletableFuture<>();

		private Flow.@Nullable Subscription subscription;

		Bounded(long maxSize) {
			this.maxSize = maxSize;
		}

		@Override
		public CompletionStage<byte @Nullable []> getBody() {
			return this.body;
		}

		@Override
		public void onSubscribe(Flow.Subscription subscription) {
			this.subscription = subscription;
			subscription.request(Long.MAX_VALUE);
		}

		@Override
		public void onNext(List<ByteBuffer> buffers) {
			for (ByteBuffer buffer : buffers) {
				if (this.body.isDone()) {
					return;
				}
				if (this.bytes.size() + (long) buffer.remaining() > this.maxSize) {
					this.body.complete(null);
					if (this.subscription != null) {
						this.subscription.cancel();
					}
					return;
				}
				byte[] chunk = new byte[buffer.remaining()];
				buffer.get(chunk);
				this.bytes.write(chunk, 0, chunk.length);
			}
		}

		@Override
		public void onError(Throwable ex) {
			this.body.completeExceptionally(ex);
		}

		@Override
		public void onComplete() {
			this.body.complete(this.bytes.toByteArray());
		}

	}

	/**
	 * A dictionary's body, as fetched.
	 *
	 * @param content the body
	 * @param announced how it was announced
	 */
	private record Kept(byte[] content, Announced announced) {

	}

	private HttpClient http() {
		HttpClient client = this.http;
		if (client == null) {
			client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
			this.http = client;
		}
		return client;
	}

	private static String path(URI uri) {
		String path = uri.getRawPath();
		return (path == null || path.isEmpty()) ? "/" : path;
	}

	/**
	 * A dictionary a response announced.
	 *
	 * @param match the paths it applies to
	 * @param id its identifier
	 */
	record Announced(MatchPattern match, String id) {

	}

	private final class KeepingInputStream extends FilterInputStream {

		private final String origin;

		private final Announced announced;

		private final long length;

		private @Nullable ByteArrayOutputStream copy = new ByteArrayOutputStream();

		KeepingInputStream(InputStream in, String origin, Announced announced, long length) {
			super(in);
			this.origin = origin;
			this.announced = announced;
			this.length = length;
		}

		@Override
		public int read() throws IOException {
			byte[] single = new byte[1];
			return (read(single, 0, 1) == -1) ? -1 : single[0] & 0xFF;
		}

		@Override
		public int read(byte[] bytes, int offset, int length) throws IOException {
			int n = this.in.read(bytes, offset, length);
			ByteArrayOutputStream copying = this.copy;
			if (copying == null) {
				return n;
			}
			if (n == -1) {
				keep(copying);
			}
			else if (copying.size() + (long) n > ClientDictionaries.this.maxSize) {
				this.copy = null;
			}
			else {
				copying.write(bytes, offset, n);
				if (copying.size() == this.length) {
					keep(copying);
				}
			}
			return n;
		}

		private void keep(ByteArrayOutputStream copying) {
			this.copy = null;
			ClientDictionaries.this.store.store(this.origin, copying.toByteArray(), this.announced.match(),
					this.announced.id());
		}

		@Override
		public long skip(long n) throws IOException {
			this.copy = null;
			return this.in.skip(n);
		}

		@Override
		public boolean markSupported() {
			return false;
		}

	}

}
