package io.restcompress.server;

/**
 * {@link AdaptiveDecisionIntegrationTests} on Jetty (run by the jetty execution, without Tomcat on the
 * classpath).
 */
class AdaptiveDecisionJettyTests extends AdaptiveDecisionIntegrationTests {

}
