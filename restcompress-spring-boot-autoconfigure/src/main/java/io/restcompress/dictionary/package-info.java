/**
 * Compression dictionaries (RFC 9842): responses that clients keep as dictionaries, the
 * server's bounded store of them, the header fields, and the {@code dcz} coding offered to a
 * client that names a stored dictionary.
 */
@NullMarked
package io.restcompress.dictionary;

import org.jspecify.annotations.NullMarked;
