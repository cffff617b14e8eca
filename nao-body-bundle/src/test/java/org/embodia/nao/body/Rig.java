package org.embodia.nao.body;

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

/**
 * cs and the real effector around one e_core,body, stepped as the scheduler steps it: each step the
 * real effector reports, cs may send a command, the body receives both, its FSM steps over its real
 * predicates, its memory is committed, and cs and the real effector receive what it sent.
 */
final class Rig {
    static final String FILE = "fsm/nao.body.yaml";

    final NaoBody body = new NaoBody();
    final FsmExecutor fsm;
    final OutputBuffer<BodyCommand> cs = new OutputBuffer<>("command", BodyCommand.class, BodyCommand::new);
    final OutputBuffer<BodyEffectorStatus> effector = new OutputBuffer<>("re_status", BodyEffectorStatus.class, BodyEffectorStatus::new);
    final InputBuffer<BodyEffectorCommand> reCommand = new InputBuffer<>("re_command", BodyEffectorCommand.class, BodyEffectorCommand::new);
    final InputBuffer<BodyStatus> csStatus = new InputBuffer<>("status", BodyStatus.class, BodyStatus::new);
    /** Whether the real effector reports in the next steps. */
    boolean effectorReports = true;

    Rig() throws FsmLoadException {
        this(null, null);
    }

    /** With {@code behavior} in place of {@code state}'s own. */
    Rig(String state, Behavior behavior) throws FsmLoadException {
        cs.connect(body.commandBuffer());
        effector.connect(body.reStatusBuffer());
        body.reCommandBuffer().connect(reCommand);
        body.statusBuffer().connect(csStatus);
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
        fsm = FsmExecutor.create(definition(), behaviors, body.predicates());
    }

    static FsmDefinition definition() throws FsmLoadException {
        try (InputStream in = NaoBody.class.getClassLoader().getResourceAsStream(FILE)) {
            return FsmLoader.load(FILE, in, Map.of());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the real effector reports in the coming steps; edit, then step. */
    BodyEffectorStatus report() {
        return effector.message();
    }

    /** The real effector reports a finished motion: attained = {@code attained}, as a new report. */
    void reportAttained(boolean attained) {
        report().attained = attained;
        report().attainedSeq++;
    }

    /**
     * One step with a command from cs, or none when null. Returns the state that ran: the one the
     * step's check left current (a state it selected runs its i0 in this step).
     */
    String step(BodyCommand command) {
        if (effectorReports) {
            effector.send();
        }
        if (command != null) {
            cs.write(command);
        }
        body.commandBuffer().receive();
        body.reStatusBuffer().receive();
        fsm.step();
        body.endIteration();
        reCommand.receive();
        csStatus.receive();
        return fsm.currentState();
    }

    String step() {
        return step(null);
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
