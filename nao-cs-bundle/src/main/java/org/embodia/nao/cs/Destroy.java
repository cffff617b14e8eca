package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's destroy (§3.8.12): destroyDA() without waiting on the loop: the call in progress fails, the agent is
 * revoked and interrupted now, and stopped and uninstalled on the worker.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=destroy"})
public final class Destroy implements Behavior {
    private final NaoCs cs;

    @Activate
    public Destroy(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        cs.entered("destroy");
        destroyDa(cs);
    }

    /** destroyDA(), which unregister does too: afterwards nothing of an agent is left to cs, nor its walk to the robot. */
    static void destroyDa(NaoCs cs) {
        NaoCs.Agent a = cs.takeAgent();
        Call c = cs.memory().call;
        CsMemory next = cs.nextMemory();
        next.call = null;
        if (c != null) {
            c.fail("the agent is being destroyed");
        }
        cs.slot.set(null);
        cs.relay.stopWalking();
        next.pkg = null;
        cs.daStatus(next, null);
        if (a != null) {
            cs.console.destroyed();
            a.rapp.revoke();
            a.thread.interrupt();
            cs.worker.submit(a::destroy);
        }
    }
}
