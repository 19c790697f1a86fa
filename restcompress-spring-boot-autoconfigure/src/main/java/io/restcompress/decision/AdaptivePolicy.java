package io.restcompress.decision;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongSupplier;

import io.restcompress.metrics.Bandwidth;
import io.restcompress.metrics.DecisionReason;

import org.jspecify.annotations.Nullable;

/**
 * Chooses, among identity and the rungs a peer accepts, the one predicted to deliver a body
 * soonest: encode time + encoded size / bandwidth + decode time, against identity size /
 * bandwidth. With a time budget, the rung with the smallest predicted output among those
 * whose predicted encode time fits the budget, or the fastest encoder when none fits. A link
 * without a bandwidth (loopback, this host) gets identity. A peer that refuses identity gets
 * the rung predicted fastest, transfer aside on a link without a bandwidth. Now and then it
 * explores: it chooses a rung other than the best, at random, to measure it. Thread-safe.
 */
public final class AdaptivePolicy {

	/**
	 * The length assumed for a body whose length is not known when the decision is due (a
	 * streamed response): only the budget depends on it, since every other term of the
	 * prediction grows with the length alike.
	 */
	static final long UNKNOWN_LENGTH = 64 * 1024;

	/**
	 * One decision in this many, on average, measures the runner-up again, once every rung near
	 * the best is learned; under a time budget, the rung with the smallest output that the
	 * budget left out.
	 */
	static final int EXPLORE_EVERY = 64;

	/**
	 * One decision in this many measures the most promising rung still on its seed (not only
	 * the runner-up: a third rung whose seed is too pessimistic would otherwise never be
	 * measured), so that a rung the seeds underrate is measured within a few dozen bodies, JIT
	 * warm-up included.
	 */
	static final int EXPLORE_UNLEARNED_EVERY = 4;

	/**
	 * A rung predicted more than this many times slower than the best, or, under a time budget,
	 * to take more than this many times the budget, is not measured.
	 */
	static final double EXPLORE_MARGIN = 2;

	private final LearnedPerformance performance;

	private final boolean explore;

	private final LongSupplier draws;

	/**
	 * Creates a policy that explores.
	 * @param performance the learned performance it predicts with
	 */
	public AdaptivePolicy(LearnedPerformance performance) {
		this(performance, true);
	}

	/**
	 * Creates a policy.
	 * @param performance the learned performance it predicts with
	 * @param explore whether it now and then chooses a rung close to the best to measure it
	 */
	public AdaptivePolicy(LearnedPerformance performance, boolean explore) {
		this(performance, explore, () -> ThreadLocalRandom.current().nextLong(EXPLORE_EVERY));
	}

	/**
	 * Creates a policy that explores when a draw is a multiple of
	 * {@value #EXPLORE_UNLEARNED_EVERY} or {@value #EXPLORE_EVERY}. Draws at random keep one
	 * stream of decisions from taking every exploring draw while another, interleaved with it
	 * (another link, content type, or side), never gets one.
	 */
	AdaptivePolicy(LearnedPerformance performance, boolean explore, LongSupplier draws) {
		this.performance = performance;
		this.explore = explore;
		this.draws = draws;
	}

	/**
	 * Returns the learned performance the policy predicts with.
	 * @return the table
	 */
	public LearnedPerformance performance() {
		return this.performance;
	}

	/**
	 * Chooses for one body.
	 * @param candidates the rungs the peer accepts, most preferred first
	 * @param link the link to the peer
	 * @param contentType the body's content type, or {@code null}
	 * @param identityLength the body's length, or {@code -1} if unknown
	 * @param timeBudget the longest predicted encode time allowed, or {@code null} for none
	 * @return the choice
	 */
	public AdaptiveChoice choose(List<LadderRung> candidates, NetworkLink link, @Nullable String contentType,
			long identityLength, @Nullable Duration timeBudget) {
		return choose(candidates, link, contentType, identityLength, timeBudget, true);
	}

	/**
	 * Chooses for one body, for a peer that may refuse identity.
	 * @param candidates the rungs the peer accepts, most preferred first
	 * @param link the link to the peer
	 * @param contentType the body's content type, or {@code null}
	 * @param identityLength the body's length, or {@code -1} if unknown
	 * @param timeBudget the longest predicted encode time allowed, or {@code null} for none
	 * @param identityAcceptable whether the peer accepts the body as it is; if not, identity is
	 * chosen only when there is no candidate
	 * @return the choice
	 */
	public AdaptiveChoice choose(List<LadderRung> candidates, NetworkLink link, @Nullable String contentType,
			long identityLength, @Nullable Duration timeBudget, boolean identityAcceptable) {
		return decide(candidates, link, contentType, identityLength, timeBudget, identityAcceptable, this.explore);
	}

