/**
 * Content codecs shared by the server and the clients: the {@link io.restcompress.codec.ContentCodec}
 * abstraction, the built-in codings, and RFC 9110 {@code Accept-Encoding} negotiation.
 */
@NullMarked
package io.restcompress.codec;

import org.jspecify.annotations.NullMarked;
