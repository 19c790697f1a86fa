package io.restcompress.decision;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Collections;
import java.util.List;

import io.restcompress.metrics.Bandwidth;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Unit tests of {@link NetworkLinks}, {@link LinkRule} and {@link AddressBlock}.
 */
class NetworkLinksTests {

	private final NetworkLinks links = new NetworkLinks(List.of(
			rule("branch", "10Mbit", List.of("10.20.0.0/16", "fd00:20::/32"), List.of("*.branch.example")),
			rule("region", "100Mbit", List.of("10.0.0.0/8"), List.of("api.partner.example"))),
			Bandwidth.of("1Gbit"));

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource({ "10.20.3.4, branch", "10.21.3.4, region", "fd00:20::1, branch", "[fd00:20::1], branch",
			"fd00:21::1, default", "192.0.2.1, default", "127.0.0.1, local", "127.8.9.10, local", "::1, local",
			"not-an-address, default", "\u0661\u0660.20.3.4, default", "\uff11\uff10.20.3.4, default" })
	void findsTheLinkByAddressFirstMatchFirst(String address, String link) {
		assertThat(this.links.forAddress(address).name()).isEqualTo(link);
	}

	@ParameterizedTest(name = "{0} -> {1}")
	@CsvSource({ "eu.branch.example, branch", "EU.Branch.Example, branch", "eu.branch.example., branch",
			"orders_api.branch.example, branch", "api.partner.example, region",
			"other.partner.example, default", "localhost, local", "10.20.0.9, branch", "127.0.0.1, local" })
	void findsTheLinkByHostWithoutALookup(String host, String link) {
		assertThat(this.links.forHost(host).name()).isEqualTo(link);
	}

	@Test
	void neverCompressesForLocalPeersUnlessARuleClaimsThem() {
		assertThat(this.links.forAddress("127.0.0.1").compresses()).isFalse();
		NetworkLinks shaped = new NetworkLinks(List.of(rule("emulated", "10Mbit", List.of("loopback"), List.of())),
				null);
		assertThat(shaped.forAddress("127.0.0.1").name()).isEqualTo("emulated");
		assertThat(shaped.forAddress("127.0.0.1").compresses()).isTrue();
		assertThat(shaped.forAddress("192.0.2.1").compresses()).isFalse();
	}

	@Test
	void listsEveryLinkWithTheDefaultLast() {
		assertThat(this.links.all()).extracting(NetworkLink::name)
			.containsExactly("branch", "region", "local", "default");
	}

	@ParameterizedTest
	@ValueSource(strings = { "10.0.0.0/33", "10.0.0/8", "example.com", "10.0.0.0/x", "::1/129", "", "fe80::1%",
			"fe80::1%eth:0", "10.0.0.1%eth0", "fe80::1%\u0435th0", "::ffff:10.0.0.0/129" })
	void rejectsWhatIsNotABlock(String text) {
		assertThatIllegalArgumentException().isThrownBy(() -> AddressBlock.parse(text));
	}

