package io.restcompress.decision;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

import io.restcompress.metrics.DecisionReason;
import io.restcompress.metrics.Side;

import org.jspecify.annotations.Nullable;

/**
 * What the adaptive decision chose per side and link since the application started, for the
 * {@code restcompress} endpoint: how often each choice was made and for which reason, and the
 * latest choice with its prediction. Bounded by the links, rungs and reasons. Thread-safe.
 */
public final class DecisionLog {

	private final Map<Key, LongAdder> counts = new ConcurrentHashMap<>();

	private final Map<String, AtomicReference<AdaptiveChoice>> latest = new ConcurrentHashMap<>();

	void record(Side side, AdaptiveChoice choice) {
		String link = choice.link().name();
		this.counts.computeIfAbsent(new Key(side, link, choice.label(), choice.reason()), (key) -> new LongAdder())
			.increment();
		this.latest.computeIfAbsent(side + " " + link, (key) -> new AtomicReference<>()).set(choice);
	}

	/**
	 * Returns the counts recorded so far, by side, link, choice and reason.
	 * @return the counts
	 */
	public List<Entry> entries() {
		List<Entry> entries = new ArrayList<>();
		this.counts.forEach((key, count) -> entries
			.add(new Entry(key.side(), key.link(), key.choice(), key.reason(), count.sum())));
		entries.sort(Comparator.comparing(Entry::side).thenComparing(Entry::link).thenComparing(Entry::choice));
		return entries;
	}

	/**
	 * Returns the latest choice for a side and link.
	 * @param side the side
	 * @param link the link's name
	 * @return the choice, or {@code null} if none was made
	 */
	public @Nullable AdaptiveChoice latest(Side side, String link) {
		AtomicReference<AdaptiveChoice> choice = this.latest.get(side + " " + link);
		return (choice != null) ? choice.get() : null;
	}

	/**
	 * How often a choice was made.
	 * @param side the side that made it
	 * @param link the link to the peers
	 * @param choice the coding and level, or {@code identity}
	 * @param reason why
	 * @param count how often
	 */
	public record Entry(Side side, String link, String choice, DecisionReason reason, long count) {

	}

	private record Key(Side side, String link, String choice, DecisionReason reason) {

	}

}
