package io.restcompress;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Excludes a handler method, or every handler method of a controller, from response encoding,
 * whatever {@link LzfCompressed} or {@code restcompress.server.mode} say. Use it for responses
 * that mix secrets with attacker-controlled text (BREACH). Request bodies are still decoded.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface NotCompressed {

}
