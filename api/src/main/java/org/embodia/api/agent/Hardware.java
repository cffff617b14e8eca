package org.embodia.api.agent;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A real effector or receptor whose I/O with its device is split around the rest of the cycle, as ros2_control's
 * hardware interfaces read before the controllers and write after them: an agent's configuration names the passes
 * ({@code read <subsystem>}, {@code write <subsystem>}), so that the virtual effector decides on the status read in
 * a cycle and its command goes out in that same cycle. Run as one step, it reads and then writes. A subsystem that is
 * not {@code Hardware} in those passes (a simulated effector swapped in) does its whole step in the read pass.
 */
@ConsumerType
public interface Hardware extends Subsystem {
    /** Takes what its device sent since the last read and publishes it on its outputs. */
    void read() throws Exception;

    /** Sends the commands on its inputs, just received, to its device. */
    void write() throws Exception;

    @Override
    default void step() throws Exception {
        read();
        write();
    }
}
