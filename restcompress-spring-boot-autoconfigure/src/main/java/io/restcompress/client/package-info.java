/**
 * Client-side content coding for {@code RestTemplate}, {@code RestClient} and {@code WebClient}:
 * {@code Accept-Encoding}, streaming response decoding and request compression learned per
 * origin, with one shared policy ({@link io.restcompress.client.ClientCompression}).
 */
@NullMarked
package io.restcompress.client;

import org.jspecify.annotations.NullMarked;
