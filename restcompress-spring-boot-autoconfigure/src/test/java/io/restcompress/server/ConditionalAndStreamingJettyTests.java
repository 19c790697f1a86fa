package io.restcompress.server;

/**
 * {@link ConditionalAndStreamingIntegrationTests} on Jetty (run by the jetty-websocket execution, without Tomcat
 * on the classpath).
 */
class ConditionalAndStreamingJettyTests extends ConditionalAndStreamingIntegrationTests {

}
