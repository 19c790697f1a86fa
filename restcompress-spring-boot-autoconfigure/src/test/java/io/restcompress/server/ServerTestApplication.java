package io.restcompress.server;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * A web application with the starter's auto-configuration and the test endpoints.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({ TestEndpoints.Compressed.class, TestEndpoints.Plain.class, FieldLineEndpoints.class })
class ServerTestApplication {

	@Bean
	ServletRegistrationBean<TestEndpoints.FragmentServlet> fragmentServlet() {
		return new ServletRegistrationBean<>(new TestEndpoints.FragmentServlet(), "/fragment");
	}

}
