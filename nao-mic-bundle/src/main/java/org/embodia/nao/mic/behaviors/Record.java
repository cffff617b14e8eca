package org.embodia.nao.mic.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.mic.NaoMic;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,mic's record (§3.3.3, NAOqi's startMicrophonesRecording / stopMicrophonesRecording): at
 * i0 the real receptor gets START_RECORDING with cs's fp, and silence = time / sampling_period is
 * memorized; then nothing until i = i0 + silence, when it gets STOP_RECORDING. cs gets rec = TRUE and
 * tm switches when the real receptor reports the recording ended ({@link NaoMic#passRecOnceEnded()}):
 * the spec's NAOqi call returns with the file written, so cs never reads a file half written.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoMic.NAME, Subsystem.BEHAVIOR_PROPERTY + "=record"})
public final class Record implements Behavior {
    private final NaoMic mic;

    @Activate
    public Record(@Reference NaoMic mic) {
        this.mic = mic;
    }

    @Override
    public void step(int iteration) {
        MicReceptorCommand r = mic.reCommand();
        if (iteration == 0) {
            r.cmd = MicReceptorCommand.Cmd.START_RECORDING;
            r.fp = mic.commanded().fp;
            mic.sendReCommand();
            mic.nextMemory().silence = mic.iterations(mic.commanded().time);
            mic.nextMemory().tm = false;
        } else if (iteration == mic.memory().silence) {
            r.cmd = MicReceptorCommand.Cmd.STOP_RECORDING;
            mic.sendReCommand();
        } else if (iteration > mic.memory().silence) {
            mic.passRecOnceEnded();
        }
    }

    @Override
    public void terminate() {
        mic.endBehavior();
    }
}
