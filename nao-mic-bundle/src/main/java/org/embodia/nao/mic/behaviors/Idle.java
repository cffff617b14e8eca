package org.embodia.nao.mic.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.mic.NaoMic;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,mic's idle (§3.3.2): sends nothing, neither to the real receptor nor to cs. A new command
 * from cs is checked here: a valid one ends idle (its terminal condition) and selects its behaviour,
 * a rejected one stays here with its reason sent to cs.
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
