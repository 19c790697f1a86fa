package io.restcompress.server;

/**
 * {@link ConditionalAndStreamingIntegrationTests} on Jetty (run by the jetty execution, without Tomcat
 * on the classpath).
 */
class ConditionalAndStreamingJettyTests extends ConditionalAndStreamingIntegrationTests {

}
