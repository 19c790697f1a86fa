package io.restcompress.codec;

import java.io.IOException;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the br decoder. Without {@code JAZZER_FUZZ=1} only the seeds in
 * {@code BrotliDecoderFuzzTestsInputs} run, as a regression test.
 */
class BrotliDecoderFuzzTests {

	@FuzzTest(maxDuration = "10m")
	@Timeout(30)
	void decodesOrRejects(byte[] input) throws IOException {
		DecoderFuzzing.decodesOrRejects(NativeCodecs.BROTLI, input);
	}

}
