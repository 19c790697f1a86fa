package io.restcompress.metrics;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;

/**
 * A fixed number of slots, each holding the meters of one tag combination, created on first
 * use and then read without locking or lookups. Two threads racing on an empty slot both ask
 * the factory, which is harmless because a registry returns the same meter for the same id.
 *
 * @param <M> the meters of one slot
 */
final class LazyMeters<M> {

	private final AtomicReferenceArray<M> slots;

	private final IntFunction<M> factory;

	LazyMeters(int size, IntFunction<M> factory) {
		this.slots = new AtomicReferenceArray<>(size);
		this.factory = factory;
	}

	M get(int index) {
		M meters = this.slots.get(index);
		if (meters == null) {
			meters = this.factory.apply(index);
			this.slots.set(index, meters);
		}
		return meters;
	}

}
