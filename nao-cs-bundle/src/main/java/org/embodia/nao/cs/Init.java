package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's init (§3.8.2): the configuration into memory at i0, the store's apps read on the worker; tm once the
 * worker is done with them ([RAPP]'s init reads its configuration file in one step; the store is read off the loop,
 * so init waits for it).
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=init"})
public final class Init implements Behavior {
    private final NaoCs cs;

    @Activate
    public Init(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        if (iteration == 0) {
            cs.init();
        } else {
            cs.initDone();
        }
    }
}
