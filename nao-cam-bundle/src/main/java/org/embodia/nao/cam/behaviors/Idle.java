package org.embodia.nao.cam.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.cam.NaoCam;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * r_core,cam's idle (§3.7.2): sends nothing, neither to the real receptor nor to cs. A valid command
 * from cs ends idle at the check of the step it arrives in (its terminal condition), and the
 * behaviour it selects runs in idle's place in that step; an invalid one leaves idle current, and
 * idle sends cs the reason.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCam.NAME, Subsystem.BEHAVIOR_PROPERTY + "=idle"})
public final class Idle implements Behavior {
    private final NaoCam cam;

    @Activate
    public Idle(@Reference NaoCam cam) {
        this.cam = cam;
    }

    @Override
    public void step(int iteration) {
        cam.acceptOrReject();
    }
}
