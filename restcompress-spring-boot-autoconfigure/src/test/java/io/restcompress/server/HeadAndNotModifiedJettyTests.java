package io.restcompress.server;

/**
 * {@link HeadAndNotModifiedIntegrationTests} on Jetty (run by the jetty execution, without Tomcat
 * on the classpath).
 */
class HeadAndNotModifiedJettyTests extends HeadAndNotModifiedIntegrationTests {

}
