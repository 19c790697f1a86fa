package io.restcompress.server;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * A web application with the starter's auto-configuration and the test endpoints.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({ TestEndpoints.Compressed.class, TestEndpoints.Plain.class })
class ServerTestApplication {

}
