package io.restcompress.decision;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

/**
 * A set of peer addresses a link rule matches: a CIDR block ({@code 10.0.0.0/8},
 * {@code fd00::/8}, a single address), {@code loopback}, or {@code this-host} (the addresses of
 * this host's own interfaces, read once, and loopback). An IPv4-mapped block ({@code ::ffff:10.0.0.0/104})
 * is the IPv4 block it maps, since the JDK gives peers' IPv4-mapped addresses as IPv4.
 */
public final class AddressBlock {

	/** The keyword for loopback addresses ({@code 127.0.0.0/8}, {@code ::1}). */
	public static final String LOOPBACK = "loopback";

	/** The keyword for the addresses of this host's network interfaces and loopback. */
	public static final String THIS_HOST = "this-host";

	/** The prefix of the IPv4-mapped IPv6 addresses, {@code ::ffff:0:0/96}. */
	private static final int IPV4_MAPPED_PREFIX = 96;

	private final String text;

	private final Predicate<InetAddress> matcher;

	private AddressBlock(String text, Predicate<InetAddress> matcher) {
		this.text = text;
		this.matcher = matcher;
	}

	/**
	 * Parses a block.
	 * @param text a CIDR block, an address, {@code loopback} or {@code this-host}
	 * @return the block
	 * @throws IllegalArgumentException if the text is none of those
	 */
	public static AddressBlock parse(String text) {
		String trimmed = text.trim().toLowerCase(Locale.ROOT);
		if (trimmed.equals(LOOPBACK)) {
			return new AddressBlock(trimmed, InetAddress::isLoopbackAddress);
		}
		if (trimmed.equals(THIS_HOST)) {
			List<InetAddress> own = ownAddresses();
			return new AddressBlock(trimmed, (address) -> address.isLoopbackAddress() || own.contains(address));
		}
		int slash = trimmed.indexOf('/');
		String literal = (slash != -1) ? trimmed.substring(0, slash) : trimmed;
		InetAddress network = literal(literal, text);
		boolean ipv4Mapped = network instanceof Inet4Address && literal.indexOf(':') != -1;
		int bits = ipv4Mapped ? 128 : network.getAddress().length * 8;
		int prefix = (slash != -1) ? prefixLength(trimmed.substring(slash + 1), bits, text) : bits;
		if (ipv4Mapped) {
			if (prefix < IPV4_MAPPED_PREFIX) {
				throw new IllegalArgumentException("'" + text + "' is an IPv4-mapped block, whose prefix length must be "
						+ "from 96 (all of IPv4) to 128; peers' IPv4-mapped addresses are matched as IPv4 addresses");
			}
			prefix -= IPV4_MAPPED_PREFIX;
		}
		byte[] networkBytes = network.getAddress();
		int networkPrefix = prefix;
		return new AddressBlock(trimmed, (address) -> matches(networkBytes, networkPrefix, address.getAddress()));
	}

	/**
	 * Parses an IP address literal without any name lookup. An IPv6 zone ({@code fe80::1%eth0},
	 * {@code fe80::1%2}) is accepted and left out: blocks match addresses, not interfaces.
	 * @param text the text
	 * @return the address, or {@code null} if the text is not an IPv4 or IPv6 literal
	 */
	static @Nullable InetAddress parseLiteral(String text) {
		String candidate = text.trim();
		if (candidate.startsWith("[") && candidate.endsWith("]")) {
			candidate = candidate.substring(1, candidate.length() - 1);
		}
		int zone = candidate.indexOf('%');
		if (zone != -1) {
			if (candidate.indexOf(':') == -1 || !isZoneId(candidate.substring(zone + 1))) {
				return null;
			}
			candidate = candidate.substring(0, zone);
		}
		if (!isLiteral(candidate)) {
			return null;
		}
		try {
			return InetAddress.getByName(candidate);
		}
		catch (UnknownHostException ex) {
			return null;
		}
	}

	/**
	 * Whether an address is in the block.
	 * @param address the peer's address
	 * @return {@code true} if it is
	 */
	public boolean contains(InetAddress address) {
		return this.matcher.test(address);
	}

	@Override
	public String toString() {
		return this.text;
	}

	/**
	 * Whether the JDK parses text as an address literal, never as a host name to look up: an
	 * IPv4 literal, or text of ASCII hex digits, dots and colons that starts with a hex digit
	 * or a colon (the JDK looks up anything else, {@code .:} included). A forwarded address is
	 * the client's to choose.
	 */
	static boolean isLiteral(String candidate) {
		if (isIpv4Literal(candidate)) {
			return true;
		}
		if (candidate.isEmpty() || candidate.indexOf(':') == -1
				|| !(HexFormat.isHexDigit(candidate.charAt(0)) || candidate.charAt(0) == ':')) {
			return false;
		}
		for (int i = 0; i < candidate.length(); i++) {
			char c = candidate.charAt(i);
			if (!(HexFormat.isHexDigit(c) || c == '.' || c == ':')) {
				return false;
			}
		}
		return true;
	}

	private static boolean isZoneId(String zone) {
		return !zone.isEmpty() && zone.chars()
			.allMatch((c) -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.'
					|| c == '_' || c == '-');
	}

	private static boolean isIpv4Literal(String text) {
		String[] parts = text.split("\\.", -1);
		if (parts.length != 4) {
			return false;
		}
		for (String part : parts) {
			if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch((c) -> c >= '0' && c <= '9')
					|| Integer.parseInt(part) > 255) {
				return false;
			}
		}
		return true;
	}

	private static InetAddress literal(String text, String original) {
		InetAddress address = parseLiteral(text);
		if (address == null) {
			throw new IllegalArgumentException("'" + original
					+ "' is not a CIDR block, an IP address, 'loopback' or 'this-host'");
		}
		return address;
	}

	private static int prefixLength(String text, int bits, String original) {
		try {
			int prefix = Integer.parseInt(text);
			if (prefix >= 0 && prefix <= bits) {
				return prefix;
			}
		}
		catch (NumberFormatException ex) {
			// reported below
		}
		throw new IllegalArgumentException("'" + original + "' has a prefix length that is not between 0 and " + bits);
	}

	private static boolean matches(byte[] network, int prefix, byte[] address) {
		if (address.length != network.length) {
			return false;
		}
		int full = prefix / 8;
		for (int i = 0; i < full; i++) {
			if (address[i] != network[i]) {
				return false;
			}
		}
		int rest = prefix % 8;
		if (rest == 0) {
			return true;
		}
		int mask = (0xff << (8 - rest)) & 0xff;
		return (address[full] & mask) == (network[full] & mask);
	}

	private static List<InetAddress> ownAddresses() {
		List<InetAddress> addresses = new ArrayList<>();
		try {
			for (NetworkInterface networkInterface : Collections.list(NetworkInterface.getNetworkInterfaces())) {
				addresses.addAll(Collections.list(networkInterface.getInetAddresses()));
			}
		}
		catch (SocketException ex) {
			// no interfaces to read: loopback still matches
		}
		return List.copyOf(addresses);
	}

}
