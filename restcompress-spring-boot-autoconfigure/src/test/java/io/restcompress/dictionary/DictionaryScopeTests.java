package io.restcompress.dictionary;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DictionaryScopeTests {

	private final DictionaryScope scope = DictionaryScope.of(List.of("Authorization", "Cookie"));

	@Test
	void givesRequestsWithoutCredentialsTheSharedScope() {
		assertThat(this.scope.keyOf(Map.of("Accept", "*/*")::get)).isEmpty();
	}

	@Test
	void setsApartRequestsByTheValuesOfItsFields() {
		String alice = this.scope.keyOf(Map.of("Authorization", "Bearer alice")::get);
		assertThat(alice).startsWith("scope:").isEqualTo(this.scope.keyOf(Map.of("Authorization", "Bearer alice")::get));
		assertThat(alice).isNotEqualTo(this.scope.keyOf(Map.of("Authorization", "Bearer bob")::get))
			.isNotEqualTo(this.scope.keyOf(Map.of("Cookie", "Bearer alice")::get))
			.isNotEqualTo(this.scope.keyOf(Map.of("Authorization", "Bearer alice", "Cookie", "s=1")::get));
	}

	@Test
	void keepsNoCredentialInTheKey() {
		assertThat(this.scope.keyOf(Map.of("Authorization", "Bearer alice")::get)).doesNotContain("alice")
			.hasSize("scope:".length() + 64);
	}

	/**
	 * The body copies and the exchange codings may be given scopes of their own (an application
	 * that wires them itself): a request's key must be the same in both.
	 */
	@Test
	void keysAlikeInAnotherInstanceOfTheSameFields() {
		DictionaryScope other = DictionaryScope.of(List.of("Authorization", "Cookie"));
		assertThat(other.keyOf(Map.of("Authorization", "Bearer alice")::get))
			.isEqualTo(this.scope.keyOf(Map.of("Authorization", "Bearer alice")::get));
	}

	@Test
	void sharesEverythingWithoutFields() {
		assertThat(DictionaryScope.of(List.of())).isSameAs(DictionaryScope.SHARED);
		assertThat(DictionaryScope.SHARED.keyOf(Map.of("Authorization", "Bearer alice")::get)).isEmpty();
	}

}
