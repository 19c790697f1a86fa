package io.restcompress.server;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.ResultActions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The content-coding filter in a MockMvc test of the application, which Spring Boot's
 * {@code @AutoConfigureMockMvc} puts in front of the dispatcher servlet: synchronous and
 * asynchronous handlers answer as over HTTP.
 */
@SpringBootTest(classes = ServerTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.MOCK)
@AutoConfigureMockMvc
class MockMvcIntegrationTests {

	@Autowired
	private MockMvc mvc;

	@Test
	void encodesTheResponseOfASynchronousHandler() throws Exception {
		assertGzipEncodedLargeBody(this.mvc.perform(get("/large").header("Accept-Encoding", "gzip")));
	}

	@Test
	void encodesTheResponseOfADeferredResultAfterItsAsyncDispatch() throws Exception {
		MvcResult started = this.mvc.perform(get("/deferred").header("Accept-Encoding", "gzip"))
			.andExpect(request().asyncStarted())
			.andReturn();
		assertGzipEncodedLargeBody(this.mvc.perform(asyncDispatch(started)));
	}

	private static void assertGzipEncodedLargeBody(ResultActions result) throws Exception {
		byte[] body = result.andExpect(status().isOk())
			.andExpect(header().string("Content-Encoding", "gzip"))
			.andReturn()
			.getResponse()
			.getContentAsByteArray();
		assertThat(HttpTestClient.decode("gzip", body)).isEqualTo(TestEndpoints.LARGE);
	}

}
