package io.restcompress.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class SampleApplication {

	@Bean
	StreamPacing streamPacing() {
		return (line) -> Thread.sleep(50);
	}

	public static void main(String[] args) {
		SpringApplication.run(SampleApplication.class, args);
	}

}
