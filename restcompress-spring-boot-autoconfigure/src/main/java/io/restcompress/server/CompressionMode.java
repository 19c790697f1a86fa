package io.restcompress.server;

/**
 * Which handlers may have their responses encoded.
 */
public enum CompressionMode {

	/** Only handlers annotated with {@link io.restcompress.LzfCompressed}. */
	ANNOTATED,

	/** Every handler that is not annotated with {@link io.restcompress.NotCompressed}. */
	ALL

}
