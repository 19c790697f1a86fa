package io.restcompress.decision;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.restcompress.metrics.Bandwidth;

import org.jspecify.annotations.Nullable;

/**
 * The links peers sit behind: the configured rules in order, then the built-in
 * {@link NetworkLink#LOCAL local} link for loopback and this host's addresses (no
 * compression), then the {@link NetworkLink#DEFAULT default} link. A configured rule may claim
 * local peers too (a test bed that shapes loopback traffic). Thread-safe.
 */
public final class NetworkLinks {

	private final List<LinkRule> rules;

	private final NetworkLink defaultLink;

	/**
	 * Creates the links.
	 * @param rules the configured rules, first match wins
	 * @param defaultBandwidth the bandwidth to peers no rule matches, or {@code null} to never
	 * compress for them
	 */
	public NetworkLinks(List<LinkRule> rules, @Nullable Bandwidth defaultBandwidth) {
		List<LinkRule> all = new ArrayList<>(rules);
		all.add(new LinkRule(new NetworkLink(NetworkLink.LOCAL, null),
				List.of(AddressBlock.parse(AddressBlock.LOOPBACK), AddressBlock.parse(AddressBlock.THIS_HOST)),
				List.of("localhost")));
		this.rules = List.copyOf(all);
		this.defaultLink = new NetworkLink(NetworkLink.DEFAULT, defaultBandwidth);
	}

	/**
	 * Returns the link to a peer known by its address, as a server sees it.
	 * @param remoteAddress the peer's IP address literal; anything else gets the default link
	 * @return the link
	 */
	public NetworkLink forAddress(@Nullable String remoteAddress) {
		InetAddress address = (remoteAddress != null) ? AddressBlock.parseLiteral(remoteAddress) : null;
		return (address != null) ? forAddress(address) : this.defaultLink;
	}

	/**
	 * Returns the link to a peer known by its address.
	 * @param address the address
	 * @return the link
	 */
	public NetworkLink forAddress(InetAddress address) {
		for (LinkRule rule : this.rules) {
			if (rule.matches(address)) {
				return rule.link();
			}
		}
		return this.defaultLink;
	}

	/**
	 * Returns the link to a peer known by the host of a URI, as a client sees it: an address
	 * literal is matched by address, a name by the host patterns; no name is looked up.
	 * @param host the host, or {@code null}
	 * @return the link
	 */
	public NetworkLink forHost(@Nullable String host) {
		if (host == null) {
			return this.defaultLink;
		}
		InetAddress address = AddressBlock.parseLiteral(host);
		if (address != null) {
			return forAddress(address);
		}
		String name = LinkRule.withoutFinalDot(host.toLowerCase(Locale.ROOT));
		for (LinkRule rule : this.rules) {
			if (rule.matches(name)) {
				return rule.link();
			}
		}
		return this.defaultLink;
	}

	/**
	 * Returns every link, the default last.
	 * @return the links
	 */
	public List<NetworkLink> all() {
		List<NetworkLink> links = new ArrayList<>();
		this.rules.forEach((rule) -> links.add(rule.link()));
		links.add(this.defaultLink);
		return List.copyOf(links);
	}

}
