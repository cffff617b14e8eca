package org.embodia.runconfigs.hostile;

import java.util.Hashtable;

import org.embodia.rapp.api.DynamicAgent;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;

/**
 * What every hostile app does to be run: its activator registers it as the DynamicAgent of its jar's name (the app's
 * jar holds this class and the app's own, see {@code HostileAppsIT}). An app's own attack is in its run, or in its
 * start.
 */
public abstract class HostileApp implements BundleActivator, DynamicAgent {
    protected BundleContext context;

    @Override
    public void start(BundleContext context) throws Exception {
        this.context = context;
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(APP_PROPERTY, context.getBundle().getHeaders().get(APP_NAME_HEADER));
        context.registerService(DynamicAgent.class, this, props);
    }

    @Override
    public void stop(BundleContext context) {
    }
}
