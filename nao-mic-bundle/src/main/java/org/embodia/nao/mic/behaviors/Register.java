package org.embodia.nao.mic.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.mic.MicMemory;
import org.embodia.nao.mic.NaoMic;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,mic's register (§3.3.4, NAOqi's subscribe / unsubscribe with the energy computation on):
 * at i0 the real receptor gets START_RECORDING with cs's fp and params and enable_mic_comp = TRUE,
 * silence = st / sampling_period is memorized and the counter cit starts at 0. Each later step cit
 * counts on while every microphone's energy stays under cs's enrg and restarts from 0 when one
 * reaches it; nothing is sent until cit = silence, when the real receptor gets STOP_RECORDING and cit
 * stops counting. cs gets rec = TRUE and tm switches when the real receptor reports the recording
 * ended ({@link NaoMic#passRecOnceEnded()}), as {@link Record} waits for it.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoMic.NAME, Subsystem.BEHAVIOR_PROPERTY + "=register"})
public final class Register implements Behavior {
    private final NaoMic mic;

    @Activate
    public Register(@Reference NaoMic mic) {
        this.mic = mic;
    }

    @Override
    public void step(int iteration) {
        MicMemory next = mic.nextMemory();
        if (iteration == 0) {
            MicCommand c = mic.commanded();
            MicReceptorCommand r = mic.reCommand();
            r.cmd = MicReceptorCommand.Cmd.START_RECORDING;
            r.fp = c.fp;
            r.enableMicComp = true;
            r.params.copyFrom(c.params);
            mic.sendReCommand();
            next.silence = mic.iterations(c.st);
            next.cit = 0;
            next.tm = false;
            return;
        }
        MicMemory m = mic.memory();
        if (m.cit > m.silence) {
            mic.passRecOnceEnded();
        } else if (m.cit == m.silence) {
            mic.reCommand().cmd = MicReceptorCommand.Cmd.STOP_RECORDING;
            mic.sendReCommand();
            next.cit = m.silence + 1;
        } else {
            next.cit = mic.loud() ? 0 : m.cit + 1;
        }
    }

    @Override
    public void terminate() {
        mic.endBehavior();
    }
}
