package io.restcompress.server;

/**
 * {@link ResponseEncodingIntegrationTests} on Jetty (run by the jetty execution, without Tomcat
 * on the classpath).
 */
class ResponseEncodingJettyTests extends ResponseEncodingIntegrationTests {

}
