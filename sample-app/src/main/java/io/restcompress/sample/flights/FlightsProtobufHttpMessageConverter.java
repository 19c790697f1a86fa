package io.restcompress.sample.flights;

import java.io.IOException;

import com.google.protobuf.InvalidProtocolBufferException;

import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.stereotype.Component;

/**
 * Reads and writes {@link Flights} as {@code application/x-protobuf}; Spring MVC picks it by
 * {@code Content-Type} and {@code Accept}, and Boot adds it to the converters as a bean.
 */
@Component
class FlightsProtobufHttpMessageConverter extends AbstractHttpMessageConverter<Flights> {

	static final MediaType PROTOBUF = MediaType.parseMediaType("application/x-protobuf");

	FlightsProtobufHttpMessageConverter() {
		super(PROTOBUF);
	}

	@Override
	protected boolean supports(Class<?> type) {
		return Flights.class == type;
	}

	@Override
	protected Flights readInternal(Class<? extends Flights> type, HttpInputMessage input) throws IOException {
		try {
			return FlightsProtobuf.read(input.getBody());
		}
		catch (InvalidProtocolBufferException ex) {
			throw new HttpMessageNotReadableException("Malformed flights message: " + ex.getMessage(), ex, input);
		}
	}

	@Override
	protected void writeInternal(Flights flights, HttpOutputMessage output) throws IOException {
		FlightsProtobuf.write(flights, output.getBody());
	}

}
