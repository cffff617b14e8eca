package org.embodia.velma.vebody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.fsm.engine.StaticCheck;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

/** The shipped velma.ve_body definition ([VELMA-BEH]) under the engine. */
class VeBodyFsmTest {

    static FsmDefinition definition(Map<String, Integer> parameters) throws FsmLoadException {
        return FsmLoader.load("fsm/velma.ve_body.yaml", VeBodyFsmTest.class.getClassLoader().getResourceAsStream("fsm/velma.ve_body.yaml"),
                parameters);
    }

    @Test
    void theDefinitionIsDeterministic() throws FsmLoadException {
        StaticCheck.Report report = StaticCheck.check(definition(Map.of()));
        assertTrue(report.clean(), report.format());
    }

    /** Inputs in definition order: recvStatus, recvCommand, allHwOk, allCmdOk, cmdExitSafeState. */
    private static FsmExecutor replay(FsmDefinition d, boolean[] inputs) {
        return FsmExecutor.forReplay(d, i -> inputs[i]);
    }

    @Test
    void transpIsReachedOnlyAfterMoreThan500ConsecutiveSafeIterations() throws FsmLoadException {
        boolean[] in = new boolean[5];
        FsmExecutor fsm = replay(definition(Map.of()), in);
        in[0] = true; // status every iteration, hardware ok, exit-safe command every iteration
        in[1] = true;
        in[2] = true;
        in[3] = true;
        in[4] = true;
        int firstTransp = -1;
        for (int i = 0; i < 600 && firstTransp < 0; i++) {
            fsm.step();
            if (fsm.lastState().equals("safe_st_ok") && fsm.currentState().equals("transp")) {
                firstTransp = i;
            }
        }
        // Iteration 0 checks idle, which ends on status, and runs safe_st; iteration i checks safe_st, safe or
        // safe_st_ok with count i, safe_st_ok on odd i. The first odd i with i > 500 is 501.
        assertEquals(501, firstTransp);
    }

    @Test
    void anInterruptionRestartsTheCount() throws FsmLoadException {
        boolean[] in = {true, true, true, true, true};
        FsmExecutor fsm = replay(definition(Map.of("safeIterations", 10)), in);
        for (int i = 0; i < 8; i++) {
            fsm.step();
        }
        in[0] = false; // status lost in safe: back to idle
        fsm.step();
        assertEquals("safe", fsm.lastState());
        assertEquals("idle", fsm.currentState());
        in[0] = true;
        int safeIterations = 0;
        while (!fsm.currentState().equals("transp")) {
            fsm.step();
            if (!fsm.lastState().equals("idle")) {
                safeIterations++;
            }
        }
        assertEquals(11, safeIterations, "counting starts again from the state after idle");
    }

    /** What the real effectors report, the status ve_body passes up in safe_st, safe_st_ok and transp_st. */
    static final class Status implements Message<Status> {
        final double[] q = new double[7];
        final double[] dq = new double[7];
        boolean hwOk;

        @Override
        public void copyFrom(Status s) {
            System.arraycopy(s.q, 0, q, 0, 7);
            System.arraycopy(s.dq, 0, dq, 0, 7);
            hwOk = s.hwOk;
        }
    }

    /** A torque command, from cs to ve_body and from ve_body to the effectors. */
    static final class Command implements Message<Command> {
        final double[] tau = new double[7];
        boolean exitSafe;

        @Override
        public void copyFrom(Command c) {
            System.arraycopy(c.tau, 0, tau, 0, 7);
            exitSafe = c.exitSafe;
        }
    }

    @Test
    void steppingOverRealBuffersAllocatesNothingOnceWarm() throws FsmLoadException {
        OutputBuffer<Status> effectorStatus = new OutputBuffer<>("status", Status.class, Status::new);
        InputBuffer<Status> status = new InputBuffer<>("status", Status.class, Status::new);
        effectorStatus.connect(status);
        OutputBuffer<Command> csCommand = new OutputBuffer<>("command", Command.class, Command::new);
        InputBuffer<Command> command = new InputBuffer<>("command", Command.class, Command::new);
        csCommand.connect(command);
        OutputBuffer<Command> toEffectors = new OutputBuffer<>("effector_command", Command.class, Command::new);
        OutputBuffer<Status> toCs = new OutputBuffer<>("cs_status", Status.class, Status::new);
        InputBuffer<Status> csSees = new InputBuffer<>("cs_status", Status.class, Status::new);
        toCs.connect(csSees);
        double[] damping = {10, 10, 5, 5, 2, 1, 1};

        Behavior passStatus = i -> toCs.write(status.get());
        Map<String, Behavior> behaviors = new HashMap<>();
        behaviors.put("idle", i -> { });
        behaviors.put("safe", i -> {
            Command out = toEffectors.message();
            for (int j = 0; j < 7; j++) {
                out.tau[j] = -damping[j] * status.get().dq[j];
            }
            toEffectors.send();
        });
        behaviors.put("safe_st", passStatus);
        behaviors.put("safe_st_ok", passStatus);
        behaviors.put("transp_st", passStatus);
        behaviors.put("transp", i -> toEffectors.write(command.get()));
        Predicates predicates = Predicates.builder()
                .add("recvStatus", status::isNew)
                .add("recvCommand", command::isNew)
                .add("allHwOk", () -> status.get().hwOk)
                .add("allCmdOk", () -> Double.isFinite(command.get().tau[0]))
                .add("cmdExitSafeState", () -> command.get().exitSafe)
                .build();
        FsmExecutor fsm = FsmExecutor.create(definition(Map.of("safeIterations", 50)), behaviors, predicates);

        Set<String> visited = new HashSet<>();
        long[] cycle = {0};
        Runnable iteration = () -> {
            long c = cycle[0]++;
            Status s = effectorStatus.message();
            s.hwOk = c % 5000 > 200; // hardware comes up after a while, and drops out once in a while
            s.dq[0] = (c % 100) * 0.01;
            if (c % 3000 != 2999) { // now and then a status is lost, which sends ve_body to idle
                effectorStatus.send();
            }
            Command cmd = csCommand.message();
            cmd.exitSafe = true;
            cmd.tau[0] = c % 700 == 0 ? Double.NaN : 1.0;
            csCommand.send();
            status.receive();
            command.receive();
            fsm.step();
        };
        for (int i = 0; i < 100_000; i++) {
            iteration.run();
            visited.add(fsm.lastState());
        }
        assertEquals(Set.of("idle", "safe", "safe_st", "safe_st_ok", "transp", "transp_st"), visited,
                "the measured loop exercises every state");
        assertEquals(0, Allocations.leastOfTenRounds(100_000, iteration), "bytes allocated by 100,000 warm iterations");
        assertEquals(null, fsm.fault());
    }
}
