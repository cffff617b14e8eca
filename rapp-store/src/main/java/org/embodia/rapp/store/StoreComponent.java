package org.embodia.rapp.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;

import org.embodia.rapp.store.api.RappStore;
import org.embodia.rapp.store.api.StoreApp;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.log.Logger;
import org.osgi.service.log.LoggerFactory;

/**
 * The RAPP Store in a framework: configured under PID {@value #PID} (it starts only once configured), it serves the
 * configured directory and registers itself as {@link RappStore} with the property {@value RappStore#URI_PROPERTY}.
 * It registers the service itself, after the server is up, because the address (with port 0, any free port) is known
 * only then. A changed configuration restarts it on the new directory and port.
 */
@Component(configurationPid = StoreComponent.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = {})
public final class StoreComponent implements RappStore {
    public static final String PID = "org.embodia.rapp.store";

    /** The configuration (PID {@value #PID}). */
    public @interface Config {
        /** The directory of dynamic-agent bundles; a relative path is taken from the framework's working directory. */
        String directory() default "";

        /** The TCP port on the loopback interface; 0: any free port. */
        int port() default 0;
    }

    private final StoreServer server;
    private final ServiceRegistration<RappStore> registration;

    /** @throws IllegalArgumentException naming the setting if the directory is missing or the port out of range */
    @Activate
    public StoreComponent(Config config, BundleContext context,
            @Reference(service = LoggerFactory.class) Logger logger) {
        StoreLog log = new StoreLog() {
            @Override
            public void info(String message) {
                logger.info(message);
            }

            @Override
            public void warn(String message) {
                logger.warn(message);
            }
        };
        if (config.directory().isBlank()) {
            throw new IllegalArgumentException(PID + ": 'directory' is not configured: it names the directory of"
                    + " dynamic-agent bundles to serve");
        }
        try {
            server = new StoreServer(Path.of(config.directory()), config.port(), log);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put(URI_PROPERTY, server.uri().toString());
        properties.put("rapp.store.directory", server.directory().toString());
        registration = context.registerService(RappStore.class, this, properties);
        logger.info("RAPP Store serving " + server.directory() + " at " + server.uri());
    }

    @Deactivate
    void deactivate() {
        try {
            registration.unregister();
        } catch (IllegalStateException e) {
            // Unregistered already, as the bundle stopped.
        }
        server.close();
    }

    @Override
    public URI uri() {
        return server.uri();
    }

    @Override
    public Path directory() {
        return server.directory();
    }

    @Override
    public List<StoreApp> apps() {
        return server.apps();
    }
}
