package org.embodia.nao.cs;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.embodia.rapp.api.DynamicAgent;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;

/** {@link AgentHost} over the framework cs runs in: the app is a bundle installed, started and found by its service. */
final class BundleAgentHost implements AgentHost {
    private final BundleContext context;

    BundleAgentHost(BundleContext context) {
        this.context = context;
    }

    @Override
    public Installed install(String app, Path jar, Duration timeout) throws Exception {
        Bundle bundle;
        try (InputStream in = Files.newInputStream(jar)) {
            bundle = context.installBundle("rapp:" + app + ":" + jar.getFileName(), in);
        }
        try {
            // A framework may give new bundles a start level above its own (a profile's stand-by level): the app
            // must start now, at the level the core agent runs at.
            int running = context.getBundle(0).adapt(FrameworkStartLevel.class).getStartLevel();
            BundleStartLevel level = bundle.adapt(BundleStartLevel.class);
            if (level.getStartLevel() > running) {
                level.setStartLevel(running);
            }
            bundle.start();
            String filter = "(" + DynamicAgent.APP_PROPERTY + "=" + app + ")";
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                ServiceReference<?>[] refs = bundle.getRegisteredServices();
                if (refs != null) {
                    for (ServiceReference<?> ref : refs) {
                        if (context.createFilter(filter).match(ref)
                                && context.getService(ref) instanceof DynamicAgent agent) {
                            ServiceReference<?> held = ref;
                            return new Installed() {
                                @Override
                                public DynamicAgent agent() {
                                    return agent;
                                }

                                @Override
                                public void remove() throws BundleException {
                                    context.ungetService(held);
                                    uninstall(bundle);
                                }
                            };
                        }
                    }
                }
                if (System.nanoTime() - deadline >= 0) {
                    throw new IllegalStateException("app '" + app + "' (bundle " + bundle.getSymbolicName()
                            + ") registered no DynamicAgent service with " + filter + " within " + timeout.toMillis() + " ms");
                }
                Thread.sleep(20);
            }
        } catch (Exception e) {
            uninstall(bundle);
            throw e;
        }
    }

    private static void uninstall(Bundle bundle) throws BundleException {
        if (bundle.getState() != Bundle.UNINSTALLED) {
            try {
                bundle.stop();
            } finally {
                bundle.uninstall();
            }
        }
    }
}
