package io.restcompress.sample.flights;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * What a search answers about the flights it was sent.
 *
 * @param flights how many flights the request carried
 * @param carriers how many distinct carriers they fly with
 * @param nonStop how many fly without a stop
 * @param cheapest the identifier of the cheapest flight, or {@code null} for none
 * @param lowestPriceCents its price, in hundredths of its currency, or {@code 0} for none
 * @param currency its currency, or {@code null} for none
 * @param earliestDeparture the earliest departure, or {@code null} for none
 */
public record FlightSearchSummary(int flights, long carriers, long nonStop, @Nullable String cheapest,
		long lowestPriceCents, @Nullable String currency, @Nullable Instant earliestDeparture) {

}
