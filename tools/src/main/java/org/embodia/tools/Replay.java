package org.embodia.tools;

import java.io.IOException;
import java.io.Writer;
import java.util.Map;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.DeterminismFault;
import org.embodia.fsm.engine.FsmExecutor;

/**
 * Replays a trace through a definition, as FABRIC users replay logged predicate values: no
 * behaviour runs, every predicate value comes from the trace. Writes one JSON line per iteration, in
 * the method's work-cycle: {@code state} is the state whose conditions were checked on the line's
 * predicates (the one that ran on the line before, or the initial state), {@code next} the state
 * whose behaviours run on them. A logged {@code CURRENT_BEHAVIOR_OK} false says a behaviour threw
 * in the pass before.
 */
final class Replay {
    private Replay() {
    }

    /** @return true if the whole trace replayed, false if it ended with a determinism fault */
    static boolean run(FsmDefinition definition, Trace trace, Writer out) throws IOException {
        int[] row = {0};
        FsmExecutor fsm = FsmExecutor.forReplay(definition, new FsmExecutor.InputSource() {
            @Override
            public boolean input(int index) {
                return trace.input(row[0], index);
            }

            @Override
            public boolean currentBehaviorOk() {
                return trace.currentBehaviorOk(row[0]);
            }
        });
        StringBuilder line = new StringBuilder(128);
        for (int i = 0; i < trace.size(); i++) {
            row[0] = i;
            if (!fsm.step()) {
                out.write(faultLine(fsm.fault()));
                return false;
            }
            line.setLength(0);
            line.append("{\"i\": ").append(i).append(", \"state\": \"").append(fsm.lastState())
                    .append("\", \"next\": \"").append(fsm.currentState()).append("\"}\n");
            out.append(line);
        }
        return true;
    }

    private static String faultLine(DeterminismFault f) {
        StringBuilder s = new StringBuilder();
        s.append("{\"i\": ").append(f.iteration()).append(", \"fault\": ").append(Json.string(f.message()))
                .append(", \"state\": ").append(Json.string(f.state()))
                .append(", \"ended_by\": \"").append(f.endedInError() ? "error" : "terminal").append('"')
                .append(", \"holding\": [");
        for (int k = 0; k < f.holding().size(); k++) {
            s.append(k == 0 ? "" : ", ").append(Json.string(f.holding().get(k)));
        }
        s.append("], \"predicates\": {");
        boolean first = true;
        for (Map.Entry<String, Boolean> e : f.predicates().entrySet()) {
            s.append(first ? "" : ", ").append(Json.string(e.getKey())).append(": ").append(e.getValue());
            first = false;
        }
        return s.append("}}\n").toString();
    }
}
