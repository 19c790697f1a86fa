package io.restcompress.server;

/**
 * {@link RefusedBodyIntegrationTests} on Jetty (run by the jetty execution, without Tomcat
 * on the classpath).
 */
class RefusedBodyJettyTests extends RefusedBodyIntegrationTests {

}
