package io.restcompress.sample.flights;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates flight offers, the same ones for a given seed: a few dozen routes between large
 * airports, carriers, cabins, fares and aircraft drawn from small sets, departures spread over
 * a week, as a flight-search service would price them.
 */
public final class FlightGenerator {

	private static final String[] AIRPORTS = { "FRA", "JFK", "LHR", "CDG", "AMS", "MUC", "ZRH", "ORD", "SFO", "LAX",
			"ATL", "DXB", "SIN", "HND", "MAD", "FCO", "IST", "YYZ", "BOS", "SEA" };

	private static final String[] CARRIERS = { "LH", "UA", "BA", "AF", "KL", "LX", "AA", "DL", "EK", "SQ", "NH",
			"IB", "AZ", "TK", "AC" };

	private static final String[] CABINS = { "ECONOMY", "ECONOMY", "ECONOMY", "PREMIUM_ECONOMY", "BUSINESS",
			"FIRST" };

	private static final String[] AIRCRAFT = { "Airbus A320neo", "Airbus A321neo", "Airbus A350-900",
			"Airbus A380-800", "Boeing 737-800", "Boeing 777-300ER", "Boeing 787-9", "Embraer E190" };

	private static final String[] CURRENCIES = { "EUR", "USD", "GBP", "CHF" };

	private static final Instant START = Instant.parse("2026-03-15T05:00:00Z");

	private FlightGenerator() {
	}

	/**
	 * Generates flight offers.
	 * @param count how many
	 * @param seed the seed: the same seed gives the same flights
	 * @return the flights
	 */
	public static List<Flight> generate(int count, long seed) {
		SplittableRandom random = new SplittableRandom(seed);
		List<Flight> flights = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			String carrier = pick(random, CARRIERS);
			int number = random.nextInt(1, 9999);
			String origin = pick(random, AIRPORTS);
			String destination = pick(random, AIRPORTS);
			while (destination.equals(origin)) {
				destination = pick(random, AIRPORTS);
			}
			Instant departure = START.plus(random.nextInt(7 * 24 * 12) * 5L, ChronoUnit.MINUTES);
			int stops = (random.nextInt(10) < 6) ? 0 : random.nextInt(1, 3);
			int duration = random.nextInt(60, 900) + stops * random.nextInt(45, 240);
			String cabin = pick(random, CABINS);
			String fareBasis = cabin.charAt(0) + pick(random, new String[] { "LOW", "SAV", "FLX", "STD" })
					+ random.nextInt(1, 99) + pick(random, new String[] { "US", "EU", "GB", "AS" });
			String id = carrier + number + "-" + departure.toString().substring(0, 10).replace("-", "") + "-" + origin
					+ "-" + destination + "-" + fareBasis;
			long price = random.nextLong(4_900, 180_000) * (cabin.equals("ECONOMY") ? 1 : 3);
			flights.add(new Flight(id, carrier, number, origin, destination, departure,
					departure.plus(Duration.ofMinutes(duration)), duration, stops, cabin, fareBasis, price,
					pick(random, CURRENCIES), random.nextInt(1, 10), pick(random, AIRCRAFT), random.nextInt(4) == 0,
					(random.nextInt(3) == 0) ? 0 : 23));
		}
		return flights;
	}

	private static String pick(SplittableRandom random, String[] values) {
		return values[random.nextInt(values.length)];
	}

}
