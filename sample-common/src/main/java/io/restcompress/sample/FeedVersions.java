package io.restcompress.sample;

import java.util.ArrayList;
import java.util.List;

/**
 * The versions of the polled feed document: the 10,000 entries of the fixed document (seed 42),
 * of which each version changes a few, as a resource that clients poll changes between polls.
 * The same version number always gives the same entries.
 */
public final class FeedVersions {

	private static final int ENTRIES = 10_000;

	private static final int CHANGES_PER_VERSION = 10;

	private static final List<Entry> BASE = EntryGenerator.generate(ENTRIES, 42);

	private FeedVersions() {
	}

	/**
	 * Returns the entries of a version: version 0 is the fixed document, each later one changes
	 * ten more entries (their flag and date).
	 * @param version the version, 0 or more
	 * @return the entries
	 */
	public static List<Entry> entries(int version) {
		List<Entry> entries = new ArrayList<>(BASE);
		for (int v = 1; v <= version; v++) {
			for (int k = 0; k < CHANGES_PER_VERSION; k++) {
				int index = (int) ((v * 7919L + k * 997L) % ENTRIES);
				Entry old = entries.get(index);
				entries.set(index, new Entry(old.id(), old.date().replace('Z', '1') + "Z", old.login(), !old.flag(),
						old.someId()));
			}
		}
		return entries;
	}

}
