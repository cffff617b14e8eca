package org.embodia.nao.body;

import java.util.LinkedHashMap;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.body.behaviors.Get;
import org.embodia.nao.body.behaviors.Idle;
import org.embodia.nao.body.behaviors.Inter;
import org.embodia.nao.body.behaviors.Move;
import org.embodia.nao.body.behaviors.Moveto;
import org.embodia.nao.body.behaviors.Posture;
import org.embodia.nao.body.behaviors.SetStiffness;
import org.embodia.testing.subsystem.VirtualSubsystemRig;

/**
 * cs and the real effector around one e_core,body, stepped as the scheduler steps it: each step the
 * real effector reports, cs may send a command, the body receives both, its FSM steps over its real
 * predicates, its memory is committed, and cs and the real effector receive what it sent.
 */
final class Rig extends VirtualSubsystemRig<BodyCommand, BodyStatus, BodyEffectorCommand, BodyEffectorStatus> {
    static final String FILE = "fsm/nao.body.yaml";

    final NaoBody body;

    Rig() throws FsmLoadException {
        this(null, null);
    }

    /** With {@code behavior} in place of {@code state}'s own. */
    Rig(String state, Behavior behavior) throws FsmLoadException {
        this(new NaoBody(), state, behavior);
    }

    private Rig(NaoBody body, String state, Behavior behavior) throws FsmLoadException {
        super(body, FILE, behaviors(body, state, behavior));
        this.body = body;
    }

    private static Map<String, Behavior> behaviors(NaoBody body, String state, Behavior behavior) {
        Map<String, Behavior> behaviors = new LinkedHashMap<>();
        behaviors.put("idle", new Idle(body));
        behaviors.put("move", new Move(body));
        behaviors.put("moveto", new Moveto(body));
        behaviors.put("posture", new Posture(body));
        behaviors.put("inter", new Inter(body));
        behaviors.put("set_stiffness", new SetStiffness(body));
        behaviors.put("get", new Get(body));
        if (state != null) {
            behaviors.put(state, behavior);
        }
        return behaviors;
    }

    static FsmDefinition definition() throws FsmLoadException {
        return VirtualSubsystemRig.definition(NaoBody.class, FILE);
    }

    /** The real effector reports a finished motion: attained = {@code attained}, as a new report. */
    void reportAttained(boolean attained) {
        report().attained = attained;
        report().attainedSeq++;
    }

    static BodyCommand move(double vx, double vy, double omega) {
        BodyCommand c = new BodyCommand();
        c.cmd = BodyCommand.Cmd.MOVE;
        c.velocity.set(vx, vy, omega);
        return c;
    }

    static BodyCommand moveTo(double x, double y, double theta) {
        BodyCommand c = new BodyCommand();
        c.cmd = BodyCommand.Cmd.MOVE_TO;
        c.dpose.set(x, y, theta);
        return c;
    }

    static BodyCommand posture(String posture, double speed) {
        BodyCommand c = new BodyCommand();
        c.cmd = BodyCommand.Cmd.POSTURE;
        c.dpost.set(posture, speed);
        return c;
    }

    /** INTERPOLATION of the joints in {@code jointsAndAngles}: name, angle, name, angle, ... */
    static BodyCommand interpolation(double fractionMaxSpeed, Object... jointsAndAngles) {
        BodyCommand c = new BodyCommand();
        c.cmd = BodyCommand.Cmd.INTERPOLATION;
        for (int k = 0; k < jointsAndAngles.length; k += 2) {
            c.dja.add((String) jointsAndAngles[k], (Double) jointsAndAngles[k + 1]);
        }
        c.dja.fractionMaxSpeed = fractionMaxSpeed;
        return c;
    }

    /** STIFFNESS for the names in {@code namesAndValues}: name, value, name, value, ... */
    static BodyCommand stiffness(Object... namesAndValues) {
        BodyCommand c = new BodyCommand();
        c.cmd = BodyCommand.Cmd.STIFFNESS;
        for (int k = 0; k < namesAndValues.length; k += 2) {
            c.stiffness.add((String) namesAndValues[k], (Double) namesAndValues[k + 1]);
        }
        return c;
    }

    static BodyCommand get(String dataName) {
        BodyCommand c = new BodyCommand();
        c.cmd = BodyCommand.Cmd.GET;
        c.dataName = dataName;
        return c;
    }

    static BodyCommand stop() {
        BodyCommand c = new BodyCommand();
        c.cmd = BodyCommand.Cmd.STOP;
        return c;
    }
}
