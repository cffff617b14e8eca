package org.embodia.scheduler.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.api.agent.Hardware;
import org.embodia.api.agent.Subsystem;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.scheduler.SubsystemDiagnostics;

/**
 * One subsystem instance as the loop runs it: receive the pass's inputs, step the FSM (or the
 * subsystem), end the iteration. A {@link Hardware} subsystem may run as two passes, its read and its
 * write; the iteration ends with the write. A subsystem that is not {@code Hardware} (a simulated
 * effector swapped in for one) does its whole step, with all its inputs, in the read pass and nothing in
 * the write: as in a simulation's own cycle, its tick publishes the status the cycle decides on and it
 * takes the commands of the cycle before. Nothing it runs can throw into the loop, and a warm iteration
 * allocates nothing of its own.
 */
final class SubsystemRuntime {
    final String name;
    final Subsystem subsystem;
    final long serviceId;
    final String activity;
    final FsmExecutor fsm;
    final Map<String, InputBuffer<?>> inputs = new LinkedHashMap<>();
    final Map<String, OutputBuffer<?>> outputs = new LinkedHashMap<>();
    private final Histogram compute = new Histogram();
    private final SwitchRing switches;
    private final Hardware hardware;
    /** Time spent in this cycle's read pass, added to the write's in the compute histogram. */
    private long readNanos;
    private long iterations;
    private long failures;
    private volatile Throwable lastFailure;

    SubsystemRuntime(String name, Subsystem subsystem, long serviceId, String activity, FsmExecutor fsm) {
        this.name = name;
        this.subsystem = subsystem;
        this.serviceId = serviceId;
        this.activity = activity;
        this.fsm = fsm;
        this.hardware = subsystem instanceof Hardware h ? h : null;
        subsystem.inputs().forEach(b -> inputs.put(b.name(), b));
        subsystem.outputs().forEach(b -> outputs.put(b.name(), b));
        List<String> names = fsm == null ? List.of() : fsm.predicateNames();
        this.switches = new SwitchRing(names);
    }

    void iterate(InputBuffer<?>[] receive, long cycle, AgentConfig.Phase phase) {
        long start = System.nanoTime();
        if (hardware != null && phase == AgentConfig.Phase.READ) {
            call(Call.READ);
            readNanos = System.nanoTime() - start;
            return;
        }
        if (hardware == null && phase == AgentConfig.Phase.WRITE) {
            return;
        }
        for (InputBuffer<?> in : receive) {
            in.receive();
        }
        if (phase == AgentConfig.Phase.WRITE && hardware != null) {
            call(Call.WRITE);
        } else if (fsm != null) {
            if (fsm.step()) {
                if (fsm.lastRunFailed()) {
                    failures++;
                }
                if (fsm.lastEnded()) {
                    switches.record(cycle, fsm.lastState(), fsm.currentState(), fsm.predicateBits());
                }
            }
        } else {
            call(Call.STEP);
        }
        call(Call.END_ITERATION);
        iterations++;
        compute.record(System.nanoTime() - start + readNanos);
        readNanos = 0;
    }

    /** A call into the subsystem, beside its FSM's steps. */
    private enum Call {
        STEP, READ, WRITE, END_ITERATION
    }

    /** Makes the call; what it throws is counted and kept, never thrown into the loop (but the JVM's own errors). */
    private void call(Call c) {
        try {
            switch (c) {
                case STEP -> subsystem.step();
                case READ -> hardware.read();
                case WRITE -> hardware.write();
                case END_ITERATION -> subsystem.endIteration();
            }
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            failures++;
            lastFailure = t;
        }
    }

    SwitchRing switches() {
        return switches;
    }

    SubsystemDiagnostics diagnostics() {
        String fault = fsm == null || fsm.fault() == null ? null : fsm.fault().message();
        Throwable failure = fsm == null ? lastFailure : fsm.lastFailure();
        return new SubsystemDiagnostics(name, activity, true, fsm == null ? null : fsm.currentState(), fault, iterations, failures,
                failure == null ? null : failure.toString(), compute.snapshot());
    }
}
