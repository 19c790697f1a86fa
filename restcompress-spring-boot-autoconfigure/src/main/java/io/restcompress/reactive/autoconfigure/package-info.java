/**
 * Support for the auto-configuration of reactive content coding.
 */
@NullMarked
package io.restcompress.reactive.autoconfigure;

import org.jspecify.annotations.NullMarked;
