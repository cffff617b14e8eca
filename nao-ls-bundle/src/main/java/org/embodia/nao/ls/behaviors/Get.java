package org.embodia.nao.ls.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.ls.NaoLs;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,ls's get (§3.2.7, NAOqi's ALMemory getData): at i0 the real effector gets GET_DATA with
 * cs's data_name; then nothing. A new value from the real effector is passed to cs and switches tm.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoLs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=get"})
public final class Get implements Behavior {
    private final NaoLs ls;

    @Activate
    public Get(@Reference NaoLs ls) {
        this.ls = ls;
    }

    @Override
    public void step(int iteration) {
        if (iteration == 0) {
            LsEffectorCommand e = ls.reCommand();
            e.cmd = LsEffectorCommand.Cmd.GET_DATA;
            e.dataName = ls.commanded().dataName;
            ls.sendReCommand();
            ls.nextMemory().tm = false;
        } else if (ls.valueNew()) {
            ls.passValue();
            ls.nextMemory().tm = true;
        }
    }

    @Override
    public void terminate() {
        ls.endBehavior();
    }
}
