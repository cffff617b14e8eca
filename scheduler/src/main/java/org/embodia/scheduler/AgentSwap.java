package org.embodia.scheduler;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;
import org.osgi.framework.BundleException;

/**
 * Hot swap of the bundles that implement subsystems, as OROCOS users deploy another component into a running
 * activity. The replacements start first and, as the newest offer of each subsystem name, take over at a cycle
 * boundary; the replaced bundles stop only once the replacements offer every subsystem they offered, so the loop
 * never runs without them. A replacement waiting above the framework's start level (a profile's stand-by) is brought
 * down to it. When the replacements do not offer every subsystem within {@link #TIMEOUT_MILLIS}, the bundles the swap
 * started stop again and the replaced ones keep running. Shells and demos swap through this service; it is the one
 * place that starts and stops bundles for a swap.
 */
@ProviderType
public interface AgentSwap {
    /** How long the replacements have to offer every subsystem of the bundles they replace. */
    long TIMEOUT_MILLIS = 10_000;

    /**
     * Replaces the bundles {@code from} by the bundles {@code to}, all named by symbolic name.
     *
     * @throws IllegalArgumentException when a bundle is unknown or would replace itself
     * @throws IllegalStateException when the replacements do not offer every subsystem in time; nothing changed then
     */
    Swap swap(List<String> from, List<String> to) throws BundleException, InterruptedException;

    /** As {@link #swap(List, List)}, with a replacement installed from {@code location} (file:..., mvn:...). */
    Swap install(List<String> from, String location) throws BundleException, InterruptedException;

    /**
     * A swap done.
     *
     * @param stopped the symbolic names of the bundles replaced
     * @param started the symbolic names of their replacements
     * @param subsystems the names of the subsystems the replacements took over, sorted
     */
    record Swap(List<String> stopped, List<String> started, List<String> subsystems) {
        public Swap {
            stopped = List.copyOf(stopped);
            started = List.copyOf(started);
            subsystems = subsystems.stream().sorted().toList();
        }
    }
}
