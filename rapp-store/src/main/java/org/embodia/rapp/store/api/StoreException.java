package org.embodia.rapp.store.api;

import java.net.URI;

/**
 * A store request failed: the base of the errors {@link StoreClient} throws. Thrown as such when the store's answer
 * is malformed or the downloaded file cannot be written; the subclasses name the other cases.
 */
public class StoreException extends Exception {
    private static final long serialVersionUID = 1L;
    private final URI uri;

    public StoreException(URI uri, String message, Throwable cause) {
        super(message, cause);
        this.uri = uri;
    }

    public StoreException(URI uri, String message) {
        this(uri, message, null);
    }

    /** The address of the request that failed. */
    public URI uri() {
        return uri;
    }
}
