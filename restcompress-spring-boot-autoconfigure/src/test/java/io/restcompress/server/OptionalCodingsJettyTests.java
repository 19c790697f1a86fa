package io.restcompress.server;

/**
 * {@link OptionalCodingsIntegrationTests} on Jetty (run by the jetty execution, without Tomcat on the
 * classpath).
 */
class OptionalCodingsJettyTests extends OptionalCodingsIntegrationTests {

}
