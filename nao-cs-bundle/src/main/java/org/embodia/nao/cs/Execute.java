package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's execute (§3.8.11): one state for every RAPP function, relaying the pending call wait_cmd took; it
 * completes the call when the virtual side reports, or fails it on a rejection, on call_timeout or on the operator's
 * destroy, and the call leaves memory. A call failed on call_timeout or destroy, or given up by its agent, is stopped
 * ({@link CallRelay#stop}).
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=execute"})
public final class Execute implements Behavior {
    private final NaoCs cs;

    @Activate
    public Execute(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        CsMemory next = cs.nextMemory();
        Call c = cs.memory().call;
        CallRelay relay = cs.relay;
        if (iteration == 0) {
            cs.entered("execute");
            next.tm = false;
            relay.start(c, cs.steps());
            return;
        }
        if (cs.memory().tm) {
            return;
        }
        if (c.state.get() != Call.TAKEN) {
            // The agent gave up on the call (its own time-out, an interrupt, its destroy): what it started stops too.
            relay.stop(c);
            finishCall(next);
        } else if (cs.console.destroyRequested()) {
            // Back to wait_cmd, which honours the request; the request stays set until then.
            c.fail(NaoCs.OPERATOR_DESTROY);
            relay.stop(c);
            finishCall(next);
        } else if (relay.completed(c, cs.steps())) {
            c.complete();
            finishCall(next);
        } else if (relay.rejection(c) != null) {
            c.fail(relay.rejection(c));
            finishCall(next);
        } else if (relay.timedOut()) {
            c.fail("no completion reported within " + cs.settings.callTimeout().toMillis() + " ms");
            relay.stop(c);
            finishCall(next);
        }
    }

    private static void finishCall(CsMemory next) {
        next.call = null;
        next.tm = true;
    }
}
