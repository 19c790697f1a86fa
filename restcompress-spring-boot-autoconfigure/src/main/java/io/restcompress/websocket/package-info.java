/**
 * WebSocket compression: permessage-deflate (RFC 7692) negotiated by one policy on every
 * servlet engine, and meters for the messages.
 */
@NullMarked
package io.restcompress.websocket;

import org.jspecify.annotations.NullMarked;
