package io.restcompress.sample.reactive;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The sample app's endpoints on Spring WebFlux and Reactor Netty. Scans all of
 * {@code io.restcompress.sample}, as the servlet sample does, so that the benchmark's extra
 * endpoint on {@code loader.path} is found.
 */
@SpringBootApplication(scanBasePackages = "io.restcompress.sample")
public class ReactiveSampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(ReactiveSampleApplication.class, args);
	}

}
