package org.embodia.nao.sim;

import org.embodia.api.agent.Subsystem;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.api.MicReceptorStatus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code core/a.mic/rr} in simulation, R_core,mic of [RAPP] §3.3: ALAudioDevice, ALAudioRecorder,
 * ALSpeechRecognition and ALMemory over the simulated microphones. Status every tick: enrg; rw and value when assigned.
 */
@Component(service = Subsystem.class)
public final class MicReceptor extends RealSubsystem<MicReceptorCommand, MicReceptorStatus> {
    public static final String NAME = "core/a.mic/rr";

    @Activate
    public MicReceptor(@Reference NaoSimulation simulation) {
        super(NAME, simulation, MicReceptorCommand.class, MicReceptorCommand::new, MicReceptorStatus.class,
                MicReceptorStatus::new, simulation.microphone()::command, simulation.microphone()::status);
    }

    @Deactivate
    void deactivate() {
        stop();
    }
}
