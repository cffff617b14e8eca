package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** c_core,cs's record_cmd (§3.8.15): REGISTER into rd until silence; tm on rec. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=record_cmd"})
public final class RecordCmd implements Behavior {
    private final NaoCs cs;

    @Activate
    public RecordCmd(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        cs.recordCmd(iteration);
    }
}
