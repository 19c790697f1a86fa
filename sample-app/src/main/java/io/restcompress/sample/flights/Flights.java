package io.restcompress.sample.flights;

import java.util.List;

/**
 * A list of flights: the answer of {@code GET /api/flights/{count}} and the body of a search
 * request.
 *
 * @param flights the flights
 */
public record Flights(List<Flight> flights) {

	/** The most flights one message may carry. */
	public static final int MAX_FLIGHTS = 100_000;

	public Flights {
		flights = (flights != null) ? List.copyOf(flights) : List.of();
	}

}
