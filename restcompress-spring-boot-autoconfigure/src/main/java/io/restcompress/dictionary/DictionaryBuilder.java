package io.restcompress.dictionary;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictTrainer;
import com.github.luben.zstd.ZstdException;
import io.restcompress.codec.DczCodec;
import org.jspecify.annotations.Nullable;

/**
 * Builds a raw-content dictionary of at most a size from samples, the latest last, in one of
 * two ways: the latest samples as they are, or zstd's trainer (through zstd-jni) with its
 * 8-byte zstd dictionary header dropped, since RFC 9842 clients use a dictionary as raw
 * content. Samples that fit in the size are the dictionary, all of them. From more, both ways
 * are built from the first four in five samples, and the one that compresses the last fifth
 * smaller (at {@code dcz}'s lowest level) is then built from all samples. The trained
 * dictionaries of the server and of the Maven goal are built here. Thread-safe.
 */
public final class DictionaryBuilder {

	private static final int ZSTD_DICTIONARY_HEADER = 8;

	/** One in this many samples, the latest, is held out to compare the candidate dictionaries. */
	private static final int VALIDATION_SHARE = 5;

	private final int dictionarySize;

	/**
	 * Creates a builder of dictionaries of at most a size.
	 * @param dictionarySize the most bytes of a dictionary
	 * @throws IllegalArgumentException if the size is not positive
	 */
	public DictionaryBuilder(int dictionarySize) {
		if (dictionarySize <= 0) {
			throw new IllegalArgumentException("A dictionary's size must be positive, was " + dictionarySize);
		}
		this.dictionarySize = dictionarySize;
	}

	/**
	 * Builds a dictionary from samples. zstd's trainer finds what samples share when it has many
	 * of them; from a few dozen, the samples themselves often predict the next body better.
	 * @param samples the samples, the latest last
	 * @param samplesOf what the samples are of (a match pattern, a directory), for the messages
	 * of exceptions
	 * @return the dictionary and the way it was built
	 * @throws IllegalArgumentException if the samples have no bytes
	 * @throws IllegalStateException if zstd's trainer fails on samples whose latest start as a
	 * zstd dictionary would, so that neither way gives a raw-content dictionary
	 */
	public Built build(List<byte[]> samples, String samplesOf) {
		if (total(samples) == 0) {
			throw new IllegalArgumentException("No sample bytes of " + samplesOf + " to build a dictionary from");
		}
		byte[] latest = latest(samples);
		boolean latestUsable = usable(latest);
		if (latestUsable && total(samples) <= this.dictionarySize) {
			return new Built(latest, Source.SAMPLES);
		}
		if (!latestUsable || prefersTrainer(samples)) {
			byte[] trained = trained(samples);
			if (trained != null) {
				return new Built(trained, Source.TRAINER);
			}
			if (!latestUsable) {
				throw new IllegalStateException("zstd could not train a dictionary from " + samples.size()
						+ " samples of " + samplesOf + ", and they start as a zstd dictionary would");
			}
		}
		return new Built(latest, Source.SAMPLES);
	}

	/**
	 * Whether the trainer's dictionary, built from the first four in five samples, compresses
	 * the last fifth smaller than the latest of the first four in five do: as a dictionary
	 * built from the samples will compress the bodies that come after them.
	 */
	private boolean prefersTrainer(List<byte[]> samples) {
		int fittedCount = samples.size() - samples.size() / VALIDATION_SHARE;
		List<byte[]> fitted = samples.subList(0, fittedCount);
		List<byte[]> held = samples.subList(fittedCount, samples.size());
		if (held.isEmpty()) {
			return true;
		}
		byte[] trained = trained(fitted);
		byte[] latest = latest(fitted);
		return trained != null && (!usable(latest) || compressedSize(held, trained) < compressedSize(held, latest));
	}

	/**
	 * Returns the samples as they are, the latest last, up to the dictionary's size: where a
	 * dictionary is no longer, the bytes at its end are the cheapest to refer to.
	 */
	private byte[] latest(List<byte[]> samples) {
		int length = (int) Math.min(this.dictionarySize, total(samples));
		byte[] content = new byte[length];
		int end = length;
		for (int i = samples.size() - 1; i >= 0 && end > 0; i--) {
			byte[] sample = samples.get(i);
			int copied = Math.min(sample.length, end);
			System.arraycopy(sample, sample.length - copied, content, end - copied, copied);
			end -= copied;
		}
		return content;
	}

	/**
	 * Returns zstd's trainer's dictionary as raw content, or {@code null} if the trainer found
	 * too little in the samples (too few, or too alike) or the result cannot serve as raw
	 * content.
	 */
	private byte @Nullable [] trained(List<byte[]> samples) {
		long total = total(samples);
		ZstdDictTrainer trainer = new ZstdDictTrainer((int) Math.min(Integer.MAX_VALUE, total),
				(int) Math.min(this.dictionarySize, total));
		samples.forEach(trainer::addSample);
		try {
			byte[] formatted = trainer.trainSamples();
			byte[] raw = Arrays.copyOfRange(formatted, ZSTD_DICTIONARY_HEADER, formatted.length);
			return usable(raw) ? raw : null;
		}
		catch (ZstdException ex) {
			return null;
		}
	}

	private static boolean usable(byte[] dictionary) {
		return dictionary.length > 0 && DczCodec.usableAsDictionary(dictionary);
	}

	/**
	 * The samples' size compressed against a dictionary, through direct buffers: from
	 * {@code byte[]}s zstd-jni would hold them in JNI critical regions, which keep the JVM from
	 * collecting garbage while zstd works.
	 */
	private static long compressedSize(List<byte[]> samples, byte[] dictionary) {
		int largest = samples.stream().mapToInt((sample) -> sample.length).max().orElse(0);
		ByteBuffer input = ByteBuffer.allocateDirect(largest);
		ByteBuffer output = ByteBuffer.allocateDirect((int) Zstd.compressBound(largest));
		ByteBuffer content = ByteBuffer.allocateDirect(dictionary.length).put(dictionary).flip();
		long size = 0;
		try (ZstdDictCompress prepared = new ZstdDictCompress(content, DczCodec.MIN_LEVEL);
				ZstdCompressCtx context = new ZstdCompressCtx()) {
			context.loadDict(prepared);
			for (byte[] sample : samples) {
				input.clear().put(sample).flip();
				output.clear();
				size += context.compress(output, input);
			}
		}
		return size;
	}

	private static long total(List<byte[]> samples) {
		long total = 0;
		for (byte[] sample : samples) {
			total += sample.length;
		}
		return total;
	}

	/**
	 * What a dictionary was made of.
	 */
	public enum Source {

		/** zstd's trainer's dictionary, without its header. */
		TRAINER("zstd trainer"),

		/** The latest samples as they are. */
		SAMPLES("latest samples"),

		/** A dictionary built before, loaded as it is. */
		LOADED("loaded");

		private final String label;

		Source(String label) {
			this.label = label;
		}

		/**
		 * The way it was made, in words: {@code zstd trainer}, {@code latest samples} or {@code loaded}.
		 * @return the label
		 */
		public String label() {
			return this.label;
		}

	}

	/**
	 * A dictionary built from samples.
	 *
	 * @param content the raw dictionary
	 * @param source the way it was built: {@link Source#TRAINER} or {@link Source#SAMPLES}
	 */
	public record Built(byte[] content, Source source) {

	}

}
