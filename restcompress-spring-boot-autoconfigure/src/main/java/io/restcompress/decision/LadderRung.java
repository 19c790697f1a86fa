package io.restcompress.decision;

import io.restcompress.codec.ContentCodec;

/**
 * A rung of the ladder with the codec that encodes at its level.
 *
 * @param option the rung
 * @param codec the codec
 */
public record LadderRung(CodingOption option, ContentCodec codec) {

}
