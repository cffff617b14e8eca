package org.embodia.nao.sim;

/**
 * One of the simulated NAO's devices behind a real effector or receptor, as the clock's tick drives it. Both calls
 * come on the clock thread, once per tick, and allocate nothing unless a command arrived or failed.
 */
interface Device {
    /**
     * Step (a) of a tick: carry out the command the subsystem handed over since the last tick.
     *
     * @param start ticks completed before this one: the simulated time, in 20 ms steps, at which the command acts
     */
    void actuate(long start);

    /**
     * Step (c) of a tick, after the body has stepped and ALMemory and the microphones are up to date: take what the
     * device's workers finished, and bring the status to send up to date.
     *
     * @param end this tick's number, ticks completed once it is done: the simulated time at its end
     */
    void sense(long end);

    /** Stops the device's workers, finishing what they write. */
    void close();
}
