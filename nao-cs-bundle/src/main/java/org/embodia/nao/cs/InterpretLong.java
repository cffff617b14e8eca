package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** c_core,cs's interpret_long (§3.8.5): the RAPP Platform's recognition of the recorded command. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=interpret_long"})
public final class InterpretLong implements Behavior {
    private final NaoCs cs;

    @Activate
    public InterpretLong(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        cs.interpretLong(iteration);
    }
}
