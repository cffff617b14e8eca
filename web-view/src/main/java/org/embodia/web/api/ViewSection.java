package org.embodia.web.api;

import java.util.Map;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A part of the web view a bundle contributes, as a Web Console plugin does: a robot's body, a store's apps. The view
 * asks for {@link #snapshot()} on its own thread, about ten times a second and only while a page is open, and sends it
 * under {@link #name()}; its values are maps, lists, arrays, strings, numbers, booleans or null.
 */
@ConsumerType
public interface ViewSection {
    /** Its key in the view's model and snapshots, e.g. {@code velma}. */
    String name();

    /** What does not change while it is registered (names, dimensions), sent once per page; empty when nothing. */
    Map<String, Object> model();

    /**
     * What it shows now, read from lock-free snapshots off the loop; null when there is nothing to show (the part it
     * shows is not running).
     */
    Map<String, Object> snapshot();

    /** No page is open: let go of what {@link #snapshot()} holds on to, e.g. buffer watches. */
    default void idle() {
    }
}
