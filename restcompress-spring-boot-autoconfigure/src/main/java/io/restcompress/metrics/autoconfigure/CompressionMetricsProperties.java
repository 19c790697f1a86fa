package io.restcompress.metrics.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of what restcompress records about its work.
 */
@ConfigurationProperties("restcompress.metrics")
public class CompressionMetricsProperties {

	/**
	 * Whether to record meters and statistics of restcompress's work.
	 */
	private boolean enabled = true;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

}
