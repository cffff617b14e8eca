package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** c_core,cs's register (§3.8.3): registering with the RAPP Platform, currently not used: an empty transition function. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=register"})
public final class Register implements Behavior {
    private final NaoCs cs;

    @Activate
    public Register(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        // Only status() learns of it (the operator's view, not memory).
        cs.entered(NaoCs.REGISTER);
        // The spec's transition function is empty (-): nothing is sent and memory keeps its values.
    }
}
