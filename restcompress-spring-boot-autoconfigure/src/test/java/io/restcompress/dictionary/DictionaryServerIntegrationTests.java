package io.restcompress.dictionary;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * Compression dictionaries on Spring MVC and Tomcat.
 */
@SpringBootTest(classes = DictionaryTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.dictionary.enabled=true", "restcompress.server.excluded-paths=/api/excluded/**", "management.endpoints.web.exposure.include=restcompressdictionaries" })
class DictionaryServerIntegrationTests extends AbstractDictionaryServerTests {

}