	/**
	 * Predicts the choice for one body without ever exploring: what {@link #choose} makes of
	 * the estimates as they stand.
	 * @param candidates the rungs the peer accepts, most preferred first
	 * @param link the link to the peer
	 * @param contentType the body's content type, or {@code null}
	 * @param identityLength the body's length, or {@code -1} if unknown
	 * @param timeBudget the longest predicted encode time allowed, or {@code null} for none
	 * @return the choice
	 */
	public AdaptiveChoice predict(List<LadderRung> candidates, NetworkLink link, @Nullable String contentType,
			long identityLength, @Nullable Duration timeBudget) {
		return predict(candidates, link, contentType, identityLength, timeBudget, true);
	}

	/**
	 * Predicts the choice for one body, for a peer that may refuse identity, without ever
	 * exploring.
	 * @param candidates the rungs the peer accepts, most preferred first
	 * @param link the link to the peer
	 * @param contentType the body's content type, or {@code null}
	 * @param identityLength the body's length, or {@code -1} if unknown
	 * @param timeBudget the longest predicted encode time allowed, or {@code null} for none
	 * @param identityAcceptable whether the peer accepts the body as it is
	 * @return the choice
	 */
	public AdaptiveChoice predict(List<LadderRung> candidates, NetworkLink link, @Nullable String contentType,
			long identityLength, @Nullable Duration timeBudget, boolean identityAcceptable) {
		return decide(candidates, link, contentType, identityLength, timeBudget, identityAcceptable, false);
	}

	private AdaptiveChoice decide(List<LadderRung> candidates, NetworkLink link, @Nullable String contentType,
			long identityLength, @Nullable Duration timeBudget, boolean identityAcceptable, boolean explore) {
		Bandwidth bandwidth = link.bandwidth();
		if (bandwidth == null && (identityAcceptable || candidates.isEmpty())) {
			return new AdaptiveChoice(null, DecisionReason.FAST_LINK, link, 0, 0);
		}
		double length = (identityLength >= 0) ? identityLength : UNKNOWN_LENGTH;
		double nanosPerWireByte = (bandwidth != null) ? 1e9 / bandwidth.toBytesPerSecond() : 0;
		double identityNanos = length * nanosPerWireByte;
		if (timeBudget != null) {
			return withinBudget(candidates, link, contentType, length, nanosPerWireByte, identityNanos,
					nanos(timeBudget), explore);
		}
		return fastest(candidates, link, contentType, length, nanosPerWireByte, identityNanos, identityAcceptable,
				explore);
	}

	/**
	 * A budget in nanoseconds; one too long for a {@code long} (about 292 years) is as good as
	 * none.
	 */
	private static long nanos(Duration timeBudget) {
		try {
			return timeBudget.toNanos();
		}
		catch (ArithmeticException ex) {
			return Long.MAX_VALUE;
		}
	}

	/**
	 * Predicts the time to deliver a body with one rung, or as it is.
	 * @param rung the rung, or {@code null} for identity
	 * @param link the link to the peer, with a bandwidth
	 * @param contentType the body's content type, or {@code null}
	 * @param identityLength the body's length
	 * @return the predicted time to encode, transfer and decode it
	 */
	public double predictedNanos(@Nullable LadderRung rung, NetworkLink link, @Nullable String contentType,
			long identityLength) {
		if (link.bandwidth() == null) {
			throw new IllegalArgumentException("Link " + link.name() + " has no bandwidth to predict with");
		}
		double nanosPerWireByte = 1e9 / link.bandwidth().toBytesPerSecond();
		if (rung == null) {
			return identityLength * nanosPerWireByte;
		}
		return predictedNanos(this.performance.estimate(rung.option(), contentType), identityLength, nanosPerWireByte);
	}

	private AdaptiveChoice fastest(List<LadderRung> candidates, NetworkLink link, @Nullable String contentType,
			double length, double nanosPerWireByte, double identityNanos, boolean identityAcceptable,
			boolean explore) {
		LadderRung best = null;
		double bestNanos = identityAcceptable ? identityNanos : Double.POSITIVE_INFINITY;
		double[] predicted = new double[candidates.size()];
		for (int i = 0; i < predicted.length; i++) {
			predicted[i] = predictedNanos(this.performance.estimate(candidates.get(i).option(), contentType), length,
					nanosPerWireByte);
			if (predicted[i] < bestNanos) {
				best = candidates.get(i);
				bestNanos = predicted[i];
			}
		}
		if (explore) {
			AdaptiveChoice exploring = explore(candidates, predicted, best, bestNanos, link, contentType, identityNanos);
			if (exploring != null) {
				return exploring;
			}
		}
		if (best == null) {
			return new AdaptiveChoice(null, DecisionReason.IDENTITY_FASTEST, link, identityNanos, identityNanos);
		}
		return new AdaptiveChoice(best, DecisionReason.FASTEST, link, bestNanos, identityNanos);
	}

