package org.embodia.runconfigs.hostile;

import org.embodia.rapp.api.Rapp;
import org.osgi.framework.BundleContext;

/** Its BundleActivator.start never returns, interrupted or not. */
public final class Stuck extends HostileApp {
    @Override
    public void start(BundleContext context) {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.interrupted();
            }
        }
    }

    @Override
    public void run(Rapp rapp) {
    }
}
