/**
 * What restcompress records about its work: the {@link io.restcompress.metrics.CompressionRecorder}
 * that the server and the clients report to, and its Micrometer implementation.
 */
@NullMarked
package io.restcompress.metrics;

import org.jspecify.annotations.NullMarked;
