package org.embodia.bench.fsm;

import com.github.oxo42.stateless4j.StateMachine;
import com.github.oxo42.stateless4j.StateMachineConfig;

import static org.embodia.bench.fsm.VeBodyState.IDLE;
import static org.embodia.bench.fsm.VeBodyState.SAFE;
import static org.embodia.bench.fsm.VeBodyState.SAFE_ST;
import static org.embodia.bench.fsm.VeBodyState.SAFE_ST_OK;
import static org.embodia.bench.fsm.VeBodyState.TRANSP;
import static org.embodia.bench.fsm.VeBodyState.TRANSP_ST;

/** ve_body in stateless4j 2.6.0: the σ's as guards, one event per iteration. */
public final class Stateless4jVeBody implements VeBodyMachine {
    enum Trigger {
        ITERATION
    }

    private static final Trigger T = Trigger.ITERATION;
    private final VeBodyTrace t;
    private final StateMachineConfig<VeBodyState, Trigger> config = new StateMachineConfig<>();
    private StateMachine<VeBodyState, Trigger> machine;

    public Stateless4jVeBody(VeBodyTrace trace) {
        this.t = trace;
        config.configure(IDLE).permitIfElseIgnore(T, SAFE_ST, t::recvStatus);
        config.configure(SAFE)
                .permitIf(T, SAFE_ST, () -> t.recvStatus() && !t.allHwOk())
                .permitIf(T, SAFE_ST_OK, () -> t.recvStatus() && t.allHwOk())
                .permitIf(T, IDLE, () -> !t.recvStatus());
        config.configure(SAFE_ST).permit(T, SAFE);
        config.configure(SAFE_ST_OK)
                .permitIf(T, SAFE, () -> !exitSafeMode())
                .permitIf(T, TRANSP, this::exitSafeMode);
        config.configure(TRANSP)
                .permitIf(T, SAFE_ST, () -> t.recvStatus() && !t.allHwOk())
                .permitIf(T, TRANSP_ST, () -> t.recvStatus() && t.allHwOk())
                .permitIf(T, IDLE, () -> !t.recvStatus());
        config.configure(TRANSP_ST)
                .permitIf(T, TRANSP, () -> t.recvCommand() && t.allCmdOk())
                .permitIf(T, SAFE, () -> !(t.recvCommand() && t.allCmdOk()));
        machine = new StateMachine<>(IDLE, config);
    }

    private boolean exitSafeMode() {
        return t.recvCommand() && t.allCmdOk() && t.cmdExitSafeState() && t.safeItPassed500();
    }

    @Override
    public String step() {
        t.advance(machine.getState().safeMode());
        machine.fire(T);
        return machine.getState().label;
    }

    @Override
    public void reset() {
        t.rewind();
        machine = new StateMachine<>(IDLE, config);
    }
}
