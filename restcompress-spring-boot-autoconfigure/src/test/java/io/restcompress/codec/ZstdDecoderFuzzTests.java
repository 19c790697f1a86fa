package io.restcompress.codec;

import java.io.IOException;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the zstd decoder. Without {@code JAZZER_FUZZ=1} only the seeds in
 * {@code ZstdDecoderFuzzTestsInputs} run, as a regression test.
 */
class ZstdDecoderFuzzTests {

	@FuzzTest(maxDuration = "10m")
	@Timeout(30)
	void decodesOrRejects(byte[] input) throws IOException {
		DecoderFuzzing.decodesOrRejects(NativeCodecs.ZSTD, input);
	}

}
