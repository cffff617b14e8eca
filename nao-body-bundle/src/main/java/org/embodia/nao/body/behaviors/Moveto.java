package org.embodia.nao.body.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.ExtCollis;
import org.embodia.nao.body.NaoBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,body's moveto (§3.1.4, NAOqi's moveTo): at i0 the real effector gets MOVE_TO with cs's
 * dpose and the walk configuration of move; then nothing until STOP, on which it gets STOP_MOVE.
 * tm switches on STOP or when the real effector reports attained = TRUE (a new report: one left
 * from an earlier command does not count). cs gets the pose every step and, once, attained: TRUE on arrival, FALSE
 * on STOP. §3.1.4 gives cs only the pose; but cs's moveTo (§3.8.11) ends "if the robot reached the desired position",
 * which it can learn only from here, as posture and inter pass it.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=moveto"})
public final class Moveto implements Behavior {
    private final NaoBody body;

    @Activate
    public Moveto(@Reference NaoBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        body.estimatePose();
        BodyEffectorCommand e = body.reCommand();
        if (iteration == 0) {
            e.cmd = BodyEffectorCommand.Cmd.MOVE_TO;
            e.dpose.copyFrom(body.commanded().dpose);
            e.extCollis.set(ExtCollis.ALL, false);
            e.walkArms.set(true, true);
            e.footProt = true;
            body.sendReCommand();
            body.nextMemory().tm = false;
        } else {
            boolean stop = body.stop();
            if (stop) {
                e.cmd = BodyEffectorCommand.Cmd.STOP_MOVE;
                body.sendReCommand();
            }
            boolean arrived = body.attainedNew() && body.reStatus().attained;
            if (stop || arrived) {
                body.passAttained(arrived);
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
