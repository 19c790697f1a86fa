package io.restcompress.decision;

import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The figures the adaptive decision starts from before it has learned anything, from the
 * single-thread codec run on JSON and XML REST responses in docs/benchmarks.md: half the
 * measured encoder speeds (a busy server encodes slower than a benchmark, and guessing too
 * slow errs towards identity, which is never wrong), the measured decoder speeds (until this
 * application has decoded the coding itself) and the measured ratios. Levels the run did not
 * measure (zstd -1 and 6, lz4) are estimated from the neighbouring ones.
 */
final class SeedPerformance {

	/** The figures of a coding or level without a seed of its own. */
	static final CodingPerformance UNKNOWN = CodingPerformance.of(50, 150, 0.35);

	private static final Map<String, CodingPerformance> SEEDS = Map.ofEntries(
			Map.entry("lzf", CodingPerformance.of(190, 570, 0.33)),
			Map.entry("lz4", CodingPerformance.of(300, 1500, 0.28)),
			Map.entry("lz4:1", CodingPerformance.of(300, 1500, 0.28)),
			Map.entry("zstd:-1", CodingPerformance.of(180, 700, 0.19)),
			Map.entry("zstd", CodingPerformance.of(130, 650, 0.162)),
			Map.entry("zstd:1", CodingPerformance.of(130, 650, 0.162)),
			Map.entry("zstd:3", CodingPerformance.of(108, 610, 0.15)),
			Map.entry("zstd:6", CodingPerformance.of(45, 600, 0.138)),
			Map.entry("gzip", CodingPerformance.of(56, 300, 0.215)),
			Map.entry("gzip:1", CodingPerformance.of(56, 300, 0.215)),
			Map.entry("gzip:6", CodingPerformance.of(25, 350, 0.172)),
			Map.entry("deflate", CodingPerformance.of(54, 295, 0.215)),
			Map.entry("deflate:1", CodingPerformance.of(54, 295, 0.215)),
			Map.entry("br", CodingPerformance.of(26, 220, 0.143)),
			Map.entry("br:4", CodingPerformance.of(26, 220, 0.143)));

	private SeedPerformance() {
	}

	/**
	 * Returns the seed of a rung: its level's, else its coding's.
	 * @param option the rung
	 * @return the seed, or {@code null} for a coding without one (such as the dictionary
	 * codings)
	 */
	static @Nullable CodingPerformance find(CodingOption option) {
		CodingPerformance seed = SEEDS.get(option.label());
		return (seed != null) ? seed : SEEDS.get(option.coding());
	}

}
