package org.embodia.nao.sensors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.sensors.behaviors.Get;
import org.embodia.nao.sensors.behaviors.Idle;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,inertial, {@code core/a.inertial/vr} ([RAPP] §3.5): the RAPP core agent's inertial virtual
 * receptor, which gives cs the torso's orientation angles, angular velocities and accelerations. Its
 * idle and get are the shared behaviours, registered for it by the nested components.
 */
@Component(service = {Subsystem.class, NaoInertial.class})
public final class NaoInertial extends NaoSensor {
    public static final String NAME = "core/a.inertial/vr";

    public NaoInertial() {
        super(SensorFamily.INERTIAL);
    }

    /** r_core,inertial's idle (§3.5.2). */
    @Component(service = Behavior.class, property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NAME, Subsystem.BEHAVIOR_PROPERTY + "=idle"})
    public static final class InertialIdle extends Idle {
        @Activate
        public InertialIdle(@Reference NaoInertial sensor) {
            super(sensor);
        }
    }

    /** r_core,inertial's get (§3.5.3). */
    @Component(service = Behavior.class, property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NAME, Subsystem.BEHAVIOR_PROPERTY + "=get"})
    public static final class InertialGet extends Get {
        @Activate
        public InertialGet(@Reference NaoInertial sensor) {
            super(sensor);
        }
    }
}
