package org.embodia.nao.mic;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicParams;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.api.MicReceptorStatus;
import org.embodia.nao.api.MicStatus;
import org.embodia.nao.mic.behaviors.Get;
import org.embodia.nao.mic.behaviors.Idle;
import org.embodia.nao.mic.behaviors.Recog;
import org.embodia.nao.mic.behaviors.Record;
import org.embodia.nao.mic.behaviors.Register;
import org.embodia.testing.subsystem.VirtualSubsystemRig;

/**
 * cs and the real receptor around one r_core,mic, stepped as the scheduler steps it: each step the
 * real receptor reports, cs may send a command, r_core,mic receives both, its FSM steps over its real
 * predicates, its iteration ends, and cs and the real receptor receive what it sent.
 */
final class Rig extends VirtualSubsystemRig<MicCommand, MicStatus, MicReceptorCommand, MicReceptorStatus> {
    static final String FILE = "fsm/nao.mic.yaml";

    final NaoMic mic;

    Rig() throws FsmLoadException {
        this(new NaoMic());
    }

    private Rig(NaoMic mic) throws FsmLoadException {
        super(mic, FILE, behaviors(mic));
        this.mic = mic;
    }

    private static Map<String, Behavior> behaviors(NaoMic mic) {
        Map<String, Behavior> behaviors = new LinkedHashMap<>();
        behaviors.put("idle", new Idle(mic));
        behaviors.put("record", new Record(mic));
        behaviors.put("register", new Register(mic));
        behaviors.put("recog", new Recog(mic));
        behaviors.put("get", new Get(mic));
        return behaviors;
    }

    static FsmDefinition definition() throws FsmLoadException {
        return VirtualSubsystemRig.definition(NaoMic.class, FILE);
    }

    /** The real receptor measures {@code energy} on every microphone in the coming steps. */
    void energy(double energy) {
        Arrays.fill(report().enrg, energy);
    }

    /** The real receptor reports a recognition result: word, probability, word, probability, ... */
    void reportRecognized(Object... wordsAndProbabilities) {
        report().rw.clear();
        for (int k = 0; k < wordsAndProbabilities.length; k += 2) {
            report().rw.add((String) wordsAndProbabilities[k], (Double) wordsAndProbabilities[k + 1]);
        }
        report().rwSeq++;
    }

    /** The real receptor reports that it has ended a recording, its file written. */
    void recordingEnded() {
        report().recSeq++;
    }

    static MicCommand record(String fp, double time) {
        MicCommand c = new MicCommand();
        c.cmd = MicCommand.Cmd.RECORD;
        c.fp = fp;
        c.time = time;
        c.samplingPeriod = NaoMic.SAMPLING_PERIOD;
        return c;
    }

    /** REGISTER into fp at 16 kHz from the front microphone, until the energy stays under enrg for st. */
    static MicCommand register(String fp, double enrg, double st) {
        MicCommand c = new MicCommand();
        c.cmd = MicCommand.Cmd.REGISTER;
        c.fp = fp;
        c.params.sampleRate = 16000;
        c.params.channels[MicParams.FRONT] = true;
        c.enrg = enrg;
        c.st = st;
        c.samplingPeriod = NaoMic.SAMPLING_PERIOD;
        return c;
    }

    static MicCommand recognize(double threshold, String... words) {
        MicCommand c = new MicCommand();
        c.cmd = MicCommand.Cmd.RECOGNIZE;
        for (String w : words) {
            c.dct.add(w);
        }
        c.threshold = threshold;
        return c;
    }

    static MicCommand get(String dataName) {
        MicCommand c = new MicCommand();
        c.cmd = MicCommand.Cmd.GET;
        c.dataName = dataName;
        return c;
    }

    static MicCommand abort() {
        MicCommand c = new MicCommand();
        c.cmd = MicCommand.Cmd.ABORT;
        return c;
    }
}
