package org.embodia.rapp.store.api;

import java.net.URI;

/** The store could not be reached: the connection was refused or timed out, or the store did not answer in time. */
public class StoreUnreachableException extends StoreException {
    private static final long serialVersionUID = 1L;

    public StoreUnreachableException(URI uri, String message, Throwable cause) {
        super(uri, message, cause);
    }
}
