package io.restcompress.benchmarks.e2e;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.restcompress.benchmarks.Codings;
import io.restcompress.benchmarks.Sinks;
import io.restcompress.codec.ContentCodec;
import io.restcompress.metrics.BreakEven;

/**
 * Predicts the end-to-end crossovers with {@link BreakEven} from this machine's single-thread
 * codec speeds on the body that is transferred: for each mode, the link speed above which its
 * coding stops paying against no compression, and for each pair of modes, the link speed above
 * which the faster one wins. Writes JSON for the harness's summary.
 * <p>
 * Options: {@code --body FILE --modes lzf=lzf,zstd=zstd-1,gzip=gzip-1,boot-gzip=gzip-6
 * --seconds S --out FILE}.
 */
public final class BreakEvenPrediction {

	private BreakEvenPrediction() {
	}

	public static void main(String[] args) throws IOException {
		Map<String, String> options = new LinkedHashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
		}
		byte[] body = Files.readAllBytes(Path.of(options.get("body")));
		double seconds = Double.parseDouble(options.getOrDefault("seconds", "1"));
		List<Speed> speeds = new ArrayList<>();
		for (String pair : options.getOrDefault("modes", "lzf=lzf,zstd=zstd-1,gzip=gzip-1,boot-gzip=gzip-6").split(",")) {
			String[] parts = pair.split("=");
			Codings.create(parts[1]).ifPresent((codec) -> {
				try {
					speeds.add(measure(parts[0], parts[1], codec, body, seconds));
				}
				catch (IOException ex) {
					throw new IllegalStateException(ex);
				}
				finally {
					Codings.close(codec);
				}
			});
		}
		StringBuilder json = new StringBuilder("{\n  \"bodyBytes\": ").append(body.length).append(",\n  \"modes\": {");
		for (int i = 0; i < speeds.size(); i++) {
			Speed speed = speeds.get(i);
			double roundTrip = BreakEven.roundTripSpeed(speed.encode, speed.decode);
			json.append(String.format(Locale.ROOT,
					"%s\n    \"%s\": {\"coding\": \"%s\", \"ratio\": %.5f, \"encodeMBps\": %.1f, \"decodeMBps\": %.1f, "
							+ "\"roundTripMBps\": %.1f, \"paysBelowMbit\": %.1f}",
					(i == 0) ? "" : ",", speed.mode, speed.coding, speed.ratio, speed.encode / 1e6, speed.decode / 1e6,
					roundTrip / 1e6, megabits(BreakEven.linkSpeed(speed.ratio, roundTrip))));
		}
		json.append("\n  },\n  \"crossovers\": [");
		String separator = "";
		for (int i = 0; i < speeds.size(); i++) {
			for (int j = i + 1; j < speeds.size(); j++) {
				Speed a = speeds.get(i);
				Speed b = speeds.get(j);
				double speedA = BreakEven.roundTripSpeed(a.encode, a.decode);
				double speedB = BreakEven.roundTripSpeed(b.encode, b.decode);
				Speed fast = (speedA >= speedB) ? a : b;
				Speed slow = (fast == a) ? b : a;
				double above = BreakEven.fasterWinsAbove(fast.ratio, Math.max(speedA, speedB), slow.ratio,
						Math.min(speedA, speedB));
				json.append(String.format(Locale.ROOT, "%s\n    {\"fast\": \"%s\", \"slow\": \"%s\", \"fastWinsAboveMbit\": %.1f}",
						separator, fast.mode, slow.mode, megabits(above)));
				separator = ",";
			}
		}
		json.append("\n  ]\n}\n");
		Files.writeString(Path.of(options.get("out")), json);
		System.out.print(json);
	}

	private static double megabits(double bytesPerSecond) {
		return bytesPerSecond * 8 / 1e6;
	}

	private static Speed measure(String mode, String coding, ContentCodec codec, byte[] body, double seconds)
			throws IOException {
		Sinks.Buffer encoded = new Sinks.Buffer(body.length);
		byte[] chunk = new byte[16 * 1024];
		long deadline = System.nanoTime() + (long) (seconds * 1e9);
		while (System.nanoTime() < deadline) {
			encode(codec, body, encoded);
			Sinks.drain(codec.decoder(encoded.asInputStream()), chunk);
		}
		int encodes = 0;
		long start = System.nanoTime();
		while (encodes < 3 || System.nanoTime() - start < seconds * 1e9) {
			encode(codec, body, encoded);
			encodes++;
		}
		double encodeSpeed = (double) body.length * encodes / ((System.nanoTime() - start) / 1e9);
		byte[] encodedBody = encoded.toByteArray();
		int decodes = 0;
		start = System.nanoTime();
		while (decodes < 3 || System.nanoTime() - start < seconds * 1e9) {
			Sinks.drain(codec.decoder(new ByteArrayInputStream(encodedBody)), chunk);
			decodes++;
		}
		double decodeSpeed = (double) body.length * decodes / ((System.nanoTime() - start) / 1e9);
		return new Speed(mode, coding, (double) encodedBody.length / body.length, encodeSpeed, decodeSpeed);
	}

	private static void encode(ContentCodec codec, byte[] body, Sinks.Buffer target) throws IOException {
		target.reset();
		try (OutputStream encoder = codec.encoder(target)) {
			encoder.write(body);
		}
	}

	private record Speed(String mode, String coding, double ratio, double encode, double decode) {
	}

}
