package org.embodia.runconfigs.hostile;

import org.embodia.rapp.api.Rapp;

/** Ends the JVM it runs in, as an app that calls System.exit does. */
public final class Exit extends HostileApp {
    @Override
    public void run(Rapp rapp) {
        System.exit(0);
    }
}
