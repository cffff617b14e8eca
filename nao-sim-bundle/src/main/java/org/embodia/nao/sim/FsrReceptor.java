package org.embodia.nao.sim;

import org.embodia.api.agent.Subsystem;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorStatus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code core/a.fsr/rr} in simulation: the feet's force sensitive resistors ([RAPP] §3.6) and each foot's total
 * weight, read from ALMemory by GET_DATA.
 */
@Component(service = Subsystem.class)
public final class FsrReceptor extends RealSubsystem<SensorReceptorCommand, SensorReceptorStatus> {
    public static final String NAME = "core/a.fsr/rr";

    @Activate
    public FsrReceptor(@Reference NaoSimulation simulation) {
        super(NAME, simulation, SensorReceptorCommand.class, SensorReceptorCommand::new, SensorReceptorStatus.class,
                SensorReceptorStatus::new, simulation.fsr()::command, simulation.fsr()::status);
    }

    @Deactivate
    void deactivate() {
        stop();
    }
}
