package io.restcompress.server;

/**
 * {@link ServerMetricsIntegrationTests} on Jetty (run by the jetty execution, without Tomcat on the
 * classpath).
 */
class ServerMetricsJettyTests extends ServerMetricsIntegrationTests {

}
