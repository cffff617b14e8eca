package org.embodia.rapp.store.api;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A store running in this framework, registered while its HTTP server is up. Its address is also the service
 * property {@value #URI_PROPERTY}, so the control subsystem can find a store started on any free port.
 */
@ProviderType
public interface RappStore {
    /** The service property holding {@link #uri()} as a string. */
    String URI_PROPERTY = "rapp.store.uri";

    /**
     * The store's base address, ending in '/': {@code index.xml}, {@code apps} and {@code bundles/<file>} are under it.
     */
    URI uri();

    /** The directory of bundles it serves. */
    Path directory();

    /** The apps it serves now, the directory read again if it changed; what {@code GET /apps} lists. */
    List<StoreApp> apps();
}
