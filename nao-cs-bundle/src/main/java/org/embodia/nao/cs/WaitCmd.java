package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.rapp.api.AgentStatus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's wait_cmd (§3.8.10): tm on a new RAPP call of the agent (ξ = Call), taken from its slot into memory for
 * execute, or on its end (ξ = Terminate); also when the operator asked for its destroy, or when it made no call and
 * did not end for idle_limit.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=wait_cmd"})
public final class WaitCmd implements Behavior {
    private final NaoCs cs;
    /** When it began waiting, for idle_limit. */
    private long waitingSince;

    @Activate
    public WaitCmd(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        CsMemory next = cs.nextMemory();
        if (iteration == 0) {
            cs.entered("wait_cmd");
            next.tm = false;
            waitingSince = System.nanoTime();
            return;
        }
        if (cs.memory().tm) {
            return;
        }
        if (cs.console.destroyRequested()) {
            // The operator's destroy: no call is taken, so not callPending leads to destroy.
            cs.console.destroyHonoured();
            next.tm = true;
            return;
        }
        Call c = cs.slot.getAndSet(null);
        if (c != null && c.take()) {
            next.call = c;
            next.tm = true;
        } else if (cs.agentDone()) {
            NaoCs.Agent a = cs.agent();
            cs.daStatus(next, a == null || a.status == AgentStatus.WORKING ? AgentStatus.FINISHED : a.status);
            next.tm = true;
        } else if (System.nanoTime() - waitingSince >= cs.settings.idleLimit().toNanos()) {
            NaoCs.Agent a = cs.agent();
            cs.error("app '" + (a == null ? cs.memory().appName : a.app) + "' made no RAPP call and did not end for "
                    + cs.settings.idleLimit().toMillis() + " ms (idle.limit): it is destroyed");
            cs.daStatus(next, AgentStatus.ERROR);
            next.tm = true;
        }
    }
}
