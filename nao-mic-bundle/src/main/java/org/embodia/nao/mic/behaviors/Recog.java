package org.embodia.nao.mic.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.mic.NaoMic;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,mic's recog (§3.3.5, NAOqi's ALSpeechRecognition word spotting): at i0 the real receptor
 * gets SUBSCRIBE with cs's dictionary dct, and cs's threshold is memorized; at i0 + 1 it gets
 * GET_DATA for LastWordRecognized; then nothing until a new rw arrives, when it gets UNSUBSCRIBE,
 * cs gets the most probable word (Empty when its probability is under the threshold) and tm switches.
 * A new rw before i0 + 2 cannot answer that query (at i0 + 1 the real receptor's report was made
 * before the GET_DATA that step sends) and is left alone, as the UNSUBSCRIBE's condition i > i0 + 1 says.
 * Ours: an ABORT from cs after i0 gets UNSUBSCRIBE at once and switches tm, with nothing to cs. In silence the
 * spotting has no end, and cs aborts the spotting of an agent it destroyed, whose dictionary would otherwise
 * answer the next thing said to the robot, while cs's own RECOGNIZE went unheard.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoMic.NAME, Subsystem.BEHAVIOR_PROPERTY + "=recog"})
public final class Recog implements Behavior {
    private final NaoMic mic;

    @Activate
    public Recog(@Reference NaoMic mic) {
        this.mic = mic;
    }

    @Override
    public void step(int iteration) {
        MicReceptorCommand r = mic.reCommand();
        if (iteration == 0) {
            r.cmd = MicReceptorCommand.Cmd.SUBSCRIBE;
            r.dct.copyFrom(mic.commanded().dct);
            mic.sendReCommand();
            mic.nextMemory().threshold = mic.commanded().threshold;
            mic.nextMemory().tm = false;
        } else if (mic.abortArrived()) {
            r.cmd = MicReceptorCommand.Cmd.UNSUBSCRIBE;
            mic.sendReCommand();
            mic.nextMemory().tm = true;
        } else if (iteration == 1) {
            r.cmd = MicReceptorCommand.Cmd.GET_DATA;
            r.dataName = NaoMic.LAST_WORD_RECOGNIZED;
            mic.sendReCommand();
        } else if (mic.rwNew()) {
            r.cmd = MicReceptorCommand.Cmd.UNSUBSCRIBE;
            mic.sendReCommand();
            mic.passRecognizedWord(mic.memory().threshold);
            mic.nextMemory().tm = true;
        }
    }

    @Override
    public void terminate() {
        mic.endBehavior();
    }
}
