package io.restcompress.server;

/**
 * {@link PartialContentIntegrationTests} on Jetty (run by the jetty execution, without Tomcat on the
 * classpath).
 */
class PartialContentJettyTests extends PartialContentIntegrationTests {

}
