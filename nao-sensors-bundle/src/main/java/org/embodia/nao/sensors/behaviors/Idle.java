package org.embodia.nao.sensors.behaviors;

import org.embodia.api.behavior.Behavior;
import org.embodia.nao.sensors.NaoSensor;

/**
 * The idle of r_core,touch, r_core,inertial and r_core,fsr (§3.4.2, §3.5.2, §3.6.2): sends nothing,
 * neither to the real receptor nor to cs. A valid GET from cs ends idle at the check of the step it
 * arrives in (its terminal condition), and get runs in idle's place in that step; an invalid command
 * leaves idle current, and idle sends cs the reason.
 * Each receptor registers its own subclass as its idle service.
 */
public abstract class Idle implements Behavior {
    private final NaoSensor sensor;

    protected Idle(NaoSensor sensor) {
        this.sensor = sensor;
    }

    @Override
    public final void step(int iteration) {
        sensor.acceptOrReject();
    }
}
