package io.restcompress.sample.flights;

import java.time.Instant;

/**
 * One flight offer of a search: a priced itinerary between two airports.
 *
 * @param id the offer's identifier
 * @param carrier the marketing carrier's IATA code
 * @param number the flight number
 * @param origin the departure airport's IATA code
 * @param destination the arrival airport's IATA code
 * @param departure when it leaves
 * @param arrival when it arrives
 * @param durationMinutes the travel time, stops included
 * @param stops the number of stops
 * @param cabin the cabin class
 * @param fareBasis the fare basis code
 * @param priceCents the total price, in hundredths of the currency
 * @param currency the ISO 4217 currency code
 * @param seatsAvailable the seats left at this price
 * @param aircraft the aircraft type
 * @param refundable whether the fare is refundable
 * @param baggageKilograms the checked baggage allowance
 */
public record Flight(String id, String carrier, int number, String origin, String destination, Instant departure,
		Instant arrival, int durationMinutes, int stops, String cabin, String fareBasis, long priceCents, String currency,
		int seatsAvailable, String aircraft, boolean refundable, int baggageKilograms) {

}
