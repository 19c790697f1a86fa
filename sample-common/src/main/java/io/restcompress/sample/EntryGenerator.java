package io.restcompress.sample;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Generates the sample documents' entries, the same ones for a given seed: sequential ids,
 * dates a few minutes apart, logins and ids drawn from small sets, as in typical REST payloads.
 */
public final class EntryGenerator {

	private static final String[] FIRST_NAMES = { "alice", "bob", "carol", "dave", "erin", "frank", "grace",
			"heidi", "ivan", "judy", "mallory", "niaj", "olivia", "peggy", "rupert", "sybil", "trent", "victor" };

	private static final String[] LAST_NAMES = { "anderson", "brown", "clark", "davis", "evans", "fischer",
			"garcia", "hernandez", "jackson", "johnson", "martinez", "robinson", "thompson", "williams" };

	private static final Instant START = Instant.parse("2014-03-01T08:00:00Z");

	private EntryGenerator() {
	}

	/**
	 * Generates entries.
	 * @param count how many
	 * @param seed the seed; the same seed gives the same entries
	 * @return the entries
	 */
	public static List<Entry> generate(int count, long seed) {
		SplittableRandom random = new SplittableRandom(seed);
		UUID[] accounts = new UUID[256];
		for (int i = 0; i < accounts.length; i++) {
			accounts[i] = new UUID(random.nextLong(), random.nextLong());
		}
		List<Entry> entries = new ArrayList<>(count);
		Instant date = START;
		for (int i = 0; i < count; i++) {
			date = date.plus(random.nextInt(1, 600), ChronoUnit.SECONDS).plusMillis(random.nextInt(1000));
			String login = FIRST_NAMES[random.nextInt(FIRST_NAMES.length)] + "."
					+ LAST_NAMES[random.nextInt(LAST_NAMES.length)] + "@users.example-corp.com";
			String someId = "customer-account-" + accounts[random.nextInt(accounts.length)];
			entries.add(new Entry(10_000_000 + i, date.toString(), login, random.nextBoolean(), someId));
		}
		return entries;
	}

}
