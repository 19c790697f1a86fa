package io.restcompress.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Decompression bombs from a foreign origin against every client, in a JVM of its own with a
 * 256 MB heap that exits on {@link OutOfMemoryError}: see {@link ClientBombProbe}.
 */
class ClientBombTests {

	@Test
	void everyClientRefusesA1GiBBombInEveryCodingAndStillStreamsLargeBodiesOnASmallHeap(@TempDir Path temp)
			throws IOException, InterruptedException {
		Path output = temp.resolve("probe.log");
		Process probe = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Xmx256m", "-XX:+ExitOnOutOfMemoryError", "-cp", System.getProperty("java.class.path"),
				ClientBombProbe.class.getName())
			.redirectErrorStream(true)
			.redirectOutput(output.toFile())
			.start();
		boolean ended = probe.waitFor(10, TimeUnit.MINUTES);
		if (!ended) {
			probe.destroyForcibly();
		}
		String log = Files.readString(output, StandardCharsets.UTF_8);
		assertThat(ended).as(log).isTrue();
		assertThat(probe.exitValue()).as(log).isZero();
		List<String> lines = log.lines().toList();
		for (String client : List.of("RestTemplate", "RestClient", "WebClient", "WebClient, chunked body")) {
			for (String coding : ClientBombProbe.codings()) {
				assertThat(lines).as(log)
					.anyMatch((line) -> line.startsWith("refused " + client + " ") && line.contains("/bomb/" + coding
							+ ": Decoded " + coding + " response from ")
							&& line.endsWith("exceeds the client limit of 16777216 bytes (restcompress.client.max-decoded-size)"));
			}
		}
		for (String client : List.of("RestTemplate", "RestClient", "WebClient")) {
			assertThat(lines).as(log).anyMatch((line) -> line.startsWith("streamed " + client + " ")
					&& line.endsWith(": " + ClientBombProbe.DECODED + " bytes"));
		}
	}

}
