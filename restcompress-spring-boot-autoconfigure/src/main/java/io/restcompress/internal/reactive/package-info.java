/**
 * Content coding over reactive streams of {@code DataBuffer}s, shared by the WebClient filter
 * and the WebFlux server filter: a streaming encoder and a bounded bridge that runs the
 * blocking decoders on threads of their own. Not part of restcompress's API.
 */
@NullMarked
package io.restcompress.internal.reactive;

import org.jspecify.annotations.NullMarked;
