package io.restcompress.server;

/**
 * {@link BootServerCompressionIntegrationTests} on Jetty (run by the jetty execution, without Tomcat on the
 * classpath).
 */
class BootServerCompressionJettyTests extends BootServerCompressionIntegrationTests {

}
