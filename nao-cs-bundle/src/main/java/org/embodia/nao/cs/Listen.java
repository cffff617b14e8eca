package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's listen (§3.8.4): RECOGNIZE with the dictionary and threshold to r_core,mic; recog_word on a new rw, or
 * (the operator's extension of its terminal condition) on the word {@code RappCore.deploy} handed over through a
 * lock-free slot. Deploy's word leaves r_core,mic's RECOGNIZE running, since r_core,mic cannot end one early.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=listen"})
public final class Listen implements Behavior {
    private final NaoCs cs;

    @Activate
    public Listen(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        cs.listen(iteration);
    }
}
