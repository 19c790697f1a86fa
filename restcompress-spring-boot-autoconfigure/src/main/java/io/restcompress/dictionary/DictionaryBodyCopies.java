package io.restcompress.dictionary;

import java.io.ByteArrayOutputStream;
import java.util.function.Function;

import io.restcompress.internal.server.ResponseBodyCopies;
import io.restcompress.internal.server.ResponseBodyCopy;
import io.restcompress.internal.server.ResponseFields;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * Keeps the bodies of {@link DictionaryCompressed} handlers' {@code 200} responses to
 * {@code GET} as dictionaries or training samples ({@link CapturedBodies}), on Spring MVC and
 * WebFlux: the content-coding filter copies such a body as the application writes it, before it
 * is encoded, up to the store's size limit (a larger body is not kept at all). Not kept:
 * asynchronous responses on Spring MVC, bodies written with {@code writeAndFlushWith} on
 * WebFlux, responses on excluded paths, and bodies whose client went away. Thread-safe.
 */
public final class DictionaryBodyCopies implements ResponseBodyCopies {

	private final CapturedBodies bodies;

	private final DictionaryDeclarations declarations;

	private final DictionaryScope scope;

	/**
	 * Creates the copies.
	 * @param bodies where kept bodies go
	 * @param declarations which handlers are dictionaries
	 */
	public DictionaryBodyCopies(CapturedBodies bodies, DictionaryDeclarations declarations) {
		this(bodies, declarations, DictionaryScope.SHARED);
	}

	/**
	 * Creates the copies, keeping previous versions apart by {@code scope}.
	 * @param bodies where kept bodies go
	 * @param declarations which handlers are dictionaries
	 * @param scope what sets previous versions apart
	 */
	public DictionaryBodyCopies(CapturedBodies bodies, DictionaryDeclarations declarations, DictionaryScope scope) {
		this.bodies = bodies;
		this.declarations = declarations;
		this.scope = scope;
	}

	@Override
	public @Nullable ResponseBodyCopy open(Object handler, String method,
			Function<String, @Nullable String> requestHeader) {
		if (!"GET".equals(method)) {
			return null;
		}
		DictionaryDeclarations.Declaration declaration = this.declarations.of(handler);
		if (declaration == null || !this.bodies.wants(declaration)) {
			return null;
		}
		return new KeptBody(declaration, requestHeader.apply(HttpHeaders.AUTHORIZATION) != null,
				this.scope.keyOf(requestHeader));
	}

	private final class KeptBody implements ResponseBodyCopy {

		private final DictionaryDeclarations.Declaration declaration;

		private final boolean authorized;

		private final String scopeKey;

		private @Nullable ByteArrayOutputStream copy = new ByteArrayOutputStream();

		private boolean written;

		KeptBody(DictionaryDeclarations.Declaration declaration, boolean authorized, String scopeKey) {
			this.declaration = declaration;
			this.authorized = authorized;
			this.scopeKey = scopeKey;
		}

		@Override
		public void write(byte[] bytes, int offset, int length) {
			ByteArrayOutputStream copying = this.copy;
			if (copying == null) {
				return;
			}
			if (copying.size() + (long) length > DictionaryBodyCopies.this.bodies.maxSize()) {
				this.copy = null;
				return;
			}
			copying.write(bytes, offset, length);
			this.written = true;
		}

		@Override
		public void reset() {
			this.copy = new ByteArrayOutputStream();
			this.written = false;
		}

		@Override
		public void completed(int status, ResponseFields fields) {
			if (status == 200 && this.written && this.copy != null) {
				DictionaryBodyCopies.this.bodies.keep(this.declaration, this.copy.toByteArray(), fields,
						this.authorized, this.scopeKey);
			}
		}

	}

}
