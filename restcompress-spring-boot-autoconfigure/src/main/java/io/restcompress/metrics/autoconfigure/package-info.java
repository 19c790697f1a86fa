/**
 * Auto-configuration of restcompress's meters, statistics and actuator endpoint.
 */
@NullMarked
package io.restcompress.metrics.autoconfigure;

import org.jspecify.annotations.NullMarked;
