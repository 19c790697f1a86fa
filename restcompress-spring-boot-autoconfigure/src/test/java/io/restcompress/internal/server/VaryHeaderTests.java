package io.restcompress.internal.server;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VaryHeaderTests {

	@Test
	void addsAcceptEncodingWhenThereIsNoVary() {
		assertThat(VaryHeader.withAcceptEncoding(List.of())).isEqualTo("Accept-Encoding");
	}

	@Test
	void appendsAcceptEncodingToOtherFieldNames() {
		assertThat(VaryHeader.withAcceptEncoding(List.of("Origin", "Accept-Language, Cookie")))
			.isEqualTo("Origin, Accept-Language, Cookie, Accept-Encoding");
	}

	@Test
	void leavesVaryAloneWhenItAlreadyNamesAcceptEncodingInAnyCase() {
		assertThat(VaryHeader.withAcceptEncoding(List.of("Origin", " accept-encoding "))).isNull();
		assertThat(VaryHeader.withAcceptEncoding(List.of("Origin,ACCEPT-ENCODING"))).isNull();
	}

	@Test
	void leavesVaryAloneWhenItIsAStar() {
		assertThat(VaryHeader.withAcceptEncoding(List.of("*"))).isNull();
		assertThat(VaryHeader.withAcceptEncoding(List.of("Origin, *"))).isNull();
	}

	@Test
	void dropsBlankFieldLines() {
		assertThat(VaryHeader.withAcceptEncoding(List.of("", "  ", "Origin"))).isEqualTo("Origin, Accept-Encoding");
		assertThat(VaryHeader.withAcceptEncoding(List.of(" "))).isEqualTo("Accept-Encoding");
	}

	@Test
	void doesNotMistakeAFieldNameContainingAcceptEncodingForIt() {
		assertThat(VaryHeader.withAcceptEncoding(List.of("X-Accept-Encoding-Hint")))
			.isEqualTo("X-Accept-Encoding-Hint, Accept-Encoding");
	}

	@Test
	void mergesAnyRequestFieldNameTheSameWay() {
		assertThat(VaryHeader.with(List.of("Accept-Encoding"), "Available-Dictionary"))
			.isEqualTo("Accept-Encoding, Available-Dictionary");
		assertThat(VaryHeader.with(List.of("available-dictionary, Origin"), "Available-Dictionary")).isNull();
	}

}
