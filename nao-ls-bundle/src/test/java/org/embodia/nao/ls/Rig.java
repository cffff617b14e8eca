package org.embodia.nao.ls;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.api.LsEffectorStatus;
import org.embodia.nao.api.LsStatus;
import org.embodia.nao.ls.behaviors.Get;
import org.embodia.nao.ls.behaviors.Idle;
import org.embodia.nao.ls.behaviors.Play;
import org.embodia.nao.ls.behaviors.Say;
import org.embodia.nao.ls.behaviors.SetParams;
import org.embodia.nao.ls.behaviors.Stop;

/**
 * cs and the real effector around one e_core,ls, stepped as the scheduler steps it: each step the
 * real effector reports, cs may send a command, e_core,ls receives both, its FSM steps over its real
 * predicates, its iteration ends, and cs and the real effector receive what it sent.
 */
final class Rig {
    static final String FILE = "fsm/nao.ls.yaml";

    final NaoLs ls;
    final FsmExecutor fsm;
    final OutputBuffer<LsCommand> cs = new OutputBuffer<>("command", LsCommand.class, LsCommand::new);
    final OutputBuffer<LsEffectorStatus> effector = new OutputBuffer<>("re_status", LsEffectorStatus.class, LsEffectorStatus::new);
    final InputBuffer<LsEffectorCommand> reCommand = new InputBuffer<>("re_command", LsEffectorCommand.class, LsEffectorCommand::new);
    final InputBuffer<LsStatus> csStatus = new InputBuffer<>("status", LsStatus.class, LsStatus::new);

    /** An e_core,ls that looks at this machine's file system for the files to play. */
    Rig() throws FsmLoadException {
        this(new NaoLs());
    }

    Rig(NaoLs ls) throws FsmLoadException {
        this.ls = ls;
        cs.connect(ls.commandBuffer());
        effector.connect(ls.reStatusBuffer());
        ls.reCommandBuffer().connect(reCommand);
        ls.statusBuffer().connect(csStatus);
        Map<String, Behavior> behaviors = new LinkedHashMap<>();
        behaviors.put("idle", new Idle(ls));
        behaviors.put("say", new Say(ls));
        behaviors.put("play", new Play(ls));
        behaviors.put("stop", new Stop(ls));
        behaviors.put("set_params", new SetParams(ls));
        behaviors.put("get", new Get(ls));
        fsm = FsmExecutor.create(definition(), behaviors, ls.predicates());
    }

    static FsmDefinition definition() throws FsmLoadException {
        try (InputStream in = NaoLs.class.getClassLoader().getResourceAsStream(FILE)) {
            return FsmLoader.load(FILE, in, Map.of());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the real effector reports in the coming steps; edit, then step. */
    LsEffectorStatus report() {
        return effector.message();
    }

    /** The real effector reports synthesized = {@code synthesized}, as a new report. */
    void reportSynthesized(boolean synthesized) {
        report().synthesized = synthesized;
        report().synthesizedSeq++;
    }

    /**
     * One step with a command from cs, or none when null. Returns the state that ran: the one the
     * step's check left current (a state it selected runs its i0 in this step).
     */
    String step(LsCommand command) {
        effector.send();
        if (command != null) {
            cs.write(command);
        }
        ls.commandBuffer().receive();
        ls.reStatusBuffer().receive();
        fsm.step();
        ls.endIteration();
        reCommand.receive();
        csStatus.receive();
        return fsm.currentState();
    }

    String step() {
        return step(null);
    }

    static LsCommand say(String text, String language) {
        LsCommand c = new LsCommand();
        c.cmd = LsCommand.Cmd.SAY;
        c.text = text;
        c.params.dl = language;
        return c;
    }

    /** PLAY of {@code fp} at volume dv and panorama spr, in a loop when {@code beginPosition} is null, else once from it. */
    static LsCommand play(String fp, double dv, double spr, Double beginPosition) {
        LsCommand c = new LsCommand();
        c.cmd = LsCommand.Cmd.PLAY;
        c.fp = fp;
        c.params.dv = dv;
        c.params.spr = spr;
        c.playLoop = beginPosition == null;
        c.beginPosition = beginPosition == null ? 0 : beginPosition;
        return c;
    }

    static LsCommand setParams(String dvt, String dl, double dv, double spr) {
        LsCommand c = new LsCommand();
        c.cmd = LsCommand.Cmd.SET_PARAMS;
        c.params.dvt = dvt;
        c.params.dl = dl;
        c.params.dv = dv;
        c.params.spr = spr;
        return c;
    }

    static LsCommand get(String dataName) {
        LsCommand c = new LsCommand();
        c.cmd = LsCommand.Cmd.GET;
        c.dataName = dataName;
        return c;
    }

    static LsCommand stop() {
        LsCommand c = new LsCommand();
        c.cmd = LsCommand.Cmd.STOP;
        return c;
    }
}
