package io.restcompress.sample.flights;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;

/**
 * Writes and reads {@link Flights} in the protocol buffers wire format, streaming, without
 * generated classes. The messages, in proto3:
 * <pre>
 * message Flights {
 *   repeated Flight flights = 1;
 * }
 * message Flight {
 *   string id = 1;
 *   string carrier = 2;
 *   uint32 number = 3;
 *   string origin = 4;
 *   string destination = 5;
 *   int64 departure = 6;          // seconds since the epoch
 *   int64 arrival = 7;            // seconds since the epoch
 *   uint32 duration_minutes = 8;
 *   uint32 stops = 9;
 *   string cabin = 10;
 *   string fare_basis = 11;
 *   int64 price_cents = 12;
 *   string currency = 13;
 *   uint32 seats_available = 14;
 *   string aircraft = 15;
 *   bool refundable = 16;
 *   uint32 baggage_kilograms = 17;
 * }
 * </pre>
 * As proto3 does, fields with their default value are not written, and unknown fields are
 * skipped when reading.
 */
final class FlightsProtobuf {

	private static final int FLIGHTS = 1;

	private static final int FLIGHTS_TAG = FLIGHTS << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED;

	private static final int BUFFER_SIZE = 8192;

	private FlightsProtobuf() {
	}

	static void write(Flights flights, OutputStream target) throws IOException {
		CodedOutputStream output = CodedOutputStream.newInstance(target, BUFFER_SIZE);
		for (Flight flight : flights.flights()) {
			output.writeTag(FLIGHTS, WireFormat.WIRETYPE_LENGTH_DELIMITED);
			output.writeUInt32NoTag(size(flight));
			write(flight, output);
		}
		output.flush();
	}

	/**
	 * Reads a message.
	 * @param source the message
	 * @return the flights
	 * @throws InvalidProtocolBufferException if the message is malformed or truncated, or
	 * carries more than {@link Flights#MAX_FLIGHTS} flights
	 * @throws IOException if the source fails
	 */
	static Flights read(InputStream source) throws IOException {
		CodedInputStream input = CodedInputStream.newInstance(source, BUFFER_SIZE);
		List<Flight> flights = new ArrayList<>();
		for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
			if (tag != FLIGHTS_TAG) {
				input.skipField(tag);
				continue;
			}
			if (flights.size() == Flights.MAX_FLIGHTS) {
				throw new InvalidProtocolBufferException("More than " + Flights.MAX_FLIGHTS + " flights");
			}
			int limit = input.pushLimit(input.readRawVarint32());
			flights.add(readFlight(input));
			if (input.getBytesUntilLimit() != 0) {
				throw new InvalidProtocolBufferException("The message ends within a flight");
			}
			input.popLimit(limit);
		}
		return new Flights(flights);
	}

	private static int size(Flight flight) {
		return stringSize(1, flight.id()) + stringSize(2, flight.carrier()) + uint32Size(3, flight.number())
				+ stringSize(4, flight.origin()) + stringSize(5, flight.destination())
				+ int64Size(6, flight.departure().getEpochSecond()) + int64Size(7, flight.arrival().getEpochSecond())
				+ uint32Size(8, flight.durationMinutes()) + uint32Size(9, flight.stops()) + stringSize(10, flight.cabin())
				+ stringSize(11, flight.fareBasis()) + int64Size(12, flight.priceCents())
				+ stringSize(13, flight.currency()) + uint32Size(14, flight.seatsAvailable())
				+ stringSize(15, flight.aircraft()) + (flight.refundable() ? CodedOutputStream.computeBoolSize(16, true) : 0)
				+ uint32Size(17, flight.baggageKilograms());
	}

	private static void write(Flight flight, CodedOutputStream output) throws IOException {
		writeString(output, 1, flight.id());
		writeString(output, 2, flight.carrier());
		writeUInt32(output, 3, flight.number());
		writeString(output, 4, flight.origin());
		writeString(output, 5, flight.destination());
		writeInt64(output, 6, flight.departure().getEpochSecond());
		writeInt64(output, 7, flight.arrival().getEpochSecond());
		writeUInt32(output, 8, flight.durationMinutes());
		writeUInt32(output, 9, flight.stops());
		writeString(output, 10, flight.cabin());
		writeString(output, 11, flight.fareBasis());
		writeInt64(output, 12, flight.priceCents());
		writeString(output, 13, flight.currency());
		writeUInt32(output, 14, flight.seatsAvailable());
		writeString(output, 15, flight.aircraft());
		if (flight.refundable()) {
			output.writeBool(16, true);
		}
		writeUInt32(output, 17, flight.baggageKilograms());
	}

	private static Flight readFlight(CodedInputStream input) throws IOException {
		String id = "";
		String carrier = "";
		int number = 0;
		String origin = "";
		String destination = "";
		long departure = 0;
		long arrival = 0;
		int duration = 0;
		int stops = 0;
		String cabin = "";
		String fareBasis = "";
		long price = 0;
		String currency = "";
		int seats = 0;
		String aircraft = "";
		boolean refundable = false;
		int baggage = 0;
		for (int tag = input.readTag(); tag != 0; tag = input.readTag()) {
			switch (tag) {
				case 1 << 3 | 2 -> id = input.readStringRequireUtf8();
				case 2 << 3 | 2 -> carrier = input.readStringRequireUtf8();
				case 3 << 3 -> number = input.readUInt32();
				case 4 << 3 | 2 -> origin = input.readStringRequireUtf8();
				case 5 << 3 | 2 -> destination = input.readStringRequireUtf8();
				case 6 << 3 -> departure = input.readInt64();
				case 7 << 3 -> arrival = input.readInt64();
				case 8 << 3 -> duration = input.readUInt32();
				case 9 << 3 -> stops = input.readUInt32();
				case 10 << 3 | 2 -> cabin = input.readStringRequireUtf8();
				case 11 << 3 | 2 -> fareBasis = input.readStringRequireUtf8();
				case 12 << 3 -> price = input.readInt64();
				case 13 << 3 | 2 -> currency = input.readStringRequireUtf8();
				case 14 << 3 -> seats = input.readUInt32();
				case 15 << 3 | 2 -> aircraft = input.readStringRequireUtf8();
				case 16 << 3 -> refundable = input.readBool();
				case 17 << 3 -> baggage = input.readUInt32();
				default -> input.skipField(tag);
			}
		}
		return new Flight(id, carrier, number, origin, destination, Instant.ofEpochSecond(departure),
				Instant.ofEpochSecond(arrival), duration, stops, cabin, fareBasis, price, currency, seats, aircraft,
				refundable, baggage);
	}

	private static int stringSize(int field, String value) {
		return value.isEmpty() ? 0 : CodedOutputStream.computeStringSize(field, value);
	}

	private static int uint32Size(int field, int value) {
		return (value != 0) ? CodedOutputStream.computeUInt32Size(field, value) : 0;
	}

	private static int int64Size(int field, long value) {
		return (value != 0) ? CodedOutputStream.computeInt64Size(field, value) : 0;
	}

	private static void writeString(CodedOutputStream output, int field, String value) throws IOException {
		if (!value.isEmpty()) {
			output.writeString(field, value);
		}
	}

	private static void writeUInt32(CodedOutputStream output, int field, int value) throws IOException {
		if (value != 0) {
			output.writeUInt32(field, value);
		}
	}

	private static void writeInt64(CodedOutputStream output, int field, long value) throws IOException {
		if (value != 0) {
			output.writeInt64(field, value);
		}
	}

}
