package org.embodia.nao.mic.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.mic.NaoMic;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,mic's get (§3.3.6, NAOqi's ALMemory getData): at i0 the real receptor gets GET_DATA with
 * cs's data_name; then nothing. A new value from the real receptor is passed to cs and switches tm.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoMic.NAME, Subsystem.BEHAVIOR_PROPERTY + "=get"})
public final class Get implements Behavior {
    private final NaoMic mic;

    @Activate
    public Get(@Reference NaoMic mic) {
        this.mic = mic;
    }

    @Override
    public void step(int iteration) {
        if (iteration == 0) {
            MicReceptorCommand r = mic.reCommand();
            r.cmd = MicReceptorCommand.Cmd.GET_DATA;
            r.dataName = mic.commanded().dataName;
            mic.sendReCommand();
            mic.nextMemory().tm = false;
        } else if (mic.valueNew()) {
            mic.passValue();
            mic.nextMemory().tm = true;
        }
    }

    @Override
    public void terminate() {
        mic.endBehavior();
    }
}
