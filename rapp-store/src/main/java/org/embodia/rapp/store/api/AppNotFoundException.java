package org.embodia.rapp.store.api;

import java.net.URI;
import java.util.List;

/** The store has no app of that name. */
public class AppNotFoundException extends StoreException {
    private static final long serialVersionUID = 1L;
    private final String app;
    private final List<String> available;

    public AppNotFoundException(URI uri, String app, List<String> available) {
        super(uri, "RAPP Store " + uri + " has no app '" + app + "'" + (available.isEmpty() ? " (it has no apps)"
                : " (it has: " + String.join(", ", available) + ")"));
        this.app = app;
        this.available = List.copyOf(available);
    }

    /** The name asked for. */
    public String app() {
        return app;
    }

    /** The names of the apps the store has. */
    public List<String> available() {
        return available;
    }
}
