package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's unregister (§3.8.13): the core agent leaves the store; any agent is destroyed as destroy does it, so
 * nothing of an agent is left when it ends in finish.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=unregister"})
public final class Unregister implements Behavior {
    private final NaoCs cs;

    @Activate
    public Unregister(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        Destroy.destroyDa(cs);
        cs.entered("unregister");
        cs.worker.leaveStore();
    }
}
