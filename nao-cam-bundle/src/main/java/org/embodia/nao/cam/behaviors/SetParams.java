package org.embodia.nao.cam.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.cam.NaoCam;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,cam's set_params (§3.7.4, NAOqi's ALVideoDevice.setParameter): one step, in which the real
 * receptor gets SET_PARAMETERS with cs's data_name (the parameter's NAOqi id), value and params[cid].
 * cs gets nothing.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCam.NAME, Subsystem.BEHAVIOR_PROPERTY + "=set_params"})
public final class SetParams implements Behavior {
    private final NaoCam cam;

    @Activate
    public SetParams(@Reference NaoCam cam) {
        this.cam = cam;
    }

    @Override
    public void step(int iteration) {
        CamCommand c = cam.commanded();
        CamReceptorCommand r = cam.reCommand();
        r.cmd = CamReceptorCommand.Cmd.SET_PARAMETERS;
        r.dataName = c.dataName;
        r.value = c.value;
        r.params.cid = c.params.cid;
        cam.sendReCommand();
    }
}
