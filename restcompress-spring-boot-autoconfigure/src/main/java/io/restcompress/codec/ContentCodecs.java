package io.restcompress.codec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The codecs an application has, in order of preference, looked up by token or alias.
 * Immutable and thread-safe.
 */
public final class ContentCodecs {

	private final List<ContentCodec> codecs;

	private final Map<String, ContentCodec> byToken;

	private final String tokens;

	private ContentCodecs(List<ContentCodec> codecs) {
		this.codecs = List.copyOf(codecs);
		Map<String, ContentCodec> byToken = new LinkedHashMap<>();
		for (ContentCodec codec : this.codecs) {
			if (byToken.containsValue(codec)) {
				throw new IllegalArgumentException("The codec for the coding '" + codec.coding() + "' is listed twice");
			}
			register(byToken, codec.coding(), codec);
			codec.aliases().forEach((alias) -> register(byToken, alias, codec));
		}
		this.byToken = Map.copyOf(byToken);
		this.tokens = this.codecs.stream().map(ContentCodec::coding).collect(Collectors.joining(", "));
	}

	private static void register(Map<String, ContentCodec> byToken, String token, ContentCodec codec) {
		ContentCodec previous = byToken.putIfAbsent(token.toLowerCase(Locale.ROOT), codec);
		if (previous != null && previous != codec) {
			throw new IllegalArgumentException("Two codecs for the coding '" + token + "'");
		}
	}

	/**
	 * Creates a registry of the given codecs.
	 * @param codecs the codecs, most preferred first
	 * @return the registry
	 */
	public static ContentCodecs of(Collection<? extends ContentCodec> codecs) {
		return new ContentCodecs(new ArrayList<>(codecs));
	}

	/**
	 * Creates a registry of the given codecs.
	 * @param codecs the codecs, most preferred first
	 * @return the registry
	 */
	public static ContentCodecs of(ContentCodec... codecs) {
		return new ContentCodecs(List.of(codecs));
	}

	/**
	 * Returns every codec, most preferred first.
	 * @return the codecs
	 */
	public List<ContentCodec> all() {
		return this.codecs;
	}

	/**
	 * Finds the codec for a coding token or alias, ignoring case.
	 * @param token the token
	 * @return the codec, or empty if none handles the token
	 */
	public Optional<ContentCodec> find(String token) {
		return Optional.ofNullable(this.byToken.get(token.toLowerCase(Locale.ROOT)));
	}

	/**
	 * Returns the codecs for the given tokens, in the order given.
	 * @param tokens coding tokens, most preferred first; empty for all codecs
	 * @return the codecs
	 * @throws IllegalArgumentException if a token names no codec
	 */
	public List<ContentCodec> inOrder(List<String> tokens) {
		if (tokens.isEmpty()) {
			return this.codecs;
		}
		List<ContentCodec> selected = new ArrayList<>(tokens.size());
		for (String token : tokens) {
			ContentCodec codec = find(token).orElseThrow(() -> new IllegalArgumentException(
					"Unknown content coding '" + token + "'; available: " + tokens()));
			if (!selected.contains(codec)) {
				selected.add(codec);
			}
		}
		return List.copyOf(selected);
	}

	/**
	 * Returns the tokens of every codec, most preferred first, as a field value such as
	 * {@code lzf, gzip, deflate}.
	 * @return the comma-separated tokens
	 */
	public String tokens() {
		return this.tokens;
	}

	@Override
	public String toString() {
		return "ContentCodecs[" + tokens() + "]";
	}

}
