package org.embodia.itests.velma;

import static org.embodia.velma.model.VelmaModel.CROSSED;
import static org.embodia.velma.model.VelmaModel.READY_LEFT;
import static org.embodia.velma.model.VelmaModel.READY_RIGHT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.embodia.api.agent.Subsystem;
import org.embodia.scheduler.StateSwitch;
import org.embodia.testing.Allocations;
import org.embodia.velma.cs.CartImp;
import org.embodia.velma.cs.JntImp;
import org.embodia.velma.cs.api.CartesianImpedanceCommand;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.Pose;
import org.embodia.velma.cs.api.VelmaView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.junit5.context.BundleContextExtension;

/**
 * The simulated Velma running in Felix as the velma-sim profile runs it, through its real buffers:
 * no predicate is injected; the tests command the system as a task would, or replace a subsystem
 * by a misbehaving one, and watch both FSMs and what reaches the simulated effectors every cycle.
 */
@ExtendWith(BundleContextExtension.class)
class VelmaSystemTest {
    static final int CYCLES_PER_SECOND = 500;

    @InjectBundleContext
    BundleContext context;

    private final List<ServiceRegistration<?>> registrations = new ArrayList<>();

    @AfterEach
    void unregister() {
        registrations.forEach(ServiceRegistration::unregister);
        registrations.clear();
    }

    private <S extends Subsystem> S impose(S s) {
        registrations.add(context.registerService(Subsystem.class, s, null));
        return s;
    }

    private void withdraw(Subsystem s) {
        for (ServiceRegistration<?> r : new ArrayList<>(registrations)) {
            if (context.getService(r.getReference()) == s) {
                r.unregister();
                registrations.remove(r);
            }
        }
    }

    @Test
    void startsIdleGoesSafeOnItsOwnAndLeavesSafeModeOnlyAfterMoreThan500SafeIterations() throws Exception {
        VelmaRig rig = new VelmaRig(context, new TreeSet<>());
        assertEquals("idle", rig.state(VelmaRig.CS));
        rig.until("ve_body in safe mode", rig::veBodySafe, 100);
        long safeFrom = rig.ticks;
        rig.task.exitSafeMode();
        rig.until("ve_body transparent", () -> rig.state(VelmaRig.VE_BODY).startsWith("transp"), 2000);
        long cyclesInSafe = rig.ticks - safeFrom;
        List<StateSwitch> switches = rig.agent.switches(VelmaRig.VE_BODY);
        StateSwitch toTransp = switches.stream().filter(s -> s.to().equals("transp")).findFirst().orElseThrow();
        assertTrue(toTransp.predicates().get("safeItPassed500"));
        List<StateSwitch> all = new ArrayList<>();
        for (StateSwitch s : switches) {
            if (s.cycle() <= toTransp.cycle()) {
                all.add(s);
            }
        }
        StateSwitch lastRefused = all.stream().filter(s -> s.from().equals("safe_st_ok") && s.to().equals("safe")).reduce((a, b) -> b).orElseThrow();
        assertTrue(lastRefused.predicates().get("recvCommand") && lastRefused.predicates().get("allCmdOk")
                && lastRefused.predicates().get("cmdExitSafeState") && !lastRefused.predicates().get("safeItPassed500"),
                "the last refusal lacked only the 500 iterations: " + lastRefused);
        assertTrue(cyclesInSafe >= 250 && cyclesInSafe <= 252, "ve_body left safe mode after " + cyclesInSafe
                + " cycles of 2 iterations: more than 500 iterations, and no more than it must");
        rig.until("cs safe", () -> "safe".equals(rig.state(VelmaRig.CS)), 5);
    }

