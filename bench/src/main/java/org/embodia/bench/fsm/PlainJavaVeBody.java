package org.embodia.bench.fsm;

import static org.embodia.bench.fsm.VeBodyState.*;

/**
 * ve_body written by hand as a plain Java switch over the same trace, no engine and no behaviours:
 * the floor any executor of this FSM pays for reading the predicates and switching.
 */
public final class PlainJavaVeBody implements VeBodyMachine {
    private final VeBodyTrace t;
    private VeBodyState state = IDLE;

    public PlainJavaVeBody(VeBodyTrace trace) {
        this.t = trace;
    }

    @Override
    public String step() {
        t.advance(state.safeMode());
        boolean status = t.recvStatus();
        state = switch (state) {
            case IDLE -> status ? SAFE_ST : IDLE;
            case SAFE, TRANSP -> !status ? IDLE : t.allHwOk() ? (state == SAFE ? SAFE_ST_OK : TRANSP_ST) : SAFE_ST;
            case SAFE_ST -> SAFE;
            case SAFE_ST_OK -> t.recvCommand() && t.allCmdOk() && t.cmdExitSafeState() && t.safeItPassed500() ? TRANSP : SAFE;
            case TRANSP_ST -> t.recvCommand() && t.allCmdOk() ? TRANSP : SAFE;
        };
        return state.label;
    }

    @Override
    public void reset() {
        t.rewind();
        state = IDLE;
    }
}
