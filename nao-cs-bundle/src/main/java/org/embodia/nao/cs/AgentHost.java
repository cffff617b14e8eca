package org.embodia.nao.cs;

import java.nio.file.Path;
import java.time.Duration;

import org.embodia.rapp.api.DynamicAgent;

/** Where activate installs an app and destroy removes it: the framework, or a test's stand-in. Called off the loop. */
interface AgentHost {
    /** An installed, started app whose agent service is there. */
    interface Installed {
        DynamicAgent agent();

        /** Stops and uninstalls it, whatever state it is in. */
        void remove() throws Exception;
    }

    /**
     * Installs and starts the jar and waits up to {@code timeout} for its {@link DynamicAgent} service with
     * {@value DynamicAgent#APP_PROPERTY} = {@code app}; on failure nothing of it is left installed.
     *
     * @throws Exception saying why: not a bundle, does not resolve, does not start, no agent in time
     */
    Installed install(String app, Path jar, Duration timeout) throws Exception;

    /** Off the loop, after cs activated: gets ready for the first app (a spare process, say). */
    default void prepare() {
    }

    /** cs is going away: nothing of any app may stay. */
    default void close() {
    }
}
