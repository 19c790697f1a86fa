package io.restcompress.metrics;

import java.util.Locale;

/**
 * Dense indexes over the enum combinations that meters and statistics are kept for, so
 * that the hot path finds its slot with arithmetic instead of a lookup. An exchange is a
 * side and a direction.
 */
final class Exchanges {

	static final Side[] SIDES = Side.values();

	static final Direction[] DIRECTIONS = Direction.values();

	static final Operation[] OPERATIONS = Operation.values();

	static final SkipReason[] SKIP_REASONS = SkipReason.values();

	static final RejectReason[] REJECT_REASONS = RejectReason.values();

	static final int COUNT = SIDES.length * DIRECTIONS.length;

	private Exchanges() {
	}

	static int index(Side side, Direction direction) {
		return side.ordinal() * DIRECTIONS.length + direction.ordinal();
	}

	static int index(Operation operation, Side side, Direction direction) {
		return operation.ordinal() * COUNT + index(side, direction);
	}

	static int index(Side side, Direction direction, SkipReason reason) {
		return index(side, direction) * SKIP_REASONS.length + reason.ordinal();
	}

	static int index(Side side, Direction direction, RejectReason reason) {
		return index(side, direction) * REJECT_REASONS.length + reason.ordinal();
	}

	static Side side(int exchange) {
		return SIDES[exchange / DIRECTIONS.length];
	}

	static Direction direction(int exchange) {
		return DIRECTIONS[exchange % DIRECTIONS.length];
	}

	/**
	 * Returns the tag value of an enum constant: its name in lower case.
	 * @param value the constant
	 * @return the tag value
	 */
	static String tag(Enum<?> value) {
		return value.name().toLowerCase(Locale.ROOT);
	}

}
