package org.embodia.nao.sim;

import org.embodia.api.agent.Subsystem;
import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.api.LsEffectorStatus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code core/a.ls/re} in simulation, E_core,ls of [RAPP] §3.2: ALTextToSpeech, ALAudioPlayer and ALMemory over the
 * simulated loudspeakers. Status every tick; synthesized and value change when assigned.
 */
@Component(service = Subsystem.class)
public final class LsEffector extends RealSubsystem<LsEffectorCommand, LsEffectorStatus> {
    public static final String NAME = "core/a.ls/re";

    @Activate
    public LsEffector(@Reference NaoSimulation simulation) {
        super(NAME, simulation, LsEffectorCommand.class, LsEffectorCommand::new, LsEffectorStatus.class,
                LsEffectorStatus::new, simulation.loudspeaker()::command, simulation.loudspeaker()::status);
    }

    @Deactivate
    void deactivate() {
        stop();
    }
}
