package org.embodia.transport.aeron.internal;

/**
 * The Aeron transport's configuration under PID {@value AeronBufferTransport#PID}. As DS maps a component property
 * type, an underscore in a method's name is a dot in the property's: {@code embedded.driver}.
 */
public @interface TransportConfig {
    /**
     * The media driver's directory, which every process linked through one driver names alike; empty: Aeron's default
     * for this user (under /dev/shm on Linux), with this process's id appended when it runs the driver itself.
     */
    String directory() default "";

    /**
     * Whether this process runs the media driver (one process per machine does, or a standalone driver) rather than
     * using the one already running in {@link #directory()}.
     */
    boolean embedded_driver() default true;
}
