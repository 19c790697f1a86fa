package io.restcompress.websocket;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import jakarta.websocket.Extension;
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
		assertThat(answer(off, WebSocketEngine.TOMCAT, "permessage-deflate, x-other")).isEqualTo("x-other");
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
			assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate; client_max_window_bits=" + value))
				.as(value)
				.isEmpty();
			assertThat(answer(DEFAULT, WebSocketEngine.TOMCAT, "permessage-deflate; server_max_window_bits=" + value))
				.as(value)
				.isEmpty();
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
	}

	@Test
	void refusesAClientWindowOutsideNineToFifteen() {
		assertThatIllegalArgumentException().isThrownBy(() -> new PerMessageDeflatePolicy(true, false, false, 8));
		assertThatIllegalArgumentException().isThrownBy(() -> new PerMessageDeflatePolicy(true, false, false, 16));
	}

	private static String answer(PerMessageDeflatePolicy policy, WebSocketEngine engine, String offer) {
		return new PerMessageDeflateNegotiator(policy).negotiate(parse(offer), engine)
			.stream()
			.map((extension) -> extension.getName() + extension.getParameters()
				.stream()
				.map((parameter) -> "; " + parameter.getName()
						+ ((parameter.getValue() != null) ? "=" + parameter.getValue() : ""))
				.collect(Collectors.joining()))
			.collect(Collectors.joining(", "));
	}

	private static List<Extension> parse(String offer) {
		return Arrays.stream(offer.split(","))
			.map((element) -> element.trim().split("\\s*;\\s*"))
			.map((parts) -> (Extension) new OfferedExtension(parts[0], Arrays.stream(parts)
				.skip(1)
				.map((parameter) -> parameter.split("=", 2))
				.map((pair) -> (Extension.Parameter) new OfferedParameter(pair[0], (pair.length > 1) ? pair[1] : null))
				.toList()))
			.toList();
	}

	private record OfferedExtension(String getName, List<Parameter> getParameters) implements Extension {
	}

	private record OfferedParameter(String getName, String getValue) implements Extension.Parameter {
	}

}
