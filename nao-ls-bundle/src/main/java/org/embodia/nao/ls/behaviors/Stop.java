package org.embodia.nao.ls.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.ls.NaoLs;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** e_core,ls's stop (§3.2.5, NAOqi's stopAll): one step, in which the real effector gets STOP_ALL. cs gets nothing. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoLs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=stop"})
public final class Stop implements Behavior {
    private final NaoLs ls;

    @Activate
    public Stop(@Reference NaoLs ls) {
        this.ls = ls;
    }

    @Override
    public void step(int iteration) {
        ls.reCommand().cmd = LsEffectorCommand.Cmd.STOP_ALL;
        ls.sendReCommand();
    }
}
