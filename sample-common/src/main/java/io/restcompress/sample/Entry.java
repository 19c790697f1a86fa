package io.restcompress.sample;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One entry of the sample documents.
 */
public record Entry(long id, String date, String login, @JsonProperty("boolean") boolean flag, String someId) {

}
