/**
 * The rules every server stack shares (the servlet filter and the WebFlux filter): which
 * request bodies are decoded or refused, the response decision, the header fields it implies,
 * entity tags and problem bodies. Not part of restcompress's API.
 */
@NullMarked
package io.restcompress.internal.server;

import org.jspecify.annotations.NullMarked;
