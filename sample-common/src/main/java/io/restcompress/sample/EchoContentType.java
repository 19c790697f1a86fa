package io.restcompress.sample;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.util.StringUtils;
import org.springframework.web.server.ResponseStatusException;

/**
 * The {@code Content-Type} that both sample apps' {@code POST /api/echo} answers with: the
 * request's, or {@code application/octet-stream} when it has none. A request whose
 * {@code Content-Type} is not a media type, or is a wildcard (any type, or a subtype such as
 * {@code text/*}) that cannot describe a body, gets 415 (Unsupported Media Type) before its
 * body is read.
 */
public final class EchoContentType {

	private EchoContentType() {
	}

	/**
	 * Returns the media type to echo.
	 * @param field the request's {@code Content-Type} field value, or {@code null}
	 * @return the media type
	 * @throws ResponseStatusException 415 when the field is not a concrete media type
	 */
	public static MediaType of(@Nullable String field) {
		if (!StringUtils.hasText(field)) {
			return MediaType.APPLICATION_OCTET_STREAM;
		}
		MediaType type;
		try {
			type = MediaType.parseMediaType(field);
		}
		catch (InvalidMediaTypeException ex) {
			throw new ResponseStatusException(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
					"Content-Type is not a valid media type: " + ex.getMessage());
		}
		if (!type.isConcrete()) {
			throw new ResponseStatusException(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
					"Content-Type " + type + " is a wildcard, not the type of a body");
		}
		return type;
	}

}
