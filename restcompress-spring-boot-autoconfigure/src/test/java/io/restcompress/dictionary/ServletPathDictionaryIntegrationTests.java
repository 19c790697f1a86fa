package io.restcompress.dictionary;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * Dictionaries of a Spring MVC application whose DispatcherServlet is mapped below a path of
 * its own ({@code spring.mvc.servlet.path}), below a context path as well: the handlers'
 * paths, and the trained dictionaries' URLs, are below both.
 */
@SpringBootTest(classes = DictionaryTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.dictionary.enabled=true", "server.servlet.context-path=/app",
				"spring.mvc.servlet.path=/v1", "management.endpoints.web.exposure.include=restcompressdictionaries" })
class ServletPathDictionaryIntegrationTests extends AbstractContextPathDictionaryTests {

	@Override
	String base() {
		return CONTEXT + "/v1";
	}

}
