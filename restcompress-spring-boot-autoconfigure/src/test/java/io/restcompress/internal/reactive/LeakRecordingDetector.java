package io.restcompress.internal.reactive;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Netty's leak detector, installed for the tests through {@code io.netty.customResourceLeakDetector}
 * (with {@code io.netty.leakDetection.level=paranoid}), that keeps what it reports so that a
 * test fails on a buffer that was never released.
 *
 * @param <T> the tracked resource type
 */
public class LeakRecordingDetector<T> extends ResourceLeakDetector<T> {

	private static final List<String> leaks = new CopyOnWriteArrayList<>();

	public LeakRecordingDetector(Class<?> resourceType, int samplingInterval) {
		super(resourceType, samplingInterval);
	}

	public LeakRecordingDetector(Class<?> resourceType, int samplingInterval, long maxActive) {
		super(resourceType, samplingInterval);
	}

	@Override
	protected void reportTracedLeak(String resourceType, String records) {
		leaks.add(resourceType + records);
		super.reportTracedLeak(resourceType, records);
	}

	@Override
	protected void reportUntracedLeak(String resourceType) {
		leaks.add(resourceType);
		super.reportUntracedLeak(resourceType);
	}

	/**
	 * Collects garbage so that unreleased buffers are found, lets the detector report them,
	 * and fails if it reported any since the last call. Fails as well if Netty does not use this
	 * detector (a system property that names a class Netty cannot load leaves its own in place),
	 * since no leak could then be found.
	 */
	public static void assertNoLeaks() {
		assertThat(ResourceLeakDetectorFactory.instance().newResourceLeakDetector(ByteBuf.class))
			.as("the leak detector Netty uses (io.netty.customResourceLeakDetector)")
			.isInstanceOf(LeakRecordingDetector.class);
		for (int i = 0; i < 5; i++) {
			System.gc();
			System.runFinalization();
			ByteBuf probe = PooledByteBufAllocator.DEFAULT.buffer(1);
			probe.release();
		}
		List<String> found = List.copyOf(leaks);
		leaks.clear();
		assertThat(found).as("leaked buffers").isEmpty();
	}

}
