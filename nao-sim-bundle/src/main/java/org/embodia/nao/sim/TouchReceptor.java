package org.embodia.nao.sim;

import org.embodia.api.agent.Subsystem;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorStatus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code core/a.touch/rr} in simulation: the touch sensors ([RAPP] §3.4): head, hands and foot bumpers, read from ALMemory by GET_DATA.
 */
@Component(service = Subsystem.class)
public final class TouchReceptor extends RealSubsystem<SensorReceptorCommand, SensorReceptorStatus> {
    public static final String NAME = "core/a.touch/rr";

    @Activate
    public TouchReceptor(@Reference NaoSimulation simulation) {
        super(NAME, simulation, SensorReceptorCommand.class, SensorReceptorCommand::new, SensorReceptorStatus.class,
                SensorReceptorStatus::new, simulation.touch()::command, simulation.touch()::status);
    }

    @Deactivate
    void deactivate() {
        stop();
    }
}
