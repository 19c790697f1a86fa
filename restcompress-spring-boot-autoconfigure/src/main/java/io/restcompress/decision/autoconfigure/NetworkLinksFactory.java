package io.restcompress.decision.autoconfigure;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.restcompress.decision.AddressBlock;
import io.restcompress.decision.LinkRule;
import io.restcompress.decision.NetworkLink;
import io.restcompress.decision.NetworkLinks;
import io.restcompress.metrics.autoconfigure.NetworkProperties;

/**
 * Turns 'restcompress.network.*' into {@link NetworkLinks}, failing at startup on a rule that
 * cannot work.
 */
final class NetworkLinksFactory {

	private NetworkLinksFactory() {
	}

	static NetworkLinks create(NetworkProperties properties) {
		List<LinkRule> rules = new ArrayList<>();
		Set<String> names = new HashSet<>();
		List<NetworkProperties.Link> links = properties.getLinks();
		for (int i = 0; i < links.size(); i++) {
			NetworkProperties.Link link = links.get(i);
			String name = (link.getName() != null && !link.getName().isBlank()) ? link.getName().trim() : "link-" + i;
			if (name.equals(NetworkLink.LOCAL) || name.equals(NetworkLink.DEFAULT)) {
				throw new IllegalArgumentException("restcompress.network.links[" + i + "].name: '" + name
						+ "' is the name of a built-in link");
			}
			if (!names.add(name)) {
				throw new IllegalArgumentException("restcompress.network.links[" + i + "].name: '" + name
						+ "' names an earlier link too; the meters and the report tell links apart by name");
			}
			if (link.getAddresses().isEmpty() && link.getHosts().isEmpty()) {
				throw new IllegalArgumentException(
						"restcompress.network.links[" + i + "] matches no peer: set addresses or hosts");
			}
			try {
				rules.add(new LinkRule(new NetworkLink(name, link.getBandwidth()),
						link.getAddresses().stream().map(AddressBlock::parse).toList(), link.getHosts()));
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("restcompress.network.links[" + i + "]: " + ex.getMessage(), ex);
			}
		}
		return new NetworkLinks(rules, properties.getBandwidth());
	}

}
