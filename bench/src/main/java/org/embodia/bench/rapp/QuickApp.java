package org.embodia.bench.rapp;

import java.util.Hashtable;

import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.api.Rapp;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * The apps bench's dynamic agent: its bundle's activator registers it under the app name of its manifest, and its run
 * returns at once, so that a deploy measures cs's load, activate and destroy and nothing of the app's own work.
 */
public final class QuickApp implements BundleActivator, DynamicAgent {
    @Override
    public void start(BundleContext context) {
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(APP_PROPERTY, context.getBundle().getHeaders().get(APP_NAME_HEADER));
        context.registerService(DynamicAgent.class, this, properties);
    }

    @Override
    public void stop(BundleContext context) {
    }

    @Override
    public void run(Rapp rapp) {
    }
}
