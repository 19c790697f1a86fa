package io.restcompress.internal.server;

import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RequestFieldValuesTests {

	@Test
	void absentFieldHasNoValue() {
		assertThat(RequestFieldValues.combined("Authorization", (List<String>) null)).isNull();
		assertThat(RequestFieldValues.combined("Authorization", List.of())).isNull();
		assertThat(RequestFieldValues.combined("Authorization", Collections.emptyEnumeration())).isNull();
	}

	@Test
	void fieldInOneLineIsThatLine() {
		assertThat(RequestFieldValues.combined("Authorization", List.of("Bearer alice"))).isEqualTo("Bearer alice");
	}

	@Test
	void joinsLinesWithCommasInOrder() {
		assertThat(RequestFieldValues.combined("X-Tenant", List.of("a", "b", "c"))).isEqualTo("a, b, c");
		assertThat(RequestFieldValues.combined("X-Tenant", Collections.enumeration(List.of("b", "a"))))
			.isEqualTo("b, a");
	}

	@Test
	void joinsCookieLinesAsOneCookieField() {
		assertThat(RequestFieldValues.combined("cookie", List.of("consent=yes", "session=alice")))
			.isEqualTo("consent=yes; session=alice");
	}

}
