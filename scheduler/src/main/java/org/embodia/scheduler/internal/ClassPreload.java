package org.embodia.scheduler.internal;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * Loads and initializes, before a subsystem runs in a loop, every class of the bundles its subsystem and behaviour
 * services come from and of the packages those bundles import. Otherwise the first cycle of a behaviour loads its classes
 * on the loop's thread: it reads the bundle's jar, under the jar's lock, which a thread at normal priority may hold while
 * it waits for a CPU the real-time threads keep (velma-sim-split, docs/velma.md).
 * Each bundle wiring is loaded once; an updated bundle has a new one.
 */
final class ClassPreload {
    private final Set<BundleWiring> done = Collections.newSetFromMap(new WeakHashMap<>());

    /** The classes of {@code component}'s bundle and its imports; nothing for an object not from a bundle. */
    void preload(Object component) {
        Bundle bundle = FrameworkUtil.getBundle(component.getClass());
        BundleWiring wiring = bundle == null ? null : bundle.adapt(BundleWiring.class);
        if (wiring == null || !wiring.isInUse() || !done.add(wiring)) {
            return;
        }
        ClassLoader loader = wiring.getClassLoader();
        load(loader, wiring.listResources("/", "*.class", BundleWiring.LISTRESOURCES_RECURSE | BundleWiring.LISTRESOURCES_LOCAL));
        for (BundleWire wire : wiring.getRequiredWires(PackageNamespace.PACKAGE_NAMESPACE)) {
            BundleWiring provider = wire.getProviderWiring();
            // The framework's own packages come from the class path, loaded as the framework started.
            if (provider == null || provider.getBundle().getBundleId() == 0) {
                continue;
            }
            String pkg = (String) wire.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE);
            load(loader, provider.listResources(pkg.replace('.', '/'), "*.class", BundleWiring.LISTRESOURCES_LOCAL));
        }
    }

    private static void load(ClassLoader loader, Iterable<String> resources) {
        for (String resource : resources) {
            String name = resource.substring(0, resource.length() - ".class".length()).replace('/', '.');
            if (name.endsWith("module-info") || name.endsWith("package-info")) {
                continue;
            }
            try {
                Class.forName(name, true, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                // A class that cannot load or initialize here fails the same way where it is first used: loading it
                // later is all this changes.
            }
        }
    }
}
