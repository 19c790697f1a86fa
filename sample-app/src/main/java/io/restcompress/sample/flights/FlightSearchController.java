package io.restcompress.sample.flights;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

import io.restcompress.LzfCompressed;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

import static org.springframework.http.HttpStatus.BAD_REQUEST;

/**
 * A flight-search-like service: requests carry thousands of flight offers, as JSON or as
 * {@code application/x-protobuf}, and get a small summary back. {@code GET /api/flights/{count}}
 * serves such a list (the same one for a given count), in the representation {@code Accept}
 * asks for.
 */
@LzfCompressed
@RestController
@RequestMapping("/api/flights")
public class FlightSearchController {

	private static final long SEED = 42;

	@GetMapping(path = "/{count}", produces = { MediaType.APPLICATION_JSON_VALUE, "application/x-protobuf" })
	Flights flights(@PathVariable int count) {
		if (count < 0 || count > Flights.MAX_FLIGHTS) {
			throw new ResponseStatusException(BAD_REQUEST, "count must be between 0 and " + Flights.MAX_FLIGHTS);
		}
		return new Flights(FlightGenerator.generate(count, SEED));
	}

	@PostMapping(path = "/search", consumes = { MediaType.APPLICATION_JSON_VALUE, "application/x-protobuf" },
			produces = MediaType.APPLICATION_JSON_VALUE)
	FlightSearchSummary search(@RequestBody Flights request) {
		List<Flight> flights = request.flights();
		if (flights.size() > Flights.MAX_FLIGHTS) {
			throw new ResponseStatusException(BAD_REQUEST, "at most " + Flights.MAX_FLIGHTS + " flights");
		}
		Flight cheapest = flights.stream().min(Comparator.comparingLong(Flight::priceCents)).orElse(null);
		Instant earliest = flights.stream().map(Flight::departure).min(Comparator.naturalOrder()).orElse(null);
		return new FlightSearchSummary(flights.size(), flights.stream().map(Flight::carrier).distinct().count(),
				flights.stream().filter((flight) -> flight.stops() == 0).count(),
				(cheapest != null) ? cheapest.id() : null, (cheapest != null) ? cheapest.priceCents() : 0,
				(cheapest != null) ? cheapest.currency() : null, earliest);
	}

}
