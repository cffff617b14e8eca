package org.embodia.nao.body.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.body.NaoBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,body's posture (§3.1.5, NAOqi's goToPosture): at i0 the real effector gets GO_TO_POSTURE
 * with cs's dpost and stiffness ["Body", 1.0]; then nothing until STOP, on which it gets STOP_MOVE.
 * tm switches on STOP or on a new attained from the real effector, which is passed to cs (FALSE on
 * STOP).
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=posture"})
public final class Posture implements Behavior {
    private final NaoBody body;

    @Activate
    public Posture(@Reference NaoBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        body.estimatePose();
        BodyEffectorCommand e = body.reCommand();
        if (iteration == 0) {
            e.cmd = BodyEffectorCommand.Cmd.GO_TO_POSTURE;
            e.dpost.copyFrom(body.commanded().dpost);
            e.stiffness.clear();
            e.stiffness.add(NaoBody.WHOLE_BODY, 1.0);
            body.sendReCommand();
            body.nextMemory().tm = false;
        } else {
            boolean stop = body.stop();
            if (stop) {
                e.cmd = BodyEffectorCommand.Cmd.STOP_MOVE;
                body.sendReCommand();
            }
            boolean attainedNew = body.attainedNew();
            if (attainedNew) {
                body.passAttained(body.reStatus().attained);
            } else if (stop) {
                body.passAttained(false);
            }
            if (stop || attainedNew) {
                body.nextMemory().tm = true;
            }
        }
        body.sendStatus();
    }

    @Override
    public void terminate() {
        body.endBehavior();
    }
}
