package io.restcompress.dictionary;

import org.springframework.boot.test.context.SpringBootTest;

/**
 * Dictionaries below WebFlux's base path, on Reactor Netty.
 */
@SpringBootTest(classes = DictionaryTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "restcompress.dictionary.enabled=true", "spring.webflux.base-path=/app",
				"management.endpoints.web.exposure.include=restcompressdictionaries",
				"spring.main.web-application-type=reactive" })
class ReactiveContextPathDictionaryIntegrationTests extends AbstractContextPathDictionaryTests {

}