	@Test
	void rejectsHostPatternsThatAreNotNames() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> rule("bad", "1Gbit", List.of(), List.of("http://example.com/")));
	}

	@Test
	void matchesPrefixesThatAreNotWholeBytes() {
		AddressBlock block = AddressBlock.parse("192.168.4.0/22");
		assertThat(block.contains(AddressBlock.parseLiteral("192.168.7.255"))).isTrue();
		assertThat(block.contains(AddressBlock.parseLiteral("192.168.8.0"))).isFalse();
		assertThat(block.contains(AddressBlock.parseLiteral("::ffff:c0a8:0401"))).isTrue();
	}

	@Test
	void matchesAnIpv4MappedBlockAsTheIpv4BlockItMaps() {
		AddressBlock block = AddressBlock.parse("::ffff:10.0.0.0/104");
		assertThat(block.contains(AddressBlock.parseLiteral("10.200.1.2"))).isTrue();
		assertThat(block.contains(AddressBlock.parseLiteral("::ffff:10.200.1.2"))).isTrue();
		assertThat(block.contains(AddressBlock.parseLiteral("11.0.0.1"))).isFalse();
		assertThat(AddressBlock.parse("::ffff:192.168.1.7").contains(AddressBlock.parseLiteral("192.168.1.7"))).isTrue();
		assertThatIllegalArgumentException().isThrownBy(() -> AddressBlock.parse("::ffff:10.0.0.0/64"))
			.withMessageContaining("IPv4-mapped block, whose prefix length must be from 96");
	}

	@ParameterizedTest
	@ValueSource(strings = { ".:", ".face:b00c", "face.b00c", "g::1", "::\u0661", "1.2.3", "" })
	void neverHandsTextTheJdkWouldLookUpToIt(String text) {
		assertThat(AddressBlock.isLiteral(text)).isFalse();
		assertThat(AddressBlock.parseLiteral(text)).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "10.0.0.1", "::1", "fe80::1", "::ffff:10.0.0.1", "a:b:c:d:e:f:1:2" })
	void takesAddressLiteralsForLiterals(String text) {
		assertThat(AddressBlock.isLiteral(text)).isTrue();
		assertThat(AddressBlock.parseLiteral(text)).isNotNull();
	}

	@Test
	void acceptsAndIgnoresIpv6Zones() {
		assertThat(AddressBlock.parseLiteral("fe80::1%eth0")).isEqualTo(AddressBlock.parseLiteral("fe80::1"));
		assertThat(AddressBlock.parseLiteral("[fe80::1%2]")).isEqualTo(AddressBlock.parseLiteral("fe80::1"));
		assertThat(AddressBlock.parse("fe80::1%eth0").contains(AddressBlock.parseLiteral("fe80::1"))).isTrue();
		assertThat(AddressBlock.parse("fe80::/10").contains(AddressBlock.parseLiteral("fe80::1%wlan0"))).isTrue();
		assertThat(AddressBlock.parseLiteral("fe80::1%")).isNull();
		assertThat(AddressBlock.parseLiteral("10.0.0.1%eth0")).isNull();
	}

	private static LinkRule rule(String name, String bandwidth, List<String> addresses, List<String> hosts) {
		return new LinkRule(new NetworkLink(name, Bandwidth.of(bandwidth)),
				addresses.stream().map(AddressBlock::parse).toList(), hosts);
	}

	@ParameterizedTest
	@ValueSource(strings = { "10.1.2.*", "10.1.2.3", "10.*.*.*", "fd00::*", "::1" })
	void rejectsAddressesGivenAsHostPatterns(String pattern) {
		assertThatIllegalArgumentException().isThrownBy(() -> rule("lab", "10Mbit", List.of(), List.of(pattern)))
			.withMessageContaining("give it under addresses");
	}

	@Test
	void acceptsHostPatternsWithUnderscoresAndAFinalDot() {
		NetworkLinks named = new NetworkLinks(
				List.of(rule("services", "100Mbit", List.of(), List.of("orders_*.internal.", "*.*"))), null);
		assertThat(named.forHost("orders_api.internal").name()).isEqualTo("services");
		assertThat(named.forHost("a.b").name()).isEqualTo("services");
	}

	@ParameterizedTest
	@ValueSource(strings = { "*1.*", "10.*", "*.*.*.*", "123.example", "*.10.in-addr.arpa", "1password.example" })
	void acceptsHostPatternsOfDigitsThatNamesCanMatch(String pattern) {
		assertThat(rule("web", "10Mbit", List.of(), List.of(pattern)).hosts()).hasSize(1);
	}


	@Test
	void acceptsPrefixLengthsFromZeroToTheWholeAddress() {
		assertThat(AddressBlock.parse("0.0.0.0/0").contains(AddressBlock.parseLiteral("192.0.2.1"))).isTrue();
		assertThat(AddressBlock.parse("::/0").contains(AddressBlock.parseLiteral("fd00:20::1"))).isTrue();
		AddressBlock single = AddressBlock.parse("10.0.0.1/32");
		assertThat(single.contains(AddressBlock.parseLiteral("10.0.0.1"))).isTrue();
		assertThat(single.contains(AddressBlock.parseLiteral("10.0.0.2"))).isFalse();
		assertThat(AddressBlock.parse("fd00::1/128").contains(AddressBlock.parseLiteral("fd00::1"))).isTrue();
		assertThat(AddressBlock.parse("fd00::1/128").contains(AddressBlock.parseLiteral("fd00::2"))).isFalse();
	}

	@Test
	void neverMatchesAnAddressOfTheOtherFamily() {
		assertThat(AddressBlock.parse("10.0.0.0/8").contains(AddressBlock.parseLiteral("a00::1"))).isFalse();
		assertThat(AddressBlock.parse("a00::/16").contains(AddressBlock.parseLiteral("10.0.0.1"))).isFalse();
		assertThat(AddressBlock.parse("fd00:20::/64").contains(AddressBlock.parseLiteral("253.0.0.32"))).isFalse();
		assertThat(this.links.forAddress("a00::1").name()).isEqualTo("default");
	}

	@Test
	void putsTheHostsOwnAddressesBehindTheLocalLink() throws Exception {
		InetAddress own = Collections.list(NetworkInterface.getNetworkInterfaces())
			.stream()
			.flatMap((networkInterface) -> Collections.list(networkInterface.getInetAddresses()).stream())
			.filter((address) -> !address.isLoopbackAddress())
			.findFirst()
			.orElse(null);
		assumeTrue(own != null, "this host has an address besides loopback");
		assertThat(AddressBlock.parse("this-host").contains(own)).isTrue();
		assertThat(this.links.forAddress(own).name()).isEqualTo("local");
		assertThat(this.links.forAddress(own).compresses()).isFalse();
	}

	@Test
	void countsLoopbackAsThisHostButNotAnotherHostsAddress() throws Exception {
		AddressBlock thisHost = AddressBlock.parse("this-host");
		assertThat(thisHost.contains(InetAddress.getByName("127.0.0.2"))).isTrue();
		assertThat(thisHost.contains(InetAddress.getByName("::1"))).isTrue();
		assertThat(thisHost.contains(InetAddress.getByName("192.0.2.1"))).isFalse();
	}

}
