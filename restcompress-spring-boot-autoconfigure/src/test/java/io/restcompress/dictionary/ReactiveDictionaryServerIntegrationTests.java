package io.restcompress.dictionary;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * Compression dictionaries on WebFlux and Reactor Netty.
 */
@SpringBootTest(classes = DictionaryTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.dictionary.enabled=true", "restcompress.server.excluded-paths=/api/excluded/**", "management.endpoints.web.exposure.include=restcompressdictionaries", "spring.main.web-application-type=reactive" })
class ReactiveDictionaryServerIntegrationTests extends AbstractDictionaryServerTests {

}
