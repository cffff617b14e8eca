package org.embodia.rapp.store.api;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One app of the store, as {@code GET /apps} lists it.
 *
 * @param name the app's name (manifest header {@value RappAppNamespace#APP_NAME_HEADER}), the spec's {@code app_name}
 * @param keywords the words that ask for it (header {@value RappAppNamespace#APP_KEYWORDS_HEADER})
 * @param bsn its Bundle-SymbolicName
 * @param version its Bundle-Version
 * @param sha256 the SHA-256 of its jar, 64 lower-case hex digits
 * @param size the jar's length in bytes
 * @param url where the jar is, relative to the store's base address ({@code bundles/<file>})
 */
public record StoreApp(String name, List<String> keywords, String bsn, String version, String sha256, long size,
        String url) {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    /** @throws IllegalArgumentException naming the field that is missing or malformed */
    public StoreApp {
        require(name, "name");
        Objects.requireNonNull(keywords, "keywords");
        keywords = List.copyOf(keywords);
        require(bsn, "bsn");
        require(version, "version");
        require(sha256, "sha256");
        require(url, "url");
        if (keywords.isEmpty() || keywords.stream().anyMatch(k -> k.isBlank())) {
            throw new IllegalArgumentException("app '" + name + "': keywords must be a non-empty list of words, got "
                    + keywords);
        }
        if (!SHA256.matcher(sha256).matches()) {
            throw new IllegalArgumentException("app '" + name + "': sha256 must be 64 lower-case hex digits, got '"
                    + sha256 + "'");
        }
        if (size < 0) {
            throw new IllegalArgumentException("app '" + name + "': size must not be negative, got " + size);
        }
    }

    private static void require(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("app field '" + field + "' is missing or blank");
        }
    }
}
