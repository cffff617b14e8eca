package org.embodia.velma.api;

/** The FRI communication quality a KUKA LWR reports, worst first. */
public enum FriQuality {
    BAD,
    UNACCEPTABLE,
    GOOD,
    PERFECT
}
