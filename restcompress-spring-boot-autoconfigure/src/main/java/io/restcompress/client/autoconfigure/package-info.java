/**
 * Auto-configuration of restcompress for {@code RestTemplate}, {@code RestClient} and
 * {@code WebClient}.
 */
@NullMarked
package io.restcompress.client.autoconfigure;

import org.jspecify.annotations.NullMarked;
