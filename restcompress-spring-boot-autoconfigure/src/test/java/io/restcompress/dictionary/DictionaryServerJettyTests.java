package io.restcompress.dictionary;

/**
 * {@link DictionaryServerIntegrationTests} on Jetty (run by the jetty execution, without Tomcat
 * on the classpath).
 */
class DictionaryServerJettyTests extends DictionaryServerIntegrationTests {

}
