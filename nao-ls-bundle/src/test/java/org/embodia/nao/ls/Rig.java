package org.embodia.nao.ls;

import java.util.LinkedHashMap;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmLoadException;
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
import org.embodia.testing.subsystem.VirtualSubsystemRig;

/**
 * cs and the real effector around one e_core,ls, stepped as the scheduler steps it: each step the
 * real effector reports, cs may send a command, e_core,ls receives both, its FSM steps over its real
 * predicates, its iteration ends, and cs and the real effector receive what it sent.
 */
final class Rig extends VirtualSubsystemRig<LsCommand, LsStatus, LsEffectorCommand, LsEffectorStatus> {
    static final String FILE = "fsm/nao.ls.yaml";

    final NaoLs ls;

    /** An e_core,ls that looks at this machine's file system for the files to play. */
    Rig() throws FsmLoadException {
        this(new NaoLs());
    }

    Rig(NaoLs ls) throws FsmLoadException {
        super(ls, FILE, behaviors(ls));
        this.ls = ls;
    }

    private static Map<String, Behavior> behaviors(NaoLs ls) {
        Map<String, Behavior> behaviors = new LinkedHashMap<>();
        behaviors.put("idle", new Idle(ls));
        behaviors.put("say", new Say(ls));
        behaviors.put("play", new Play(ls));
        behaviors.put("stop", new Stop(ls));
        behaviors.put("set_params", new SetParams(ls));
        behaviors.put("get", new Get(ls));
        return behaviors;
    }

    static FsmDefinition definition() throws FsmLoadException {
        return VirtualSubsystemRig.definition(NaoLs.class, FILE);
    }

    /** The real effector reports synthesized = {@code synthesized}, as a new report. */
    void reportSynthesized(boolean synthesized) {
        report().synthesized = synthesized;
        report().synthesizedSeq++;
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
