package org.embodia.velma.sim;

import org.embodia.api.agent.Subsystem;
import org.embodia.velma.model.Arm;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/** {@code core/a.lwr_r/re} in simulation: Velma's right KUKA LWR. */
@Component(service = Subsystem.class)
public final class RightLwrEffector extends LwrEffector {
    public static final String NAME = "core/a.lwr_r/re";

    @Activate
    public RightLwrEffector(@Reference VelmaSimulation simulation) {
        super(NAME, simulation, Arm.RIGHT);
    }

    @Deactivate
    void deactivate() {
        stop();
    }
}
