package io.restcompress.metrics.autoconfigure;

import io.restcompress.metrics.Bandwidth;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What restcompress is told about the network its traffic crosses.
 */
@ConfigurationProperties("restcompress.network")
public class NetworkProperties {

	/**
	 * Bandwidth of the link between this application and its peers, such as 1Gbit,
	 * 100Mbit/s or 125MB/s. When set, the restcompress endpoint says whether each coding pays.
	 */
	private @Nullable Bandwidth bandwidth;

	public @Nullable Bandwidth getBandwidth() {
		return this.bandwidth;
	}

	public void setBandwidth(@Nullable Bandwidth bandwidth) {
		this.bandwidth = bandwidth;
	}

}
