package org.embodia.nao.sensors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.sensors.behaviors.Get;
import org.embodia.nao.sensors.behaviors.Idle;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,touch, {@code core/a.touch/vr} ([RAPP] §3.4): the RAPP core agent's touch virtual
 * receptor, which tells cs whether a touch sensor of the head or a hand, or a foot's bumper, is
 * touched. Its idle and get are the shared behaviours, registered for it by the nested components.
 */
@Component(service = {Subsystem.class, NaoTouch.class})
public final class NaoTouch extends NaoSensor {
    public static final String NAME = "core/a.touch/vr";

    public NaoTouch() {
        super(SensorFamily.TOUCH);
    }

    /** r_core,touch's idle (§3.4.2). */
    @Component(service = Behavior.class, property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NAME, Subsystem.BEHAVIOR_PROPERTY + "=idle"})
    public static final class TouchIdle extends Idle {
        @Activate
        public TouchIdle(@Reference NaoTouch sensor) {
            super(sensor);
        }
    }

    /** r_core,touch's get (§3.4.3). */
    @Component(service = Behavior.class, property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NAME, Subsystem.BEHAVIOR_PROPERTY + "=get"})
    public static final class TouchGet extends Get {
        @Activate
        public TouchGet(@Reference NaoTouch sensor) {
            super(sensor);
        }
    }
}
