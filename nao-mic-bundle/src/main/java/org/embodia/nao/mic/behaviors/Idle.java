package org.embodia.nao.mic.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.mic.NaoMic;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,mic's idle (§3.3.2): sends nothing, neither to the real receptor nor to cs. A valid command
 * from cs ends idle at the check of the step it arrives in (its terminal condition), and the
 * behaviour it selects runs in idle's place in that step; an invalid one leaves idle current, and
 * idle sends cs the reason.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoMic.NAME, Subsystem.BEHAVIOR_PROPERTY + "=idle"})
public final class Idle implements Behavior {
    private final NaoMic mic;

    @Activate
    public Idle(@Reference NaoMic mic) {
        this.mic = mic;
    }

    @Override
    public void step(int iteration) {
        mic.acceptOrReject();
    }
}
