package org.embodia.rapp.store.api;

import java.net.URI;

/** A downloaded jar's SHA-256 differs from the one the store's index gives for it; the file was not kept. */
public class HashMismatchException extends StoreException {
    private static final long serialVersionUID = 1L;
    private final String expected;
    private final String actual;

    public HashMismatchException(URI uri, String expected, String actual) {
        super(uri, "SHA-256 mismatch for " + uri + ": the store's index says " + expected
                + ", the downloaded bytes hash to " + actual);
        this.expected = expected;
        this.actual = actual;
    }

    /** The SHA-256 the store's index gives. */
    public String expected() {
        return expected;
    }

    /** The SHA-256 of the bytes received. */
    public String actual() {
        return actual;
    }
}
