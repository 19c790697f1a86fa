/**
 * Content coding over reactive streams of {@code DataBuffer}s, shared by the WebClient filter
 * and the WebFlux server filter: a streaming encoder and a bounded bridge that runs the
 * blocking decoders on threads of their own.
 */
@NullMarked
package io.restcompress.reactive;

import org.jspecify.annotations.NullMarked;
