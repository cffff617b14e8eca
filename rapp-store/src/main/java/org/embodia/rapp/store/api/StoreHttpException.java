package org.embodia.rapp.store.api;

import java.net.URI;

/** The store answered with an HTTP error status. */
public class StoreHttpException extends StoreException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String body;

    public StoreHttpException(URI uri, int status, String body) {
        super(uri, "RAPP Store answered " + status + " for " + uri + (body.isBlank() ? "" : ": " + body.strip()));
        this.status = status;
        this.body = body;
    }

    /** The HTTP status code. */
    public int status() {
        return status;
    }

    /** The store's explanation, the response body (possibly cut short). */
    public String body() {
        return body;
    }
}
