package io.restcompress;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a handler method, or every handler method of a controller, as producing responses
 * that may be encoded in a content coding the client accepts (LZF first by default).
 * <p>
 * A response is still only encoded when it is large enough, of a compressible type, and
 * accepted by the client's {@code Accept-Encoding}. With
 * {@code restcompress.server.mode=all} every handler is treated as annotated. Annotations
 * meta-annotated with it (such as {@code @DictionaryCompressed}) count as it.
 *
 * @see NotCompressed
 */
@Target({ ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface LzfCompressed {

	/**
	 * The codings this handler may use, most preferred first, overriding
	 * {@code restcompress.server.encodings}. Codings the server has not enabled are ignored.
	 * Empty for the server's order.
	 * @return the coding tokens
	 */
	String[] encodings() default {};

}
