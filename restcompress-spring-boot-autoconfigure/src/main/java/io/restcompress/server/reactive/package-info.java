/**
 * Server side for Spring WebFlux: a {@code WebFilter} that decodes request bodies and encodes
 * responses by the same rules as the servlet filter, and the handler filter functions that
 * mark functional routes.
 */
@NullMarked
package io.restcompress.server.reactive;

import org.jspecify.annotations.NullMarked;
