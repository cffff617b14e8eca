package org.embodia.nao.body;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.embodia.api.fsm.StateDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.StaticCheck;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.model.NaoPoseEkf;
import org.embodia.nao.model.NaoWalkSimulator;
import org.embodia.nao.model.WalkNoise;
import org.embodia.testing.Allocations;
import org.embodia.testing.DsDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The shipped nao.body definition under the engine, over the body's real predicates. */
class NaoBodyFsmTest {

    @Test
    void theDefinitionIsDeterministic() throws FsmLoadException {
        StaticCheck.Report report = StaticCheck.check(Rig.definition());
        assertTrue(report.clean(), report.format());
        assertEquals(List.of("idle", "move", "moveto", "posture", "inter", "set_stiffness", "get"),
                Rig.definition().states().stream().map(StateDefinition::name).toList(), "the seven states of fig. 5");
    }

    @Test
    void everyStateHasABehaviourServiceOfItsName() throws IOException, FsmLoadException {
        List<String> components = Stream.of("Idle", "Move", "Moveto", "Posture", "Inter", "SetStiffness", "Get")
                .map(c -> "org.embodia.nao.body.behaviors." + c).toList();
        Set<String> declared = DsDescriptors.behaviors(NaoBody.class.getClassLoader(), "core/a.body/ve", components);
        Set<String> needed = new HashSet<>();
        Rig.definition().states().forEach(s -> needed.addAll(s.behaviors()));
        assertEquals(needed, declared);
    }

