package org.embodia.itests.velma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

import org.embodia.scheduler.Agent;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.sim.api.VelmaSimulator;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * The simulated Velma of the velma-sim profile, freshly started, on the simulator's clock at manual
 * pace: each {@link #tick()} is one 2 ms cycle (physics step, ve_body's status pass, cs, ve_body's
 * command pass, the simulated effectors), after which the rig collects both FSMs' state switches and
 * checks that no simulated effector has ever received an invalid command.
 */
final class VelmaRig {
    static final String CS = "core/a./cs";
    static final String VE_BODY = "core/a.body/ve";
    static final Set<String> SAFE_MODE = Set.of("safe", "safe_st", "safe_st_ok");
    private static final String[] RESTARTED = {"org.embodia.velma.sim", "org.embodia.velma.vebody", "org.embodia.velma.cs"};

    final BundleContext context;
    final VelmaSimulator sim;
    final Agent agent;
    final VelmaTaskInterface task;
    /** Switches seen, as "subsystem: from -> to". */
    final Set<String> transitions;
    private final Set<String> seenSwitches = new HashSet<>();
    long ticks;

    VelmaRig(BundleContext context, Set<String> transitions) throws Exception {
        this.context = context;
        this.transitions = transitions;
        for (String bsn : RESTARTED) {
            bundle(bsn).stop();
        }
        for (String bsn : RESTARTED) {
            bundle(bsn).start();
        }
        sim = await(VelmaSimulator.class);
        task = await(VelmaTaskInterface.class);
        agent = await(Agent.class);
        long deadline = System.currentTimeMillis() + 60_000;
        while (agent.status() != Agent.Status.RUNNING || state(CS) == null || state(VE_BODY) == null) {
            if (System.currentTimeMillis() > deadline) {
                fail("the core agent did not start: " + agent.status() + " " + agent.problems());
            }
            Thread.sleep(10);
        }
    }

    private Bundle bundle(String bsn) {
        return Arrays.stream(context.getBundles()).filter(b -> b.getSymbolicName().equals(bsn)).findFirst()
                .orElseThrow(() -> new AssertionError("no bundle " + bsn));
    }

    private <T> T await(Class<T> type) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            ServiceReference<T> ref = context.getServiceReference(type);
            if (ref != null) {
                return context.getService(ref);
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("no " + type.getSimpleName() + " service");
            }
            Thread.sleep(10);
        }
    }

    String state(String subsystem) {
        for (SubsystemDiagnostics d : agent.subsystems()) {
            if (d.name().equals(subsystem) && d.present()) {
                if (d.fault() != null) {
                    fail(subsystem + "'s FSM stopped: " + d.fault());
                }
                return d.state();
            }
        }
        return null;
    }

    boolean veBodySafe() {
        return SAFE_MODE.contains(state(VE_BODY));
    }

    /** One cycle, then the switches it caused and the effectors' invalid-command counters. */
    void tick() {
        sim.advance(1);
        ticks++;
        collect(CS);
        collect(VE_BODY);
        long[] invalid = sim.invalidCommands();
        for (long n : invalid) {
            if (n != 0) {
                fail("cycle " + ticks + ": an invalid command reached a simulated effector (right, left, torso, pan, tilt): "
                        + Arrays.toString(invalid));
            }
        }
    }

    private void collect(String subsystem) {
        List<StateSwitch> switches = agent.switches(subsystem);
        for (StateSwitch s : switches) {
            if (seenSwitches.add(subsystem + s.cycle() + s.from() + s.to())) {
                transitions.add((subsystem.equals(CS) ? "cs: " : "ve_body: ") + s.from() + " -> " + s.to());
            }
        }
    }

    /** Ticks until the condition holds; the ticks it took. */
    long until(String what, BooleanSupplier condition, int maxTicks) {
        for (int i = 0; i < maxTicks; i++) {
            if (condition.getAsBoolean()) {
                return i;
            }
            tick();
        }
        if (condition.getAsBoolean()) {
            return maxTicks;
        }
        fail(what + ": not within " + maxTicks + " cycles (cs " + state(CS) + ", ve_body " + state(VE_BODY) + ")");
        return -1;
    }

    /** Ticks until the motion ends; fails unless it ends in {@code phase}. */
    Motion finish(Motion m, Motion.Phase phase, int maxTicks) {
        until(m.kind() + " #" + m.id() + " ends", () -> task.motion(m.id()).ended(), maxTicks);
        Motion end = task.motion(m.id());
        if (end.phase() != phase) {
            List<StateSwitch> last = agent.switches(VE_BODY);
            fail(m.kind() + " #" + m.id() + " ended " + end.phase() + ": " + end.detail() + "; ve_body's last switches: "
                    + last.subList(Math.max(0, last.size() - 2), last.size()) + "; cs's: " + agent.switches(CS) + "; cs's command: "
                    + agent.lastMessage(CS, "command") + "; status: " + agent.lastMessage(VE_BODY, "status") + "; right tool "
                    + Arrays.toString(task.view().rightTool()));
        }
        return end;
    }

    /** From start-up to ve_body transparent and cs in safe, with the drives ready. */
    void toTransparent() {
        until("ve_body in safe mode", this::veBodySafe, 100);
        task.exitSafeMode();
        until("ve_body transparent", () -> state(VE_BODY).startsWith("transp"), 2000);
        until("cs safe", () -> "safe".equals(state(CS)), 10);
        until("drives ready", () -> task.view().motorsReady(), 10_000);
    }
}
