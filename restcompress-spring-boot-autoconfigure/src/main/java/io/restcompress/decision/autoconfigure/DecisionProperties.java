package io.restcompress.decision.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the adaptive decision, which 'restcompress.server.decision' and
 * 'restcompress.client.decision' turn on.
 */
@ConfigurationProperties("restcompress.decision")
public class DecisionProperties {

	/**
	 * Comma-separated list of the codings and levels the adaptive decision chooses from, such
	 * as zstd:3 or lzf (its configured level); codings that are not available are left out.
	 */
	private List<String> ladder = new ArrayList<>(List.of("lzf", "lz4:1", "zstd:-1", "zstd:1", "zstd:3", "zstd:6",
			"gzip:1", "gzip:6", "br:4", "deflate:1"));

	/**
	 * How far one encoded body moves the learned speed and ratio of its coding and content
	 * type, between 0 (never: the seeded figures stay) and 1 (to the latest body).
	 */
	private double learningRate = 0.2;

	/**
	 * Whether the adaptive decision now and then sends a body with a coding predicted close to
	 * the best one, to measure it; without it, a coding the estimates underrate is never
	 * measured again.
	 */
	private boolean explore = true;

	public List<String> getLadder() {
		return this.ladder;
	}

	public void setLadder(List<String> ladder) {
		this.ladder = ladder;
	}

	public double getLearningRate() {
		return this.learningRate;
	}

	public void setLearningRate(double learningRate) {
		this.learningRate = learningRate;
	}

	public boolean isExplore() {
		return this.explore;
	}

	public void setExplore(boolean explore) {
		this.explore = explore;
	}

}
