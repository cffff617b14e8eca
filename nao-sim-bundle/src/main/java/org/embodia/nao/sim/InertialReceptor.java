package org.embodia.nao.sim;

import org.embodia.api.agent.Subsystem;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorStatus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code core/a.inertial/rr} in simulation: the inertial unit ([RAPP] §3.5): angles, gyrometers, accelerometers,
 * read from ALMemory by GET_DATA.
 */
@Component(service = Subsystem.class)
public final class InertialReceptor extends RealSubsystem<SensorReceptorCommand, SensorReceptorStatus> {
    public static final String NAME = "core/a.inertial/rr";

    @Activate
    public InertialReceptor(@Reference NaoSimulation simulation) {
        super(NAME, simulation, SensorReceptorCommand.class, SensorReceptorCommand::new, SensorReceptorStatus.class,
                SensorReceptorStatus::new, simulation.inertial()::command, simulation.inertial()::status);
    }

    @Deactivate
    void deactivate() {
        stop();
    }
}
