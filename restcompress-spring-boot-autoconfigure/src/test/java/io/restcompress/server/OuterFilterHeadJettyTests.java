package io.restcompress.server;

import java.util.Optional;

/**
 * {@link OuterFilterHeadIntegrationTests} on Jetty (run by the jetty execution, without Tomcat
 * on the classpath), which would give a {@code HEAD} it ends uncommitted the length of its empty
 * body: the filter commits such a {@code HEAD} itself, so what a filter in front sets after the
 * chain misses it there.
 */
class OuterFilterHeadJettyTests extends OuterFilterHeadIntegrationTests {

	@Override
	Optional<String> expectedOnHead() {
		return Optional.empty();
	}

}