    /**
     * A command from cs, what the real effector does after the behaviour's i0, and the states run
     * step by step from the command's arrival (i0) until idle runs again.
     */
    static Stream<Arguments> commands() {
        Consumer<Rig> nothing = rig -> { };
        Consumer<Rig> attained = rig -> rig.reportAttained(true);
        return Stream.of(
                Arguments.of("MOVE", Rig.move(0.1, 0, 0), (Consumer<Rig>) rig -> rig.cs.write(Rig.stop()),
                        List.of("move", "move", "idle")),
                Arguments.of("MOVE_TO", Rig.moveTo(0.3, 0, 0), attained, List.of("moveto", "moveto", "idle")),
                Arguments.of("POSTURE", Rig.posture("StandInit", 0.8), attained, List.of("posture", "posture", "idle")),
                Arguments.of("INTERPOLATION", Rig.interpolation(0.2, "RShoulderPitch", 1.0), (Consumer<Rig>) rig -> {
                    rig.report().cja.clear();
                    rig.report().cja.add("RShoulderPitch", 1.0);
                }, List.of("inter", "inter", "idle")),
                Arguments.of("STIFFNESS", Rig.stiffness("Body", 0.0), nothing, List.of("set_stiffness", "idle")),
                Arguments.of("GET", Rig.get("Device/SubDeviceList/LFoot/FSR/TotalWeight/Sensor/Value"), (Consumer<Rig>) rig -> {
                    rig.report().value.setNumber("Device/SubDeviceList/LFoot/FSR/TotalWeight/Sensor/Value", 2.4);
                    rig.report().valueSeq++;
                }, List.of("get", "get", "idle")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void idleGoesToTheCommandsBehaviourWhichReturnsToIdle(String name, BodyCommand command, Consumer<Rig> afterI0, List<String> expected)
            throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("idle", rig.step());
        List<String> ran = new ArrayList<>();
        ran.add(rig.step(command));
        afterI0.accept(rig);
        while (!ran.get(ran.size() - 1).equals("idle") && ran.size() < 10) {
            ran.add(rig.step());
        }
        assertEquals(expected, ran, name);
        assertNull(rig.fsm.fault());
        assertNull(rig.csStatus.get().reason, "a valid command is not rejected");
    }

    @Test
    void aBehaviourThatThrowsEndsItsStateAtTheNextCheckThroughTheErrorCondition() throws FsmLoadException {
        Rig rig = new Rig("get", iteration -> {
            throw new IllegalStateException("no ALMemory");
        });
        assertEquals("get", rig.step(Rig.get("a/b")));
        assertTrue(rig.fsm.lastRunFailed());
        assertEquals("idle", rig.step(), "ε ≜ ¬CURRENT_BEHAVIOR_OK holds at the next check (§2.2: an error ends the behaviour)");
        assertEquals("get", rig.fsm.lastState());
        assertTrue(rig.fsm.lastInError());
        assertEquals("idle", rig.step());
        assertFalse(rig.fsm.lastEnded(), "idle runs on");
        assertNull(rig.fsm.fault());
    }

    /** A rejected command: the FSM stays in idle, nothing reaches the real effector, cs learns why. */
    private static String rejected(Rig rig, BodyCommand command) {
        long before = rig.csStatus.get().reasonSeq;
        assertEquals("idle", rig.step(command));
        assertFalse(rig.fsm.lastEnded(), "idle's terminal condition does not hold for " + command);
        assertEquals("idle", rig.fsm.currentState());
        assertEquals(Boolean.FALSE, rig.fsm.predicateValues().get("cmdValid"));
        assertEquals("idle", rig.step());
        assertFalse(rig.reCommand.hasData(), "nothing reached the real effector");
        BodyStatus s = rig.csStatus.get();
        assertEquals(before + 1, s.reasonSeq, "cs is told of the rejection");
        return s.reason;
    }

    @Test
    void rejectedCommandsLeaveTheFsmInIdleWithTheReasonReachingCs() throws FsmLoadException {
        Rig rig = new Rig();
        String unknownJoint = rejected(rig, Rig.interpolation(0.5, "HeadYaw", 0.1, "LElbo", -0.5));
        assertTrue(unknownJoint.startsWith("INTERPOLATION rejected: unknown NAO joint \"LElbo\""), unknownJoint);
        String unknownPosture = rejected(rig, Rig.posture("Dance", 0.5));
        assertTrue(unknownPosture.startsWith("POSTURE rejected: unknown NAO posture \"Dance\"; the predefined postures are"), unknownPosture);
        String outOfLimit = rejected(rig, Rig.interpolation(0.5, "HeadPitch", 1.0));
        assertTrue(outOfLimit.contains("HeadPitch: 1.0 rad is outside its range [-0.672, 0.5149] rad"), outOfLimit);
        String nanVelocity = rejected(rig, Rig.move(Double.NaN, 0, 0));
        assertTrue(nanVelocity.startsWith("MOVE rejected: velocity") && nanVelocity.contains("NaN") && nanVelocity.endsWith("is not finite"),
                nanVelocity);
        assertTrue(rig.fsm.predicateValues().containsKey("cmdMove"));

        assertEquals("posture", rig.step(Rig.posture("Stand", 0.5)), "a valid command after rejections");
        assertNull(rig.csStatus.get().reason, "an accepted command clears the reason, in the step it arrives in");
        assertEquals(4, rig.csStatus.get().reasonSeq);
        assertEquals("Stand", rig.reCommand.get().dpost.posture);
    }

    /** The real effector walks (a simulated NAO with noisy odometry) and reports odm and im every step. */
    private static void walk(Rig rig, NaoWalkSimulator sim, NaoPoseEkf reference) {
        sim.step();
        BodyEffectorStatus r = rig.report();
        r.odm.set(sim.odomX(), sim.odomY(), sim.odomTheta());
        r.im.set(sim.imuYaw(), sim.gyroZ());
        reference.step(sim.odomX(), sim.odomY(), sim.odomTheta(), sim.imuYaw());
    }

    @Test
    void theEkfPoseReachesCsEveryStepInEveryBehaviour() throws FsmLoadException {
        Rig rig = new Rig();
        NaoWalkSimulator sim = new NaoWalkSimulator(7, WalkNoise.DEFAULT);
        sim.moveVel(0.08, 0.02, 0.3);
        NaoPoseEkf reference = new NaoPoseEkf();
        List<BodyCommand> script = new ArrayList<>();
        script.add(Rig.move(0.08, 0.02, 0.3));
        script.add(Rig.stop());
        script.add(Rig.moveTo(0.5, 0, 0));
        script.add(Rig.posture("Crouch", 0.5));
        script.add(Rig.interpolation(0.5, "HeadYaw", 0.3));
        script.add(Rig.stiffness("Head", 0.7));
        script.add(Rig.get("Device/SubDeviceList/InertialSensor/AngleZ/Sensor/Value"));
        Set<String> visited = new HashSet<>();
        int next = 0;
        for (int k = 0; k < 200; k++) {
            walk(rig, sim, reference);
            BodyCommand command = null;
            if (k % 10 == 5 && next < script.size()) {
                command = script.get(next++);
            }
            if (k % 10 == 8) {
                rig.reportAttained(true);
                rig.report().cja.clear();
                rig.report().cja.add("HeadYaw", 0.3);
                rig.report().value.setNumber("Device/SubDeviceList/InertialSensor/AngleZ/Sensor/Value", reference.theta());
                rig.report().valueSeq++;
            }
            String state = rig.step(command);
            visited.add(state);
            assertTrue(rig.csStatus.isNew(), state + " sends the pose at step " + k);
            assertEquals(reference.x(), rig.csStatus.get().pose.x, 0, state + ": x at step " + k);
            assertEquals(reference.y(), rig.csStatus.get().pose.y, 0, state + ": y");
            assertEquals(reference.theta(), rig.csStatus.get().pose.theta, 0, state + ": θ");
            assertEquals(reference.x(), rig.body.memory().pose.x, 0, "the pose is in the memory");
        }
        assertEquals(Set.of("idle", "move", "moveto", "posture", "inter", "set_stiffness", "get"), visited);
        assertTrue(Math.hypot(rig.csStatus.get().pose.x, rig.csStatus.get().pose.y) > 0.2, "the robot walked: " + rig.csStatus.get().pose);
    }

    @Test
    void withoutANewReportThePoseIsKeptAndANonFiniteReadingIsLeftOut() throws FsmLoadException {
        Rig rig = new Rig();
        rig.report().odm.set(0, 0, 0);
        rig.step();
        rig.report().odm.set(0.1, 0, 0);
        rig.step();
        double x = rig.csStatus.get().pose.x;
        assertTrue(x > 0.09, "the odometry's increment moved the pose: " + x);
        rig.realReports = false;
        rig.step();
        assertTrue(rig.csStatus.isNew(), "the pose is sent without a report too");
        assertEquals(x, rig.csStatus.get().pose.x, 0, "no report, no change");
        rig.realReports = true;
        rig.report().odm.set(Double.NaN, 0, 0);
        rig.step();
        assertEquals(x, rig.csStatus.get().pose.x, 0);
        assertEquals(1, rig.body.unusableReadings());
        assertEquals("idle", rig.fsm.lastState());
        assertTrue(rig.fsm.predicateValues().get("CURRENT_BEHAVIOR_OK"), "a bad reading does not make the behaviour fail");
    }

    @Test
    void steppingAllocatesNothingOnceWarm() throws FsmLoadException {
        Rig rig = new Rig();
        NaoWalkSimulator sim = new NaoWalkSimulator(3, WalkNoise.DEFAULT);
        sim.moveVel(0.05, 0, 0.1);
        NaoPoseEkf reference = new NaoPoseEkf();
        BodyCommand[] script = {Rig.move(0.05, 0, 0.1), Rig.stop(), Rig.moveTo(0.2, 0.1, 0), Rig.posture("Stand", 1.0),
            Rig.interpolation(0.4, "HeadYaw", 0.2, "HeadPitch", 0.1), Rig.stiffness("LArm", 1.0, "RHand", 0.5), Rig.get("a/b")};
        BodyEffectorStatus r = rig.report();
        r.cja.add("HeadYaw", 0.2);
        r.cja.add("HeadPitch", 0.1);
        Set<String> visited = new HashSet<>();
        long[] k = {0};
        Runnable step = () -> {
            long c = k[0]++;
            walk(rig, sim, reference);
            if (c % 8 == 6) {
                r.attainedSeq++;
                r.attained = true;
                r.valueSeq++;
            }
            rig.step(c % 8 == 3 ? script[(int) (c / 8 % script.length)] : null);
        };
        for (int i = 0; i < 100_000; i++) {
            step.run();
            visited.add(rig.fsm.lastState());
        }
        assertEquals(Set.of("idle", "move", "moveto", "posture", "inter", "set_stiffness", "get"), visited,
                "the measured loop exercises every state");
        assertEquals(0, Allocations.leastOfTenRounds(20_000, step), "bytes allocated by 20,000 warm steps");
        assertNull(rig.fsm.fault());
    }
}
