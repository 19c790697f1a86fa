package io.restcompress.sample.flights;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The hand-written protobuf wire format of {@link Flights}.
 */
class FlightsProtobufTests {

	@Test
	void readsWhatItWrites() throws Exception {
		List<Flight> flights = FlightGenerator.generate(500, 3);
		assertThat(roundTrip(new Flights(flights)).flights()).isEqualTo(flights);
	}

	@Test
	void writesNothingForNoFlights() throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		FlightsProtobuf.write(new Flights(List.of()), out);
		assertThat(out.size()).isZero();
		assertThat(FlightsProtobuf.read(new ByteArrayInputStream(new byte[0])).flights()).isEmpty();
	}

	@Test
	void skipsUnknownFields() throws Exception {
		Flight flight = FlightGenerator.generate(1, 5).get(0);
		ByteArrayOutputStream known = new ByteArrayOutputStream();
		FlightsProtobuf.write(new Flights(List.of(flight)), known);
		ByteArrayOutputStream withUnknown = new ByteArrayOutputStream();
		CodedOutputStream output = CodedOutputStream.newInstance(withUnknown);
		output.writeString(9, "a field of a later version");
		output.writeRawBytes(known.toByteArray());
		output.writeUInt64(10, 123);
		output.flush();
		assertThat(FlightsProtobuf.read(new ByteArrayInputStream(withUnknown.toByteArray())).flights())
			.containsExactly(flight);
	}

	@Test
	void rejectsATruncatedMessage() throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		FlightsProtobuf.write(new Flights(FlightGenerator.generate(2, 5)), out);
		byte[] truncated = Arrays.copyOf(out.toByteArray(), out.size() - 3);
		assertThatExceptionOfType(InvalidProtocolBufferException.class)
			.isThrownBy(() -> FlightsProtobuf.read(new ByteArrayInputStream(truncated)));
	}

	private static Flights roundTrip(Flights flights) throws Exception {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		FlightsProtobuf.write(flights, out);
		return FlightsProtobuf.read(new ByteArrayInputStream(out.toByteArray()));
	}

}
