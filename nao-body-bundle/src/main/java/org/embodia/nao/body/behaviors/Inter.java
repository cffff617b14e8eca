package org.embodia.nao.body.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.DesiredJointAngles;
import org.embodia.nao.body.NaoBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,body's inter (§3.1.6, NAOqi's setAngles): at i0 the real effector gets SET_ANGLES with
 * cs's dja and stiffness 1.0 for dja's joints, and dja is memorized; then nothing until STOP, on
 * which it gets STOP_MOVE. tm switches on STOP, when cja reaches the memorized dja (approximately,
 * footnote 4), or on a new attained from the real effector. cs gets attained TRUE when dja is
 * reached, FALSE on STOP, and otherwise the real effector's new attained, which the section's text
 * says is transferred to cs (its formula omits it, leaving cs waiting when a joint cannot get there).
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=inter"})
public final class Inter implements Behavior {
    private final NaoBody body;

    @Activate
    public Inter(@Reference NaoBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        body.estimatePose();
        BodyEffectorCommand e = body.reCommand();
        if (iteration == 0) {
            DesiredJointAngles dja = body.commanded().dja;
            e.cmd = BodyEffectorCommand.Cmd.SET_ANGLES;
            e.dja.copyFrom(dja);
            e.stiffness.clear();
            for (int k = 0; k < dja.count; k++) {
                e.stiffness.add(dja.joints[k], 1.0);
            }
            body.sendReCommand();
            body.nextMemory().dja.copyFrom(dja);
            body.nextMemory().tm = false;
        } else {
            boolean stop = body.stop();
            if (stop) {
                e.cmd = BodyEffectorCommand.Cmd.STOP_MOVE;
                body.sendReCommand();
            }
            boolean reached = body.jointsAttained();
            boolean attainedNew = body.attainedNew();
            if (reached) {
                body.passAttained(true);
            } else if (stop) {
                body.passAttained(false);
            } else if (attainedNew) {
                body.passAttained(body.reStatus().attained);
            }
            if (stop || reached || attainedNew) {
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
