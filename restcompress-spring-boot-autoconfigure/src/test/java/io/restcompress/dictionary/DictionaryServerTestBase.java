package io.restcompress.dictionary;

import java.net.http.HttpClient;

import org.junit.jupiter.api.BeforeEach;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * What the dictionary tests over real HTTP share: the server's port, the test application's
 * versioned resources (at version 1 before each test) and an HTTP/1.1 client.
 */
abstract class DictionaryServerTestBase {

	@LocalServerPort
	int port;

	@Autowired
	DictionaryTestApplication.Versions versions;

	final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@BeforeEach
	void firstVersion() {
		this.versions.version = 1;
	}

}
