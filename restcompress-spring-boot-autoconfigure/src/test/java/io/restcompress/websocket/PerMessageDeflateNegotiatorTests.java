package io.restcompress.websocket;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class PerMessageDeflateNegotiatorTests {

	private static final PerMessageDeflatePolicy DEFAULT = PerMessageDeflatePolicy.DEFAULT;

	@Test
	void acceptsAPlainOfferAsItIs() {
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate")).isEqualTo("permessage-deflate");
	}

	@Test
	void acceptsOnlyTheFirstOfferItCanHonour() {
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT,
				"permessage-deflate; server_max_window_bits=12, permessage-deflate; client_no_context_takeover, permessage-deflate"))
			.isEqualTo("permessage-deflate; client_no_context_takeover");
	}

	@Test
	void declinesEveryOfferWhenDisabled() {
		PerMessageDeflatePolicy off = new PerMessageDeflatePolicy(false, false, false, 15);
		assertThat(answer(off, WebSocketEngine.TOMCAT, "x-other, permessage-deflate")).isEmpty();
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "x-other, permessage-deflate"))
			.isEqualTo("permessage-deflate");
	}

	@Test
	void declinesAServerWindowTheJdkCannotUse() {
		for (int bits = 8; bits < 15; bits++) {
			assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate; server_max_window_bits=" + bits))
				.isEmpty();
		}
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate; server_max_window_bits=15"))
			.isEqualTo("permessage-deflate; server_max_window_bits=15");
		assertThat(answer(DEFAULT, WebSocketEngine.JETTY, "permessage-deflate; server_max_window_bits=15")).isEmpty();
	}

	@Test
	void declinesMalformedOffers() {
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate; server_max_window_bits")).isEmpty();
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate; client_max_window_bits=16")).isEmpty();
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate; client_max_window_bits=0x9")).isEmpty();
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate; unknown")).isEmpty();
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT,
				"permessage-deflate; server_no_context_takeover; server_no_context_takeover"))
			.isEmpty();
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate; client_no_context_takeover=1"))
			.isEmpty();
	}

	@Test
	void declinesWindowSizesNotWrittenAsRfc7692Says() {
		for (String value : new String[] { "", "09", "010", "+9", " 9", "\u0661\u0660", "9.0" }) {
			for (String name : new String[] { "client_max_window_bits", "server_max_window_bits" }) {
				ExtensionOffer offer = new ExtensionOffer("permessage-deflate",
						List.of(new ExtensionOffer.Parameter(name, value)));
				assertThat(new PerMessageDeflateNegotiator(DEFAULT).answer(offer, WebSocketEngine.TOMCAT))
					.as(name + "=" + value)
					.isNull();
			}
		}
		assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate; client_max_window_bits=8"))
			.isEqualTo("permessage-deflate; client_max_window_bits=8");
	}

	@Test
	void addsTheConfiguredContextTakeoverParameters() {
		PerMessageDeflatePolicy both = new PerMessageDeflatePolicy(true, true, true, 15);
		assertThat(answer(both, WebSocketEngine.JETTY, "permessage-deflate"))
			.isEqualTo("permessage-deflate; server_no_context_takeover; client_no_context_takeover");
	}

	@Test
	void limitsTheClientWindowOnlyWhereTheClientAllowsIt() {
		PerMessageDeflatePolicy ten = new PerMessageDeflatePolicy(true, false, false, 10);
		assertThat(answer(ten, WebSocketEngine.TOMCAT, "permessage-deflate; client_max_window_bits"))
			.isEqualTo("permessage-deflate; client_max_window_bits=10");
		assertThat(answer(ten, WebSocketEngine.TOMCAT, "permessage-deflate; client_max_window_bits=9"))
			.isEqualTo("permessage-deflate; client_max_window_bits=9");
		assertThat(answer(ten, WebSocketEngine.TOMCAT, "permessage-deflate")).isEmpty();
		assertThat(answer(ten, WebSocketEngine.JETTY, "permessage-deflate; client_max_window_bits"))
			.isEqualTo("permessage-deflate");
		assertThat(answer(ten, WebSocketEngine.REACTOR_NETTY, "permessage-deflate; client_max_window_bits"))
			.isEqualTo("permessage-deflate; client_max_window_bits=10");
	}

	@Test
	void answersReactorNettyOffersAsOnTheServletEngines() {
		PerMessageDeflatePolicy both = new PerMessageDeflatePolicy(true, true, true, 15);
		assertThat(answer(both, WebSocketEngine.REACTOR_NETTY, "permessage-deflate"))
			.isEqualTo("permessage-deflate; server_no_context_takeover; client_no_context_takeover");
		assertThat(answer(DEFAULT, WebSocketEngine.REACTOR_NETTY,
				"permessage-deflate; server_max_window_bits=15, permessage-deflate; client_max_window_bits=\"12\""))
			.isEqualTo("permessage-deflate; server_max_window_bits=15");
		assertThat(answer(DEFAULT, WebSocketEngine.REACTOR_NETTY,
				"permessage-deflate; server_max_window_bits=14, permessage-deflate; client_max_window_bits=\"12\""))
			.isEqualTo("permessage-deflate; client_max_window_bits=12");
		assertThat(answer(DEFAULT, WebSocketEngine.REACTOR_NETTY, "permessage-deflate; client_max_window_bits=016"))
			.isEmpty();
	}

	@Test
	void refusesAClientWindowOutsideNineToFifteen() {
		assertThatIllegalArgumentException().isThrownBy(() -> new PerMessageDeflatePolicy(true, false, false, 8));
		assertThatIllegalArgumentException().isThrownBy(() -> new PerMessageDeflatePolicy(true, false, false, 16));
	}

	private static String answer(PerMessageDeflatePolicy policy, WebSocketEngine engine, String field) {
		ExtensionOffer answer = new PerMessageDeflateNegotiator(policy).accept(ExtensionOffer.parse(List.of(field)),
				engine);
		return (answer != null) ? answer.format() : "";
	}

}
