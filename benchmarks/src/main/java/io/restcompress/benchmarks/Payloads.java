package io.restcompress.benchmarks;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * JSON documents shaped like the sample app's: an array of entries with a sequential id, a
 * timestamp, a login and an account id from small sets, and a flag. The same seed gives the same
 * bytes.
 */
public final class Payloads {

	private static final String[] USERS = { "alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi",
			"ivan", "judy", "mallory", "niaj", "olivia", "peggy", "rupert", "sybil", "trent", "victor" };

	private static final String[] FAMILIES = { "anderson", "brown", "clark", "davis", "evans", "fischer", "garcia",
			"hernandez", "jackson", "johnson", "martinez", "robinson", "thompson", "williams" };

	private Payloads() {
	}

	/**
	 * Returns a document of {@code entries} entries, about 177 bytes each.
	 * @param entries how many entries
	 * @param seed the random seed
	 * @return the UTF-8 JSON bytes
	 */
	public static byte[] document(int entries, long seed) {
		SplittableRandom random = new SplittableRandom(seed);
		String[] accounts = new String[200];
		for (int i = 0; i < accounts.length; i++) {
			accounts[i] = new UUID(random.nextLong(), random.nextLong()).toString();
		}
		StringBuilder json = new StringBuilder(entries * 180 + 2).append('[');
		long millis = Instant.parse("2015-06-01T09:30:00Z").toEpochMilli();
		for (int i = 0; i < entries; i++) {
			millis += random.nextLong(1_000, 600_000);
			json.append((i == 0) ? "" : ",")
				.append("{\"id\":")
				.append(20_000_000 + i)
				.append(",\"date\":\"")
				.append(Instant.ofEpochMilli(millis))
				.append("\",\"login\":\"")
				.append(USERS[random.nextInt(USERS.length)])
				.append('.')
				.append(FAMILIES[random.nextInt(FAMILIES.length)])
				.append("@users.example-corp.com\",\"boolean\":")
				.append(random.nextBoolean())
				.append(",\"someId\":\"customer-account-")
				.append(accounts[random.nextInt(accounts.length)])
				.append("\"}");
		}
		return json.append(']').toString().getBytes(StandardCharsets.UTF_8);
	}

}
