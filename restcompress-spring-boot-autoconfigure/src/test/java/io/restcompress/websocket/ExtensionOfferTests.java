package io.restcompress.websocket;

import java.util.List;

import io.restcompress.websocket.ExtensionOffer.Parameter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ExtensionOfferTests {

	@Test
	void readsExtensionsAndParametersInOrderAcrossFields() {
		assertThat(ExtensionOffer.parse(List.of("permessage-deflate; client_max_window_bits, x-a",
				"permessage-deflate;server_no_context_takeover ;\tserver_max_window_bits = 10")))
			.containsExactly(
					new ExtensionOffer("permessage-deflate", List.of(new Parameter("client_max_window_bits", null))),
					new ExtensionOffer("x-a", List.of()),
					new ExtensionOffer("permessage-deflate", List.of(new Parameter("server_no_context_takeover", null),
							new Parameter("server_max_window_bits", "10"))));
	}

	@Test
	void unquotesQuotedValues() {
		assertThat(ExtensionOffer.parse(List.of("permessage-deflate; client_max_window_bits=\"1\\2\"")))
			.containsExactly(new ExtensionOffer("permessage-deflate",
					List.of(new Parameter("client_max_window_bits", "12"))));
	}

	@Test
	void rewritesWellFormedFieldsUnquotedAndLeavesOutMalformedOnes() {
		assertThat(ExtensionOffer.wellFormed(List.of("permessage-deflate; client_max_window_bits=\"10\", x-other",
				"permessage-deflate; client_max_window_bits=\"10", " , ", "permessage-deflate;server_no_context_takeover")))
			.containsExactly("permessage-deflate; client_max_window_bits=10, x-other",
					"permessage-deflate; server_no_context_takeover");
	}

	@Test
	void leavesOutAPerMessageDeflateOfferThatRepeatsAParameter() {
		assertThat(ExtensionOffer.wellFormed(List.of(
				"permessage-deflate; client_max_window_bits=10; client_max_window_bits=15, permessage-deflate",
				"x-other; a; a")))
			.containsExactly("permessage-deflate", "x-other; a; a");
	}

	@Test
	void skipsEmptyListElements() {
		assertThat(ExtensionOffer.parse(List.of(" , permessage-deflate,, ", ""))).extracting(ExtensionOffer::name)
			.containsExactly("permessage-deflate");
	}

	@Test
	void refusesFieldsNotWrittenAsRfc6455Specifies() {
		for (String field : new String[] { "permessage-deflate; client_max_window_bits=\"12",
				"permessage-deflate; client_max_window_bits=", "permessage-deflate; =12", "permessage-deflate x",
				"permessage-deflate; client_max_window_bits=\u0661\u0660", "permessage-deflate;",
				"perm\u00e9ssage-deflate", "permessage-deflate; a=\"1\" b", "permessage-deflate; a=\"1 2\"",
				"permessage-deflate; a=\"1,2\"", "permessage-deflate; a=\"\"", "permessage-deflate; a=1=2" }) {
			assertThatIllegalArgumentException().as(field)
				.isThrownBy(() -> ExtensionOffer.parse(List.of(field)))
				.withMessageContaining("Sec-WebSocket-Extensions");
		}
	}

	@Test
	void writesAnOfferAsAListElement() {
		assertThat(new ExtensionOffer("permessage-deflate",
				List.of(new Parameter("server_no_context_takeover", null), new Parameter("client_max_window_bits", "10")))
			.format()).isEqualTo("permessage-deflate; server_no_context_takeover; client_max_window_bits=10");
	}

}
