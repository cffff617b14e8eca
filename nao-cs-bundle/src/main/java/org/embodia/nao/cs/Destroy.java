package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** c_core,cs's destroy (§3.8.12): destroyDA(), without waiting on the loop. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=destroy"})
public final class Destroy implements Behavior {
    private final NaoCs cs;

    @Activate
    public Destroy(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        cs.destroyAgent();
    }
}
