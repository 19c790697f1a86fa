/**
 * Auto-configuration of compression dictionaries.
 */
@NullMarked
package io.restcompress.dictionary.autoconfigure;

import org.jspecify.annotations.NullMarked;
