/**
 * restcompress: content coding for Spring REST traffic in both directions. Annotate a
 * controller or handler method with {@link io.restcompress.LzfCompressed} to have its responses
 * encoded in a coding the client accepts; request bodies are decoded for every endpoint.
 */
@NullMarked
package io.restcompress;

import org.jspecify.annotations.NullMarked;
