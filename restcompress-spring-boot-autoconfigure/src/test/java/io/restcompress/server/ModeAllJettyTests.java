package io.restcompress.server;

/**
 * {@link ModeAllIntegrationTests} on Jetty (run by the jetty execution, without Tomcat on the
 * classpath).
 */
class ModeAllJettyTests extends ModeAllIntegrationTests {

}
