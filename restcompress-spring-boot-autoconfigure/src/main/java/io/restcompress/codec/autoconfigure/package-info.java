/**
 * Auto-configuration of the content codecs.
 */
@NullMarked
package io.restcompress.codec.autoconfigure;

import org.jspecify.annotations.NullMarked;