    @Test
    void aWarmCycleOfTheWholeSystemAllocatesNothingThePhysicsStepIncluded() throws Exception {
        VelmaRig rig = new VelmaRig(context, new TreeSet<>());
        rig.toTransparent();
        // Slow enough that cs tracks it through every measured cycle.
        Motion m = rig.task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, 0.2, 60, 1));
        rig.until("jnt_imp takes the motion", () -> rig.task.motion(m.id()).phase() == Motion.Phase.ACTIVE, 10);
        long bytes = Allocations.warmUpThenLeastOfTenRounds(5_000, 500, () -> rig.sim.advance(1));
        assertEquals(0, bytes, "bytes allocated by 500 warm cycles: ODE's step, the effectors, ve_body and cs in the scheduler's activity");
        assertEquals(Motion.Phase.ACTIVE, rig.task.motion(m.id()).phase(), "the motion ran through the measured cycles");
        assertEquals("jnt_imp", rig.state(VelmaRig.CS));
        assertTrue(rig.state(VelmaRig.VE_BODY).startsWith("transp"));
    }

    @Test
    void aNanAnOverLimitTorqueAndAMissingCommandInTranspEachSendVeBodyToSafeWithinOneCycle() throws Exception {
        VelmaRig rig = new VelmaRig(context, new TreeSet<>());
        rig.until("ve_body in safe mode", rig::veBodySafe, 100);
        Impostors.RogueCs rogue = impose(new Impostors.RogueCs());
        for (Impostors.RogueCs.Mode fault : new Impostors.RogueCs.Mode[] {Impostors.RogueCs.Mode.NAN, Impostors.RogueCs.Mode.OVER_LIMIT,
            Impostors.RogueCs.Mode.MISSING}) {
            rogue.mode = Impostors.RogueCs.Mode.GOOD;
            rig.until("ve_body transparent", () -> rig.state(VelmaRig.VE_BODY).startsWith("transp"), 2000);
            rig.tick();
            assertTrue(rig.state(VelmaRig.VE_BODY).startsWith("transp"), "transparent with good commands");
            rogue.mode = fault;
            rig.tick();
            assertTrue(rig.veBodySafe(), fault + ": ve_body in safe mode after one cycle, was " + rig.state(VelmaRig.VE_BODY));
        }
    }

    @Test
    void aRandomizedCommandStormNeverLetsAnInvalidCommandReachTheSimulatedEffectors() throws Exception {
        VelmaRig rig = new VelmaRig(context, new TreeSet<>());
        Impostors.RogueCs rogue = impose(new Impostors.RogueCs());
        rogue.mode = Impostors.RogueCs.Mode.STORM;
        int transparent = 0;
        for (int i = 0; i < 20_000; i++) {
            rig.tick();
            if (rig.state(VelmaRig.VE_BODY).startsWith("transp")) {
                transparent++;
            }
        }
        assertTrue(transparent > 5000, "the storm reached the effectors through transparent mode for " + transparent + " cycles");
    }

    @Test
    void jntImpReachesItsTargetWithinTolerance() throws Exception {
        VelmaRig rig = new VelmaRig(context, new TreeSet<>());
        rig.toTransparent();
        Motion m = rig.task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, 0.2, 2, 1));
        rig.finish(m, Motion.Phase.DONE, 10 * CYCLES_PER_SECOND);
        VelmaView v = rig.task.view();
        for (int j = 0; j < 7; j++) {
            assertEquals(READY_RIGHT[j], v.right()[j], JntImp.TOLERANCE, "right joint " + (j + 1));
            assertEquals(READY_LEFT[j], v.left()[j], JntImp.TOLERANCE, "left joint " + (j + 1));
        }
        assertEquals(0.2, v.torso(), JntImp.TOLERANCE, "torso");
    }

    @Test
    void cartImpReachesACartesianTarget() throws Exception {
        VelmaRig rig = new VelmaRig(context, new TreeSet<>());
        rig.toTransparent();
        rig.finish(rig.task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, null, 2, 1)), Motion.Phase.DONE,
                10 * CYCLES_PER_SECOND);
        double[] r = rig.task.view().rightTool();
        Pose target = Pose.position(r[0] + 0.1, r[1] + 0.05, r[2] + 0.1);
        rig.finish(rig.task.cartesianImpedance(new CartesianImpedanceCommand(target, null, 2)), Motion.Phase.DONE, 10 * CYCLES_PER_SECOND);
        double[] t = rig.task.view().rightTool();
        double error = Math.sqrt(Math.pow(t[0] - target.x(), 2) + Math.pow(t[1] - target.y(), 2) + Math.pow(t[2] - target.z(), 2));
        assertTrue(error < CartImp.POSITION_TOLERANCE, "the tool point is " + error + " m from the target");
        assertEquals("cart_imp", rig.state(VelmaRig.CS));
    }

    /**
     * [VELMA-STRUCT]'s order with the method's work-cycle: ve_body's status pass passes the status up, cs computes
     * its torques from it, ve_body's command pass passes them down, all in one cycle. So a step in the right
     * arm's measured position, in the status of one cycle only, shows in the torque sent in that same cycle
     * and in no other; were the passes to run the state chosen in the previous one, it would come two cycles late.
     */
    @Test
    void aStatusStepShowsInTheArmTorqueVeBodySendsInTheCycleItReadsIt() throws Exception {
        VelmaRig rig = new VelmaRig(context, new TreeSet<>());
        int joint = 1;
        double step = 0.02;
        // The right arm holds still at the posture jnt_imp will hold: no torque on it but the step's.
        Impostors.RightArm arm = impose(new Impostors.RightArm(READY_RIGHT, joint, step));
        rig.toTransparent();
        rig.finish(rig.task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, null, 1, 1)), Motion.Phase.DONE,
                10 * CYCLES_PER_SECOND);
        int stepped = arm.steps + 2;
        arm.steppedAt = stepped;
        rig.until("the stepped status read and answered", () -> arm.steps > stepped + 2, 10);
        assertEquals("jnt_imp", rig.state(VelmaRig.CS));
        assertEquals("transp", rig.state(VelmaRig.VE_BODY));
        double before = arm.torques[stepped];
        double answer = arm.torques[stepped + 1];
        double after = arm.torques[stepped + 2];
        assertEquals(0, before, 1e-9, "no torque at rest on the reference, the cycle before");
        assertTrue(answer < -1, "the torque of the cycle that read the step opposes it: " + answer + " N·m");
        assertEquals(0, after, 1e-9, "and the next cycle's status, back on the reference, none");
    }

    @Test
    void aMotionIntoSelfCollisionEndsInSafeAndSafeColPushesTheArmsOut() throws Exception {
        VelmaRig rig = new VelmaRig(context, new TreeSet<>());
        rig.toTransparent();
        Motion into = rig.finish(rig.task.jointImpedance(new JointImpedanceCommand(CROSSED, CROSSED, null, 3, 1)), Motion.Phase.ABORTED,
                10 * CYCLES_PER_SECOND);
        assertTrue(into.detail().contains("self collision"), into.detail());
        rig.until("cs safe", () -> "safe".equals(rig.state(VelmaRig.CS)), 5);
        double before = rig.task.view().selfCollisionDistance();
        assertTrue(before < 0.05, "stopped near the collision: " + before);
        rig.finish(rig.task.relax(), Motion.Phase.DONE, 10 * CYCLES_PER_SECOND);
        assertEquals("safe_col", rig.state(VelmaRig.CS));
        double after = rig.task.view().selfCollisionDistance();
        assertTrue(after > 0.05 && after > before, "pushed apart: " + before + " -> " + after + " m");
    }

    @Test
    void everyTransitionOfBothFsmsHappensOnTheRunningSystem() throws Exception {
        Set<String> seen = new TreeSet<>();
        VelmaRig rig = new VelmaRig(context, seen);
        rig.toTransparent();
        Motion m = rig.task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, null, 2, 1));
        rig.finish(m, Motion.Phase.DONE, 10 * CYCLES_PER_SECOND);
        double[] r = rig.task.view().rightTool();
        Pose up = Pose.position(r[0], r[1], r[2] + 0.1);
        Pose down = Pose.position(r[0], r[1], r[2]);
        CartesianImpedanceCommand cartUp = new CartesianImpedanceCommand(up, null, 1);
        CartesianImpedanceCommand cartDown = new CartesianImpedanceCommand(down, null, 1);
        JointImpedanceCommand ready = new JointImpedanceCommand(READY_RIGHT, READY_LEFT, null, 1, 1);
        // jnt_imp -> cart_imp -> safe_col -> cart_imp -> jnt_imp -> safe_col -> jnt_imp
        rig.task.cartesianImpedance(cartUp);
        rig.until("cart_imp", () -> "cart_imp".equals(rig.state(VelmaRig.CS)), 5);
        rig.task.relax();
        rig.until("safe_col", () -> "safe_col".equals(rig.state(VelmaRig.CS)), 5);
        rig.task.cartesianImpedance(cartDown);
        rig.until("cart_imp", () -> "cart_imp".equals(rig.state(VelmaRig.CS)), 5);
        rig.task.jointImpedance(ready);
        rig.until("jnt_imp", () -> "jnt_imp".equals(rig.state(VelmaRig.CS)), 5);
        rig.task.relax();
        rig.until("safe_col", () -> "safe_col".equals(rig.state(VelmaRig.CS)), 5);
        rig.finish(rig.task.jointImpedance(ready), Motion.Phase.DONE, 10 * CYCLES_PER_SECOND);
        // jnt_imp -> safe (self collision) -> safe_col -> cart_imp -> safe (self collision) -> safe_col
        rig.finish(rig.task.jointImpedance(new JointImpedanceCommand(CROSSED, CROSSED, null, 3, 1)), Motion.Phase.ABORTED,
                10 * CYCLES_PER_SECOND);
        rig.finish(rig.task.relax(), Motion.Phase.DONE, 10 * CYCLES_PER_SECOND);
        rig.finish(rig.task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, null, 4, 1)), Motion.Phase.DONE,
                10 * CYCLES_PER_SECOND);
        // The right hand towards the torso column.
        Motion clap = rig.task.cartesianImpedance(new CartesianImpedanceCommand(Pose.position(0.15, -0.15, 0.6), null, 2));
        Motion clapped = rig.finish(clap, Motion.Phase.ABORTED, 10 * CYCLES_PER_SECOND);
        assertTrue(clapped.detail().contains("self collision"), clapped.detail() + "; cs sent " + rig.agent.lastMessage(VelmaRig.VE_BODY, "command")
                + "; right tool " + java.util.Arrays.toString(rig.task.view().rightTool()) + " q " + java.util.Arrays.toString(rig.task.view().right()));
        rig.until("cs safe", () -> "safe".equals(rig.state(VelmaRig.CS)), 5);
        rig.finish(rig.task.relax(), Motion.Phase.DONE, 10 * CYCLES_PER_SECOND);
        // The drives fault while cs is in safe_col: ve_body transp -> safe_st, cs safe_col -> idle; then they fall silent: safe -> idle.
        Impostors.Ethercat faulty = impose(new Impostors.Ethercat(true));
        rig.until("cs idle", () -> "idle".equals(rig.state(VelmaRig.CS)), 10);
        rig.until("ve_body safe -> safe_st", () -> seen.contains("ve_body: safe -> safe_st") && seen.contains("ve_body: transp -> safe_st"), 10);
        withdraw(faulty);
        Impostors.Ethercat silent = impose(new Impostors.Ethercat(false));
        rig.until("ve_body idle", () -> "idle".equals(rig.state(VelmaRig.VE_BODY)), 10);
        withdraw(silent);
        // Back up: cs idle -> safe -> cart_imp; the drives fall silent in transp: transp -> idle, cart_imp -> idle.
        rig.toTransparent();
        rig.task.cartesianImpedance(cartUp);
        rig.until("cart_imp", () -> "cart_imp".equals(rig.state(VelmaRig.CS)), 5);
        silent = impose(new Impostors.Ethercat(false));
        rig.until("cs idle", () -> "idle".equals(rig.state(VelmaRig.CS)), 10);
        withdraw(silent);
        // cs safe -> idle when the drives fault.
        rig.toTransparent();
        faulty = impose(new Impostors.Ethercat(true));
        rig.until("cs idle", () -> "idle".equals(rig.state(VelmaRig.CS)), 10);
        withdraw(faulty);
        // jnt_imp -> idle: an over-stiff command whose torques ve_body refuses (transp_st -> safe).
        rig.toTransparent();
        rig.task.jointImpedance(ready);
        rig.until("jnt_imp", () -> "jnt_imp".equals(rig.state(VelmaRig.CS)), 5);
        double[] far = READY_RIGHT.clone();
        far[1] = 0.3;
        rig.task.jointImpedance(new JointImpedanceCommand(far, null, null, 0.02, JointImpedanceCommand.MAX_STIFFNESS_SCALE));
        rig.until("cs idle", () -> "idle".equals(rig.state(VelmaRig.CS)), 20);

        Set<String> expected = new TreeSet<>(List.of("ve_body: idle -> safe_st", "ve_body: safe -> safe_st", "ve_body: safe -> safe_st_ok",
                "ve_body: safe -> idle", "ve_body: safe_st -> safe", "ve_body: safe_st_ok -> safe", "ve_body: safe_st_ok -> transp",
                "ve_body: transp -> safe_st", "ve_body: transp -> transp_st", "ve_body: transp -> idle", "ve_body: transp_st -> transp",
                "ve_body: transp_st -> safe", "cs: idle -> safe", "cs: safe -> idle", "cs: safe -> cart_imp", "cs: safe -> jnt_imp",
                "cs: safe -> safe_col", "cs: safe_col -> idle", "cs: safe_col -> cart_imp", "cs: safe_col -> jnt_imp", "cs: cart_imp -> idle",
                "cs: cart_imp -> safe", "cs: cart_imp -> jnt_imp", "cs: cart_imp -> safe_col", "cs: jnt_imp -> idle", "cs: jnt_imp -> safe",
                "cs: jnt_imp -> cart_imp", "cs: jnt_imp -> safe_col"));
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(seen);
        assertTrue(missing.isEmpty(), "transitions never seen: " + missing + "; seen: " + seen);
    }
}
