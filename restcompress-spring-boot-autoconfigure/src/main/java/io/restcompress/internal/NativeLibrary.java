package io.restcompress.internal;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.github.luben.zstd.util.Native;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The native code of an optional codec's library, and whether it loads on this platform. A
 * library that does not load is reported once, with a warning naming the codings left out.
 * Only used after the library's classes were found.
 */
public final class NativeLibrary {

	/** zstd-jni, for {@code zstd} and {@code dcz}. */
	public static final NativeLibrary ZSTD = new NativeLibrary("zstd-jni", "zstd and dcz",
			() -> Native.load());

	/** brotli4j, for {@code br} and {@code dcb}. */
	public static final NativeLibrary BROTLI = new NativeLibrary("brotli4j", "br and dcb",
			() -> Brotli4jLoader.ensureAvailability());

	private static final Log logger = LogFactory.getLog(NativeLibrary.class);

	private final String name;

	private final String codings;

	private final Runnable loader;

	private boolean loaded;

	private @Nullable Throwable failure;

	/**
	 * Creates a library whose native code {@code loader} loads.
	 * @param name the library's name, for messages
	 * @param codings the codings that need it, for messages
	 * @param loader loads the native code, or throws a {@link LinkageError} or a
	 * {@link RuntimeException} when it does not load
	 */
	public NativeLibrary(String name, String codings, Runnable loader) {
		this.name = name;
		this.codings = codings;
		this.loader = loader;
	}

	/**
	 * The library's name.
	 * @return the name, such as {@code zstd-jni}
	 */
	public String name() {
		return this.name;
	}

	/**
	 * Loads the native code once and returns why it does not load, if it does not.
	 * @return the failure, or {@code null} when the native code loads
	 */
	public synchronized @Nullable Throwable loadFailure() {
		if (!this.loaded) {
			this.loaded = true;
			try {
				this.loader.run();
			}
			catch (LinkageError | RuntimeException ex) {
				this.failure = ex;
				logger.warn(this.name + "'s native code does not load on this platform, so restcompress leaves out "
						+ this.codings + ": " + ex);
			}
		}
		return this.failure;
	}

}
