package org.embodia.nao.cam.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.cam.NaoCam;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,cam's get (§3.7.5, NAOqi's ALMemory getData): at i0 the real receptor gets GET_DATA with
 * cs's data_name; then nothing. A new value from the real receptor is passed to cs and switches tm.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCam.NAME, Subsystem.BEHAVIOR_PROPERTY + "=get"})
public final class Get implements Behavior {
    private final NaoCam cam;

    @Activate
    public Get(@Reference NaoCam cam) {
        this.cam = cam;
    }

    @Override
    public void step(int iteration) {
        if (iteration == 0) {
            CamReceptorCommand r = cam.reCommand();
            r.cmd = CamReceptorCommand.Cmd.GET_DATA;
            r.dataName = cam.commanded().dataName;
            cam.sendReCommand();
            cam.nextMemory().tm = false;
        } else if (cam.valueNew()) {
            cam.passValue();
            cam.nextMemory().tm = true;
        }
    }

    @Override
    public void terminate() {
        cam.endBehavior();
    }
}
