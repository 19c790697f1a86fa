package io.restcompress.server;

/**
 * {@link RefusedBodyLimitIntegrationTests} on Jetty (run by the jetty execution, without Tomcat
 * on the classpath).
 */
class RefusedBodyLimitJettyTests extends RefusedBodyLimitIntegrationTests {

}
