/**
 * Server side: a servlet filter that decodes request bodies and encodes responses, and the
 * Spring MVC interceptor that resolves {@link io.restcompress.LzfCompressed}.
 */
@NullMarked
package io.restcompress.server;

import org.jspecify.annotations.NullMarked;
