package org.embodia.velma.api;

/** The FRI state of a KUKA LWR: monitor mode (commands ignored) or command mode. */
public enum FriState {
    MONITOR,
    COMMAND
}
