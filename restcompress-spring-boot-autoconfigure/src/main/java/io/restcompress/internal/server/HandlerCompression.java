package io.restcompress.internal.server;

import java.util.ArrayList;
import java.util.List;

import io.restcompress.codec.ContentCodec;
import org.jspecify.annotations.Nullable;

/**
 * Whether a handler's responses may be encoded, and with which codings.
 *
 * @param allowed whether responses may be encoded
 * @param codecs the codings to choose from, most preferred first, or {@code null} for the
 * server's order
 */
public record HandlerCompression(boolean allowed, @Nullable List<ContentCodec> codecs) {

	/** Responses are never encoded. */
	public static final HandlerCompression EXCLUDED = new HandlerCompression(false, null);

	/** Responses may be encoded with the server's codings. */
	public static final HandlerCompression SERVER_DEFAULTS = new HandlerCompression(true, null);

	/**
	 * Returns what the handler allows with codings added ahead of its own.
	 * @param first the codings to prefer, possibly empty
	 * @param serverCodecs the server's codings, which the handler uses if it names none
	 * @return what it allows, {@code this} when it allows nothing or nothing is added
	 */
	public HandlerCompression withFirst(List<ContentCodec> first, List<ContentCodec> serverCodecs) {
		if (!this.allowed || first.isEmpty()) {
			return this;
		}
		List<ContentCodec> all = new ArrayList<>(first);
		all.addAll((this.codecs != null) ? this.codecs : serverCodecs);
		return new HandlerCompression(true, List.copyOf(all));
	}

}
