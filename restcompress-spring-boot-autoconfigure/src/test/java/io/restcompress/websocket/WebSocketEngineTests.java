package io.restcompress.websocket;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link WebSocketEngine}.
 */
class WebSocketEngineTests {

	/**
	 * The engine suites skip themselves on another engine than the one
	 * {@link WebSocketEngine#fromServerInfo} reads, so they cannot show that it reads the
	 * engines' own server info; the values are those of Tomcat 11 and Jetty 12.1.
	 */
	@Test
	void readsTheEngineFromTheServerInfoTheEnginesReport() {
		assertThat(WebSocketEngine.fromServerInfo("Apache Tomcat/11.0.22")).isEqualTo(WebSocketEngine.TOMCAT);
		assertThat(WebSocketEngine.fromServerInfo("jetty/12.1.10")).isEqualTo(WebSocketEngine.JETTY);
		assertThat(WebSocketEngine.fromServerInfo("Undertow - 2.3.18.Final")).isEqualTo(WebSocketEngine.OTHER);
	}

}
