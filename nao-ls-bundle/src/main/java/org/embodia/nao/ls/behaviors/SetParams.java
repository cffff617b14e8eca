package org.embodia.nao.ls.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.ls.NaoLs;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,ls's set_params (§3.2.6, NAOqi's setParameter and the like): one step, in which the real
 * effector gets SET_PARAMETERS with cs's params = [dvt, dl, dv, spr]. cs gets nothing.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoLs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=set_params"})
public final class SetParams implements Behavior {
    private final NaoLs ls;

    @Activate
    public SetParams(@Reference NaoLs ls) {
        this.ls = ls;
    }

    @Override
    public void step(int iteration) {
        LsEffectorCommand e = ls.reCommand();
        e.cmd = LsEffectorCommand.Cmd.SET_PARAMETERS;
        e.params.copyFrom(ls.commanded().params);
        ls.sendReCommand();
    }
}
