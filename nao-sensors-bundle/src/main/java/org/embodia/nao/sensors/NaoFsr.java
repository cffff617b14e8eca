package org.embodia.nao.sensors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.sensors.behaviors.Get;
import org.embodia.nao.sensors.behaviors.Idle;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,fsr, {@code core/a.fsr/vr} ([RAPP] §3.6): the RAPP core agent's force sensitive resistor
 * virtual receptor, which gives cs each foot's four FSR readings and its total weight. Its idle and
 * get are the shared behaviours, registered for it by the nested components.
 */
@Component(service = {Subsystem.class, NaoFsr.class})
public final class NaoFsr extends NaoSensor {
    public static final String NAME = "core/a.fsr/vr";

    public NaoFsr() {
        super(SensorFamily.FSR);
    }

    /** r_core,fsr's idle (§3.6.2). */
    @Component(service = Behavior.class, property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NAME, Subsystem.BEHAVIOR_PROPERTY + "=idle"})
    public static final class FsrIdle extends Idle {
        @Activate
        public FsrIdle(@Reference NaoFsr sensor) {
            super(sensor);
        }
    }

    /** r_core,fsr's get (§3.6.3). */
    @Component(service = Behavior.class, property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NAME, Subsystem.BEHAVIOR_PROPERTY + "=get"})
    public static final class FsrGet extends Get {
        @Activate
        public FsrGet(@Reference NaoFsr sensor) {
            super(sensor);
        }
    }
}