	/**
	 * Now and then chooses a rung other than the best to measure it: the most promising rung
	 * still on its seed, one decision in {@value #EXPLORE_UNLEARNED_EVERY}, else the runner-up,
	 * one in {@value #EXPLORE_EVERY}; never one predicted more than {@value #EXPLORE_MARGIN}
	 * times slower than the best (or than identity, when the best is identity).
	 */
	private @Nullable AdaptiveChoice explore(List<LadderRung> candidates, double[] predicted, @Nullable LadderRung best,
			double bestNanos, NetworkLink link, @Nullable String contentType, double identityNanos) {
		int runnerUp = -1;
		int unlearned = -1;
		for (int i = 0; i < predicted.length; i++) {
			LadderRung rung = candidates.get(i);
			if (rung == best || predicted[i] > EXPLORE_MARGIN * bestNanos) {
				continue;
			}
			if (runnerUp == -1 || predicted[i] < predicted[runnerUp]) {
				runnerUp = i;
			}
			if (!this.performance.isLearned(rung.option(), contentType)
					&& (unlearned == -1 || predicted[i] < predicted[unlearned])) {
				unlearned = i;
			}
		}
		int chosen = drawn(runnerUp, unlearned);
		return (chosen != -1) ? new AdaptiveChoice(candidates.get(chosen), DecisionReason.EXPLORING, link,
				predicted[chosen], identityNanos) : null;
	}

	/**
	 * Draws whether to explore: the rung still on its seed one time in
	 * {@value #EXPLORE_UNLEARNED_EVERY}, else the learned one one time in
	 * {@value #EXPLORE_EVERY}.
	 * @return the index to explore, or {@code -1}
	 */
	private int drawn(int learned, int unlearned) {
		if (learned == -1 && unlearned == -1) {
			return -1;
		}
		long draw = this.draws.getAsLong();
		if (unlearned != -1 && draw % EXPLORE_UNLEARNED_EVERY == 0) {
			return unlearned;
		}
		return (learned != -1 && draw % EXPLORE_EVERY == 0) ? learned : -1;
	}

	private AdaptiveChoice withinBudget(List<LadderRung> candidates, NetworkLink link, @Nullable String contentType,
			double length, double nanosPerWireByte, double identityNanos, long budgetNanos, boolean explore) {
		CodingPerformance[] estimates = new CodingPerformance[candidates.size()];
		int smallest = -1;
		int quickest = -1;
		double quickestEncode = Double.MAX_VALUE;
		for (int i = 0; i < estimates.length; i++) {
			estimates[i] = this.performance.estimate(candidates.get(i).option(), contentType);
			double encodeNanos = length * estimates[i].encodeNanosPerByte();
			if (encodeNanos <= budgetNanos && (smallest == -1 || estimates[i].ratio() < estimates[smallest].ratio())) {
				smallest = i;
			}
			if (encodeNanos < quickestEncode) {
				quickest = i;
				quickestEncode = encodeNanos;
			}
		}
		int chosen = (smallest != -1) ? smallest : quickest;
		if (chosen == -1) {
			return new AdaptiveChoice(null, DecisionReason.IDENTITY_FASTEST, link, identityNanos, identityNanos);
		}
		int exploring = explore ? exploreBeyondBudget(candidates, estimates, contentType, length, budgetNanos,
				estimates[chosen].ratio()) : -1;
		int sent = (exploring != -1) ? exploring : chosen;
		DecisionReason reason = (exploring != -1) ? DecisionReason.EXPLORING
				: (smallest != -1) ? DecisionReason.WITHIN_BUDGET : DecisionReason.OVER_BUDGET;
		return new AdaptiveChoice(candidates.get(sent), reason, link,
				predictedNanos(estimates[sent], length, nanosPerWireByte), identityNanos);
	}

	/**
	 * Now and then, under a time budget, chooses a rung that the budget left out although it
	 * sends less, so that an estimate that went wrong (a body that met a pause) can come back:
	 * the one with the smallest output still on its seed one decision in
	 * {@value #EXPLORE_UNLEARNED_EVERY}, else the one with the smallest output one in
	 * {@value #EXPLORE_EVERY}; never one predicted to take more than {@value #EXPLORE_MARGIN}
	 * times the budget.
	 * @return the index of the rung to explore, or {@code -1}
	 */
	private int exploreBeyondBudget(List<LadderRung> candidates, CodingPerformance[] estimates,
			@Nullable String contentType, double length, long budgetNanos, double chosenRatio) {
		int smallest = -1;
		int unlearned = -1;
		double smallestRatio = chosenRatio;
		double unlearnedRatio = chosenRatio;
		for (int i = 0; i < estimates.length; i++) {
			double encodeNanos = length * estimates[i].encodeNanosPerByte();
			if (encodeNanos <= budgetNanos || encodeNanos > EXPLORE_MARGIN * budgetNanos) {
				continue;
			}
			if (estimates[i].ratio() < smallestRatio) {
				smallest = i;
				smallestRatio = estimates[i].ratio();
			}
			if (!this.performance.isLearned(candidates.get(i).option(), contentType)
					&& estimates[i].ratio() < unlearnedRatio) {
				unlearned = i;
				unlearnedRatio = estimates[i].ratio();
			}
		}
		return drawn(smallest, unlearned);
	}

	private static double predictedNanos(CodingPerformance estimate, double length, double nanosPerWireByte) {
		return length * (estimate.encodeNanosPerByte() + estimate.ratio() * nanosPerWireByte
				+ estimate.decodeNanosPerByte());
	}

}
