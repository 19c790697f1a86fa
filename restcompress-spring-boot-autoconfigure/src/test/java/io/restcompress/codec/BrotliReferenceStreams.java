package io.restcompress.codec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Brotli streams written by the reference encoder (Python's brotli, the C library) at several
 * qualities and windows, shipped in {@code src/test/resources/brotli-reference} and listed in
 * its {@code streams.tsv} with the size and SHA-256 of what each decodes to.
 * {@code interop/tools/brotli_fixtures.py} writes them.
 */
public final class BrotliReferenceStreams {

	private static final String DIRECTORY = "/brotli-reference/";

	private BrotliReferenceStreams() {
	}

	/**
	 * Every stream of the manifest.
	 * @return the streams
	 */
	public static List<Stream> all() {
		try (InputStream manifest = resource("streams.tsv");
				BufferedReader reader = new BufferedReader(new InputStreamReader(manifest, StandardCharsets.UTF_8))) {
			return reader.lines().filter((line) -> !line.startsWith("#") && !line.isBlank()).map((line) -> {
				String[] fields = line.split("\t");
				return new Stream(fields[0], Long.parseLong(fields[1]), fields[2], Integer.parseInt(fields[3]),
						Integer.parseInt(fields[4]));
			}).toList();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The SHA-256 of everything a stream yields, read to its end.
	 * @param decoded the decoded stream
	 * @return the digest in lower-case hex
	 * @throws IOException if reading fails
	 */
	public static String sha256(InputStream decoded) throws IOException {
		MessageDigest digest = sha256();
		byte[] buffer = new byte[64 * 1024];
		for (int n = decoded.read(buffer); n != -1; n = decoded.read(buffer)) {
			digest.update(buffer, 0, n);
		}
		return HexFormat.of().formatHex(digest.digest());
	}

	/**
	 * The SHA-256 of some bytes.
	 * @param bytes the bytes
	 * @return the digest in lower-case hex
	 */
	public static String sha256(byte[] bytes) {
		return HexFormat.of().formatHex(sha256().digest(bytes));
	}

	private static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static InputStream resource(String name) {
		InputStream resource = BrotliReferenceStreams.class.getResourceAsStream(DIRECTORY + name);
		if (resource == null) {
			throw new IllegalStateException("no test resource " + DIRECTORY + name);
		}
		return resource;
	}

	/**
	 * One reference stream.
	 * @param file the file name
	 * @param decodedSize the size of the decoded document
	 * @param decodedSha256 the SHA-256 of the decoded document
	 * @param quality the quality it was written at
	 * @param windowBits the window it was written with (lgwin)
	 */
	public record Stream(String file, long decodedSize, String decodedSha256, int quality, int windowBits) {

		/**
		 * The encoded stream.
		 * @return the bytes of the file
		 */
		public byte[] encoded() {
			try (InputStream in = resource(this.file)) {
				return in.readAllBytes();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

		@Override
		public String toString() {
			return this.file;
		}

	}

}
