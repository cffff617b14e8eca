package org.embodia.nao.body.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.body.NaoBody;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,body's get (§3.1.8, NAOqi's ALMemory getData): at i0 the real effector gets GET_DATA with
 * cs's data_name; then nothing. A new value from the real effector is passed to cs and switches tm.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoBody.NAME, Subsystem.BEHAVIOR_PROPERTY + "=get"})
public final class Get implements Behavior {
    private final NaoBody body;

    @Activate
    public Get(@Reference NaoBody body) {
        this.body = body;
    }

    @Override
    public void step(int iteration) {
        body.estimatePose();
        if (iteration == 0) {
            BodyEffectorCommand e = body.reCommand();
            e.cmd = BodyEffectorCommand.Cmd.GET_DATA;
            e.dataName = body.commanded().dataName;
            body.sendReCommand();
            body.nextMemory().tm = false;
        } else if (body.valueNew()) {
            body.passValue();
            body.nextMemory().tm = true;
        }
        body.sendStatus();
    }

    @Override
    public void terminate() {
        body.endBehavior();
    }
}
