package org.embodia.nao.sensors.behaviors;

import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.sensors.NaoSensor;

/**
 * The get of r_core,touch, r_core,inertial and r_core,fsr (§3.4.3, §3.5.3, §3.6.3, NAOqi's ALMemory
 * getData): at i0 the real receptor gets GET_DATA with cs's data_name and tm = FALSE; then nothing to
 * the real receptor. A new value from the real receptor is passed to cs and switches tm. Each receptor
 * registers its own subclass as its get service.
 */
public abstract class Get implements Behavior {
    private final NaoSensor sensor;

    protected Get(NaoSensor sensor) {
        this.sensor = sensor;
    }

    @Override
    public final void step(int iteration) {
        if (iteration == 0) {
            SensorReceptorCommand r = sensor.reCommand();
            r.cmd = SensorReceptorCommand.Cmd.GET_DATA;
            r.dataName = sensor.commanded().dataName;
            sensor.sendReCommand();
            sensor.nextMemory().tm = false;
        } else if (sensor.valueNew()) {
            sensor.passValue();
            sensor.nextMemory().tm = true;
        }
    }

    @Override
    public final void terminate() {
        sensor.endBehavior();
    }
}
