/**
 * Auto-configuration of WebSocket compression.
 */
@NullMarked
package io.restcompress.websocket.autoconfigure;

import org.jspecify.annotations.NullMarked;
