package org.embodia.nao.ls.behaviors;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.nao.ls.NaoLs;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * e_core,ls's idle (§3.2.2): sends nothing, neither to the real effector nor to cs. A valid command
 * from cs ends idle at the check of the step it arrives in (its terminal condition), and the
 * behaviour it selects runs in idle's place in that step; an invalid one leaves idle current, and
 * idle sends cs the reason.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoLs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=idle"})
public final class Idle implements Behavior {
    private final NaoLs ls;

    @Activate
    public Idle(@Reference NaoLs ls) {
        this.ls = ls;
    }

    @Override
    public void step(int iteration) {
        ls.acceptOrReject();
    }
}
