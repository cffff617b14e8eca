package org.embodia.scheduler.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.embodia.api.agent.Subsystem;
import org.embodia.scheduler.AgentSwap;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/** {@link AgentSwap} over the framework's bundles: the subsystems a bundle offers are the {@link Subsystem}s it registers. */
@Component(service = AgentSwap.class)
public final class BundleSwap implements AgentSwap {
    private final BundleContext context;

    @Activate
    public BundleSwap(BundleContext context) {
        this.context = context;
    }

    @Override
    public Swap swap(List<String> from, List<String> to) throws BundleException, InterruptedException {
        return replace(bundles(from), bundles(to));
    }

    @Override
    public Swap install(List<String> from, String location) throws BundleException, InterruptedException {
        return replace(bundles(from), List.of(context.installBundle(location)));
    }

    private Swap replace(List<Bundle> old, List<Bundle> replacements) throws BundleException, InterruptedException {
        for (Bundle r : replacements) {
            if (old.contains(r)) {
                throw new IllegalArgumentException("a bundle cannot replace itself: " + r.getSymbolicName());
            }
        }
        Set<String> needed = subsystemNames(old);
        List<Bundle> started = new ArrayList<>();
        int active = context.getBundle(0).adapt(FrameworkStartLevel.class).getStartLevel();
        for (Bundle r : replacements) {
            BundleStartLevel level = r.adapt(BundleStartLevel.class);
            if (level.getStartLevel() > active) {
                level.setStartLevel(active);
            }
            if (r.getState() != Bundle.ACTIVE) {
                r.start();
                started.add(r);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT_MILLIS);
        Set<String> missing = missing(needed, replacements);
        while (!missing.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
            missing = missing(needed, replacements);
        }
        if (!missing.isEmpty()) {
            for (Bundle r : started) {
                r.stop();
            }
            throw new IllegalStateException(names(replacements) + " do not offer " + String.join(", ", missing)
                    + " (see the log for why); " + names(old) + " keep running");
        }
        for (Bundle b : old) {
            b.stop();
        }
        return new Swap(names(old), names(replacements), List.copyOf(needed));
    }

    private static List<String> names(List<Bundle> bundles) {
        return bundles.stream().map(Bundle::getSymbolicName).toList();
    }

    private List<Bundle> bundles(List<String> symbolicNames) {
        if (symbolicNames.isEmpty()) {
            throw new IllegalArgumentException("no bundles named");
        }
        return symbolicNames.stream().map(this::bundle).toList();
    }

    private Bundle bundle(String symbolicName) {
        for (Bundle b : context.getBundles()) {
            if (symbolicName.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new IllegalArgumentException("no bundle " + symbolicName);
    }

    /** The names of the subsystems the bundles register. */
    private Set<String> subsystemNames(List<Bundle> bundles) {
        Set<String> names = new TreeSet<>();
        for (Bundle b : bundles) {
            ServiceReference<?>[] refs = b.getRegisteredServices();
            for (ServiceReference<?> ref : refs == null ? new ServiceReference<?>[0] : refs) {
                Object service = context.getService(ref);
                try {
                    if (service instanceof Subsystem s) {
                        names.add(s.name().toString());
                    }
                } finally {
                    context.ungetService(ref);
                }
            }
        }
        return names;
    }

    private Set<String> missing(Set<String> needed, List<Bundle> replacements) {
        Set<String> missing = new TreeSet<>(needed);
        missing.removeAll(subsystemNames(replacements));
        return missing;
    }
}
