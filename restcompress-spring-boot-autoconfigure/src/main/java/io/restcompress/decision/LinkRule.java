package io.restcompress.decision;

import java.net.InetAddress;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import org.springframework.util.PatternMatchUtils;

/**
 * A rule that puts peers behind a link: by address ({@link AddressBlock}) or by host name
 * pattern ({@code *.eu-west.internal}, matched case-insensitively, {@code *} for any run of
 * characters, a final dot ignored). A host given as an address literal is matched by the
 * address blocks only, so a host pattern shaped as an address ({@code 10.1.2.3},
 * {@code 10.1.2.*}, {@code fd00::*}) is refused.
 *
 * @param link the link the matched peers are behind
 * @param addresses the address blocks that match
 * @param hosts the host name patterns that match
 */
public record LinkRule(NetworkLink link, List<AddressBlock> addresses, List<String> hosts) {

	private static final Pattern HOST_PATTERN = Pattern.compile("[a-z0-9*._\\-]+");

	private static final Pattern ADDRESS_PATTERN = Pattern
		.compile("(?=.*[0-9])(?:[0-9]+|\\*)(?:\\.(?:[0-9]+|\\*)){3}|[0-9a-f*:.]*:[0-9a-f*:.]*");

	public LinkRule {
		addresses = List.copyOf(addresses);
		hosts = hosts.stream().map((host) -> checkedHost(host, link.name())).toList();
	}

	/**
	 * Whether a peer address matches.
	 * @param address the address
	 * @return {@code true} if an address block contains it
	 */
	public boolean matches(InetAddress address) {
		for (AddressBlock block : this.addresses) {
			if (block.contains(address)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether a host name matches.
	 * @param host the host name, lower case
	 * @return {@code true} if a pattern matches it
	 */
	public boolean matches(String host) {
		for (String pattern : this.hosts) {
			if (PatternMatchUtils.simpleMatch(pattern, host)) {
				return true;
			}
		}
		return false;
	}

	private static String checkedHost(String host, String link) {
		String pattern = withoutFinalDot(host.trim().toLowerCase(Locale.ROOT));
		if (ADDRESS_PATTERN.matcher(pattern).matches()) {
			throw new IllegalArgumentException("Link '" + link + "': '" + host
					+ "' is an address, which a host name pattern never matches: give it under addresses, "
					+ "as a block such as 10.1.2.0/24");
		}
		if (!HOST_PATTERN.matcher(pattern).matches()) {
			throw new IllegalArgumentException(
					"Link '" + link + "': '" + host + "' is not a host name pattern such as *.example.internal");
		}
		return pattern;
	}

	/**
	 * Returns a host name without the final dot of its fully qualified form.
	 * @param host the host name
	 * @return the name without a final dot
	 */
	static String withoutFinalDot(String host) {
		return (host.length() > 1 && host.endsWith(".")) ? host.substring(0, host.length() - 1) : host;
	}

}
