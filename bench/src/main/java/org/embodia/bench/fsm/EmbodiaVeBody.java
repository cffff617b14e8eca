package org.embodia.bench.fsm;

import java.io.InputStream;
import java.util.Map;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoader;

/** The shipped velma.ve_body definition in Embodia's engine, its counter derived by the definition. */
public final class EmbodiaVeBody implements VeBodyMachine {
    private final VeBodyTrace trace;
    private final FsmExecutor fsm;

    public EmbodiaVeBody(VeBodyTrace trace) throws Exception {
        this.trace = trace;
        FsmDefinition definition;
        try (InputStream in = EmbodiaVeBody.class.getClassLoader().getResourceAsStream("fsm/velma.ve_body.yaml")) {
            definition = FsmLoader.load("fsm/velma.ve_body.yaml", in, Map.of());
        }
        // Inputs in the definition's order: recvStatus, recvCommand, allHwOk, allCmdOk, cmdExitSafeState.
        fsm = FsmExecutor.forReplay(definition, index -> switch (index) {
            case 0 -> trace.recvStatus();
            case 1 -> trace.recvCommand();
            case 2 -> trace.allHwOk();
            case 3 -> trace.allCmdOk();
            default -> trace.cmdExitSafeState();
        });
    }

    @Override
    public String step() {
        trace.next();
        fsm.step();
        return fsm.currentState();
    }

    @Override
    public void reset() {
        trace.rewind();
        fsm.reset();
    }
}
