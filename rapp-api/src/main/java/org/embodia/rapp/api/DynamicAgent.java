package org.embodia.rapp.api;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A dynamic agent: what an app bundle registers as a service for the core agent to run once the bundle is started.
 */
@ConsumerType
public interface DynamicAgent {
    /** Manifest header: the app's name, as the store lists it and cs's app map names it, e.g. {@code greeter}. */
    String APP_NAME_HEADER = "RAPP-App-Name";
    /** Manifest header: the comma-separated words that call the app, e.g. {@code hello, greet}. */
    String APP_KEYWORDS_HEADER = "RAPP-App-Keywords";
    /** Service property of the {@link DynamicAgent} service: the app's name. */
    String APP_PROPERTY = "rapp.app";

    /**
     * Does the app's work, on a thread of the core agent's, calling the robot through {@code rapp} only. Returning is
     * Terminate with status Finished; throwing, status Error. When the core agent destroys the app (its own Terminate,
     * a timeout, the operator), the thread is interrupted and every later call of {@code rapp} throws
     * {@link RappException}: an app ends promptly when interrupted.
     */
    void run(Rapp rapp) throws Exception;
}
