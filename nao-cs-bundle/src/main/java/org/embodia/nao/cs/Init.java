package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** c_core,cs's init (§3.8.2): the configuration into memory, the store's apps read on the worker. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=init"})
public final class Init implements Behavior {
    private final NaoCs cs;

    @Activate
    public Init(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        cs.init();
    }

    @Override
    public void terminate() {
        cs.endBehavior();
    }
}
