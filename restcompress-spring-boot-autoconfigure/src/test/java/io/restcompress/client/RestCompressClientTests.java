package io.restcompress.client;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.core.Ordered;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestTemplate;

import static org.assertj.core.api.Assertions.assertThat;

class RestCompressClientTests {

	private final ClientCompression compression = ClientCompression.builder(PlainOrigin.CODECS).build();

	@Test
	void disablingARestTemplateLeavesItsOtherInterceptorsInTheirOrder() {
		ClientHttpRequestInterceptor unordered = (request, body, execution) -> execution.execute(request, body);
		ClientHttpRequestInterceptor first = new OrderedInterceptor();
		RestTemplate restTemplate = new RestTemplate();
		restTemplate.getInterceptors().addAll(List.of(unordered, new ClientCompressionInterceptor(this.compression), first));
		RestCompressClient.disable(restTemplate);
		assertThat(restTemplate.getInterceptors()).containsExactly(unordered, first);
	}

	@Test
	void disablingARestTemplatePutsTheLibrarysFactoryBackInPlaceOfTheStreamingOne() {
		JdkClientHttpRequestFactory library = new JdkClientHttpRequestFactory();
		RestTemplate restTemplate = new RestTemplate(new StreamingCompressionRequestFactory(library, this.compression));
		RestCompressClient.disable(restTemplate);
		assertThat(restTemplate.getRequestFactory()).isSameAs(library);
	}

	private static final class OrderedInterceptor implements ClientHttpRequestInterceptor, Ordered {

		@Override
		public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
				throws IOException {
			return execution.execute(request, body);
		}

		@Override
		public int getOrder() {
			return Ordered.HIGHEST_PRECEDENCE;
		}

	}

}
