package io.restcompress.client;

import java.io.IOException;
import java.io.InputStream;

import org.apache.hc.core5.http.io.EofSensorInputStream;

import org.springframework.util.ClassUtils;

/**
 * Abandons a response body that an HTTP library would otherwise drain when the response is
 * closed: Apache HttpClient's stream is aborted, which closes its connection; any other is
 * closed before the response, which the JDK's client and {@code HttpURLConnection} take as the
 * end of the exchange, and which leaves the library's drain nothing to read.
 */
final class ReceivedBodies {

	private static final boolean APACHE_PRESENT = ClassUtils.isPresent(
			"org.apache.hc.core5.http.io.EofSensorInputStream", ReceivedBodies.class.getClassLoader());

	private ReceivedBodies() {
	}

	static void abandon(InputStream received) throws IOException {
		if (APACHE_PRESENT && Apache.abort(received)) {
			return;
		}
		received.close();
	}

	private static final class Apache {

		static boolean abort(InputStream received) throws IOException {
			if (received instanceof EofSensorInputStream sensor) {
				sensor.abort();
				return true;
			}
			return false;
		}

	}

}
