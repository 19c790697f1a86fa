/**
 * The Maven goal {@code restcompress:train-dictionary}: a compression dictionary built from
 * sample files at build time, as the server trains one at run time.
 */
@NullMarked
package io.restcompress.maven;

import org.jspecify.annotations.NullMarked;
