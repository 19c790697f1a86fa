/**
 * Auto-configuration of the server side.
 */
@NullMarked
package io.restcompress.server.autoconfigure;

import org.jspecify.annotations.NullMarked;
