/**
 * Auto-configuration of the adaptive decision.
 */
@NullMarked
package io.restcompress.decision.autoconfigure;

import org.jspecify.annotations.NullMarked;
