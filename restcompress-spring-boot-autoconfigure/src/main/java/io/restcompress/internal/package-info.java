/**
 * Classes the server and the clients share that are not part of restcompress's API.
 */
@NullMarked
package io.restcompress.internal;

import org.jspecify.annotations.NullMarked;
