package io.restcompress.decision;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.restcompress.codec.AcceptEncoding;
import io.restcompress.codec.ContentCodec;
import io.restcompress.codec.ContentCodecs;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The codings and levels the adaptive decision chooses from, built once from the configured
 * rungs and codecs: a rung whose coding is not available (brotli without brotli4j) is left
 * out. Closes the codecs it created when it is closed.
 */
public final class CodingLadder implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(CodingLadder.class);

	/** The codings restcompress has codecs for; a rung of one that is not available is left out. */
	private static final Set<String> BUILT_IN_CODINGS = Collections
		.unmodifiableSet(new TreeSet<>(Set.of("lzf", "lz4", "gzip", "deflate", "zstd", "br")));

	private final List<LadderRung> rungs;

	private final List<ContentCodec> created = new ArrayList<>();

	/**
	 * Builds the ladder.
	 * @param options the configured rungs
	 * @param codecs the available codecs, at their configured levels
	 * @throws IllegalArgumentException if a rung names a coding that is neither built in nor
	 * among the codecs, or a level its coding does not have
	 */
	public CodingLadder(List<CodingOption> options, ContentCodecs codecs) {
		List<LadderRung> rungs = new ArrayList<>();
		for (CodingOption option : options) {
			ContentCodec configured = codecs.find(option.coding()).orElse(null);
			if (configured == null && !BUILT_IN_CODINGS.contains(option.coding())) {
				throw new IllegalArgumentException("Unknown coding '" + option.coding()
						+ "' in the adaptive ladder (restcompress.decision.ladder): neither one of restcompress's "
						+ BUILT_IN_CODINGS + " nor a codec of the application");
			}
			if (configured == null) {
				logger.debug("Leaving " + option.label() + " out of the adaptive ladder: the coding is not available");
				continue;
			}
			ContentCodec codec = codecFor(option, configured);
			if (codec != configured) {
				this.created.add(codec);
			}
			rungs.add(new LadderRung(option, codec));
		}
		this.rungs = List.copyOf(rungs);
	}

	private static ContentCodec codecFor(CodingOption option, ContentCodec configured) {
		try {
			return option.codecFrom(configured);
		}
		catch (UnsupportedOperationException | IllegalArgumentException ex) {
			throw new IllegalArgumentException("restcompress.decision.ladder: " + option.label() + ": " + ex.getMessage(),
					ex);
		}
	}

	/**
	 * Returns the rungs a peer can take: those of the enabled codings that its
	 * {@code Accept-Encoding} accepts, and, for an enabled and accepted coding with no rung,
	 * the enabled codec at its configured level.
	 * @param enabled the codings enabled for the exchange, most preferred first
	 * @param acceptEncoding the peer's {@code Accept-Encoding}
	 * @return the candidate rungs
	 */
	public List<LadderRung> candidates(List<ContentCodec> enabled, AcceptEncoding acceptEncoding) {
		List<LadderRung> candidates = new ArrayList<>();
		for (ContentCodec codec : enabled) {
			if (acceptEncoding.weightOf(codec) == 0) {
				continue;
			}
			boolean onLadder = false;
			for (LadderRung rung : this.rungs) {
				if (rung.option().coding().equals(codec.coding())) {
					candidates.add(rung);
					onLadder = true;
				}
			}
			if (!onLadder) {
				candidates.add(new LadderRung(new CodingOption(codec.coding(), codec.coding(), null), codec));
			}
		}
		return candidates;
	}

	/**
	 * Returns every rung.
	 * @return the rungs
	 */
	public List<LadderRung> rungs() {
		return this.rungs;
	}

	@Override
	public void close() throws Exception {
		for (ContentCodec codec : this.created) {
			if (codec instanceof AutoCloseable closeable) {
				closeable.close();
			}
		}
	}

}
