package io.restcompress.server;

/**
 * {@link FieldLinesIntegrationTests} on Jetty (run by the jetty execution, without Tomcat on the
 * classpath).
 */
class FieldLinesJettyTests extends FieldLinesIntegrationTests {

}
