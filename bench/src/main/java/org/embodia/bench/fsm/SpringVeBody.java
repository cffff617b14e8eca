package org.embodia.bench.fsm;

import static org.embodia.bench.fsm.VeBodyState.IDLE;
import static org.embodia.bench.fsm.VeBodyState.SAFE;
import static org.embodia.bench.fsm.VeBodyState.SAFE_ST;
import static org.embodia.bench.fsm.VeBodyState.SAFE_ST_OK;
import static org.embodia.bench.fsm.VeBodyState.TRANSP;
import static org.embodia.bench.fsm.VeBodyState.TRANSP_ST;

import java.util.EnumSet;

import org.springframework.messaging.Message;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.statemachine.StateMachine;
import org.springframework.statemachine.config.StateMachineBuilder;

import reactor.core.publisher.Mono;

/** ve_body in Spring Statemachine 4.0.2: the σ's as guards of external transitions, one event per iteration. */
public final class SpringVeBody implements VeBodyMachine {
    enum Event {
        ITERATION
    }

    private static final Event E = Event.ITERATION;
    private final VeBodyTrace t;
    private final Mono<Message<Event>> event = Mono.just(MessageBuilder.withPayload(E).build());
    private StateMachine<VeBodyState, Event> machine;

    public SpringVeBody(VeBodyTrace trace) throws Exception {
        this.t = trace;
        machine = build();
    }

    private StateMachine<VeBodyState, Event> build() throws Exception {
        StateMachineBuilder.Builder<VeBodyState, Event> b = StateMachineBuilder.builder();
        b.configureConfiguration().withConfiguration().autoStartup(false);
        b.configureStates().withStates().initial(IDLE).states(EnumSet.allOf(VeBodyState.class));
        b.configureTransitions()
                .withExternal().source(IDLE).target(SAFE_ST).event(E).guard(c -> t.recvStatus()).and()
                .withExternal().source(SAFE).target(SAFE_ST).event(E).guard(c -> t.recvStatus() && !t.allHwOk()).and()
                .withExternal().source(SAFE).target(SAFE_ST_OK).event(E).guard(c -> t.recvStatus() && t.allHwOk()).and()
                .withExternal().source(SAFE).target(IDLE).event(E).guard(c -> !t.recvStatus()).and()
                .withExternal().source(SAFE_ST).target(SAFE).event(E).and()
                .withExternal().source(SAFE_ST_OK).target(SAFE).event(E).guard(c -> !exitSafeMode()).and()
                .withExternal().source(SAFE_ST_OK).target(TRANSP).event(E).guard(c -> exitSafeMode()).and()
                .withExternal().source(TRANSP).target(SAFE_ST).event(E).guard(c -> t.recvStatus() && !t.allHwOk()).and()
                .withExternal().source(TRANSP).target(TRANSP_ST).event(E).guard(c -> t.recvStatus() && t.allHwOk()).and()
                .withExternal().source(TRANSP).target(IDLE).event(E).guard(c -> !t.recvStatus()).and()
                .withExternal().source(TRANSP_ST).target(TRANSP).event(E).guard(c -> t.recvCommand() && t.allCmdOk()).and()
                .withExternal().source(TRANSP_ST).target(SAFE).event(E).guard(c -> !(t.recvCommand() && t.allCmdOk()));
        StateMachine<VeBodyState, Event> m = b.build();
        m.startReactively().block();
        return m;
    }

    private boolean exitSafeMode() {
        return t.recvCommand() && t.allCmdOk() && t.cmdExitSafeState() && t.safeItPassed500();
    }

    @Override
    public String step() {
        t.advance(machine.getState().getId().safeMode());
        machine.sendEvent(event).blockLast();
        return machine.getState().getId().label;
    }

    @Override
    public void reset() throws Exception {
        machine.stopReactively().block();
        t.rewind();
        machine = build();
    }
}
