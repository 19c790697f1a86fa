package io.restcompress.client;

/**
 * Marks the interceptor and the filter that restcompress adds to clients, so that
 * {@link RestCompressClient#disabled()} can find them.
 */
interface CompressionComponent {

}
