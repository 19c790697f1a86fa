package io.restcompress.dictionary;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * Dictionaries below a servlet context path, on Spring MVC and Tomcat.
 */
@SpringBootTest(classes = DictionaryTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.dictionary.enabled=true", "server.servlet.context-path=/app",
				"management.endpoints.web.exposure.include=restcompressdictionaries" })
class ContextPathDictionaryIntegrationTests extends AbstractContextPathDictionaryTests {

}
