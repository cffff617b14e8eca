package org.embodia.velma.sim;

import org.embodia.api.agent.Subsystem;
import org.embodia.velma.model.Arm;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/** {@code core/a.lwr_l/re} in simulation: Velma's left KUKA LWR. */
@Component(service = Subsystem.class)
public final class LeftLwrEffector extends LwrEffector {
    public static final String NAME = "core/a.lwr_l/re";

    @Activate
    public LeftLwrEffector(@Reference VelmaSimulation simulation) {
        super(NAME, simulation, Arm.LEFT);
    }

    @Deactivate
    void deactivate() {
        stop();
    }
}
