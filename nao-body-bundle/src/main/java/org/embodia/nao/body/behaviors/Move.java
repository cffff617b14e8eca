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
 * e_core,body's move (§3.1.3, NAOqi's move): at i0 the real effector gets MOVE with cs's velocity,
 * external collision protection off for "All", both arms swinging and foot contact protection on;
 * then nothing until STOP, on which it gets MOVE with zero velocity and tm switches. Without STOP
 * the robot walks on.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=move"})
public final class Move implements Behavior {
    private final NaoBody body;

    @Activate
    public Move(@Reference NaoBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        body.estimatePose();
        BodyEffectorCommand e = body.reCommand();
        if (iteration == 0) {
            e.cmd = BodyEffectorCommand.Cmd.MOVE;
            e.velocity.copyFrom(body.commanded().velocity);
            e.extCollis.set(ExtCollis.ALL, false);
            e.walkArms.set(true, true);
            e.footProt = true;
            body.sendReCommand();
            body.nextMemory().tm = false;
        } else if (body.stop()) {
            e.cmd = BodyEffectorCommand.Cmd.MOVE;
            e.velocity.set(0, 0, 0);
            body.sendReCommand();
            body.nextMemory().tm = true;
        }
        body.sendStatus();
    }

    @Override
    public void terminate() {
        body.endBehavior();
    }
}
