package io.restcompress.dictionary;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.restcompress.LzfCompressed;

/**
 * Marks a handler whose responses clients may keep as a compression dictionary (RFC 9842):
 * each response carries {@code Use-As-Dictionary} with the {@link #match} pattern, the server
 * keeps its body in a bounded store, and a later request whose URL matches the pattern and
 * that names that body in {@code Available-Dictionary} may be answered in {@code dcz} or
 * {@code dcb}, zstd or brotli compressed against it. A polled resource is then sent as little
 * more than its changes.
 * <p>
 * Implies {@link LzfCompressed}. Takes effect only with
 * {@code restcompress.dictionary.enabled=true}. Do not use it on responses that mix a secret
 * with data an attacker can choose (see docs/dictionaries.md).
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@LzfCompressed
public @interface DictionaryCompressed {

	/**
	 * The paths of this origin the dictionary applies to, a URL pattern's path in which
	 * {@code *} matches any characters, for example {@code /api/feed*}. Must start with
	 * {@code /}.
	 * @return the pattern
	 */
	String match();

	/**
	 * An identifier the client sends back in {@code Dictionary-ID} with the dictionary's hash;
	 * empty for none.
	 * @return the identifier, at most 1024 printable ASCII characters
	 */
	String id() default "";

	/**
	 * Whether the responses are samples for a trained dictionary instead of dictionaries
	 * themselves: they carry no {@code Use-As-Dictionary}, their bodies are kept (within
	 * {@code restcompress.dictionary.training.*}) for zstd's trainer, which the actuator's
	 * {@code restcompressdictionaries} endpoint runs, and once a dictionary is trained they
	 * carry {@code Link: <url>; rel="compression-dictionary"} to it. For many small bodies of
	 * one shape.
	 * @return whether the dictionary is trained from the responses
	 */
	boolean trained() default false;

	/**
	 * The dictionary codings the responses may be sent in, most preferred first among those the
	 * client accepts equally: {@code dcz} (zstd, the faster encoder) and {@code dcb} (brotli,
	 * often smaller; only with brotli4j on the classpath).
	 * @return the codings, not empty
	 */
	String[] encodings() default { "dcz", "dcb" };

}
