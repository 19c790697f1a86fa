/**
 * A flight-search-like endpoint: large request bodies carrying thousands of flights, as JSON
 * or as protocol buffers ({@code application/x-protobuf}), and small answers.
 */
package io.restcompress.sample.flights;
