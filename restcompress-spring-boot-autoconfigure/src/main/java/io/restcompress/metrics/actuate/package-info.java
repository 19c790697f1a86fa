/**
 * The {@code restcompress} actuator endpoint: whether compression pays on this application's
 * links.
 */
@NullMarked
package io.restcompress.metrics.actuate;

import org.jspecify.annotations.NullMarked;
