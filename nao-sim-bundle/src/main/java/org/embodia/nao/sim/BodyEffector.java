package org.embodia.nao.sim;

import org.embodia.api.agent.Subsystem;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.BodyEffectorStatus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code core/a.body/re} in simulation, E_core,body of [RAPP] §3.1: ALMotion, ALRobotPosture and ALMemory over the
 * simulated body. Status every tick: odm, im, cja, cmp, cpost; attained and value when assigned.
 */
@Component(service = Subsystem.class)
public final class BodyEffector extends RealSubsystem<BodyEffectorCommand, BodyEffectorStatus> {
    public static final String NAME = "core/a.body/re";

    @Activate
    public BodyEffector(@Reference NaoSimulation simulation) {
        super(NAME, simulation, BodyEffectorCommand.class, BodyEffectorCommand::new, BodyEffectorStatus.class,
                BodyEffectorStatus::new, simulation.body()::command, simulation.body()::status);
    }

    @Deactivate
    void deactivate() {
        stop();
    }
}
