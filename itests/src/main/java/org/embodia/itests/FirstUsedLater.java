package org.embodia.itests;

/**
 * A class of this bundle that no test names: its initializer runs only when the scheduler loads this bundle's classes
 * before a subsystem from it runs ({@link SchedulerTest}).
 */
final class FirstUsedLater {
    static {
        System.setProperty("org.embodia.itests.FirstUsedLater", "initialized");
    }

    private FirstUsedLater() {
    }
}
