package io.restcompress.metrics.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import io.restcompress.metrics.Bandwidth;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What restcompress is told about the network its traffic crosses.
 */
@ConfigurationProperties("restcompress.network")
public class NetworkProperties {

	/**
	 * Bandwidth of the link between this application and its peers, such as 1Gbit, 100Mbit/s or
	 * 125MB/s, taken by the adaptive decision for peers no link rule matches and by the
	 * restcompress endpoint to say whether each coding pays.
	 */
	private @Nullable Bandwidth bandwidth;

	/**
	 * Links to classes of peers, first match wins; peers on loopback or this host that no rule
	 * matches are never compressed for under the adaptive decision.
	 */
	private List<Link> links = new ArrayList<>();

	public @Nullable Bandwidth getBandwidth() {
		return this.bandwidth;
	}

	public void setBandwidth(@Nullable Bandwidth bandwidth) {
		this.bandwidth = bandwidth;
	}

	public List<Link> getLinks() {
		return this.links;
	}

	public void setLinks(List<Link> links) {
		this.links = links;
	}

	/**
	 * A link to the peers it matches.
	 */
	public static class Link {

		/**
		 * Name of the link, used in meter tags and the restcompress endpoint.
		 */
		private @Nullable String name;

		/**
		 * Comma-separated list of the peer addresses behind the link: CIDR blocks, addresses,
		 * 'loopback' or 'this-host'.
		 */
		private List<String> addresses = new ArrayList<>();

		/**
		 * Comma-separated list of host name patterns of the peers behind the link, such as
		 * '*.eu-west.internal'; clients match the host of the request URI, without a lookup.
		 */
		private List<String> hosts = new ArrayList<>();

		/**
		 * Bandwidth of the link, such as 1Gbit or 100Mbit/s, or unset for a link so fast that
		 * compressing only costs time.
		 */
		private @Nullable Bandwidth bandwidth;

		public @Nullable String getName() {
			return this.name;
		}

		public void setName(@Nullable String name) {
			this.name = name;
		}

		public List<String> getAddresses() {
			return this.addresses;
		}

		public void setAddresses(List<String> addresses) {
			this.addresses = addresses;
		}

		public List<String> getHosts() {
			return this.hosts;
		}

		public void setHosts(List<String> hosts) {
			this.hosts = hosts;
		}

		public @Nullable Bandwidth getBandwidth() {
			return this.bandwidth;
		}

		public void setBandwidth(@Nullable Bandwidth bandwidth) {
			this.bandwidth = bandwidth;
		}

	}

}
