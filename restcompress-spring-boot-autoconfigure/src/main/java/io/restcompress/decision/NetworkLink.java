package io.restcompress.decision;

import io.restcompress.metrics.Bandwidth;

import org.jspecify.annotations.Nullable;

/**
 * The link between this application and a class of peers.
 *
 * @param name the link's name, used in meter tags and the actuator endpoint
 * @param bandwidth the link's bandwidth, or {@code null} for a link so fast (loopback, this
 * host) that compressing only costs time
 */
public record NetworkLink(String name, @Nullable Bandwidth bandwidth) {

	/** The name of the built-in link to loopback and this host's own addresses. */
	public static final String LOCAL = "local";

	/** The name of the link that peers no rule matches are behind. */
	public static final String DEFAULT = "default";

	/**
	 * Whether compressing can pay on this link.
	 * @return {@code false} for a link without a bandwidth
	 */
	public boolean compresses() {
		return this.bandwidth != null;
	}

}
