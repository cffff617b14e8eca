package org.embodia.nao.sensors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.InputPredicate;
import org.embodia.api.fsm.StateDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.StaticCheck;
import org.embodia.nao.api.SensorCommand;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorCommand.Cmd;
import org.embodia.nao.api.SensorReceptorStatus;
import org.embodia.nao.api.SensorStatus;
import org.embodia.testing.Allocations;
import org.embodia.testing.DsDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The shipped nao.touch, nao.inertial and nao.fsr definitions under the engine, over each receptor's real predicates. */
class SensorFsmTest {

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void theDefinitionIsTheTwoStateAutomatonAndDeterministic(SensorFamily family) throws FsmLoadException {
        FsmDefinition d = Rig.definition(family);
        StaticCheck.Report report = StaticCheck.check(d);
        assertTrue(report.clean(), report.format());
        assertEquals(family.fsm(), d.name());
        assertEquals(List.of("idle", "get"), d.states().stream().map(StateDefinition::name).toList(), "the two states of the figure");
        assertEquals("idle", d.initialState());
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void theSubsystemIsNamedAndWiredAsTheAgentConfigurationsSay(SensorFamily family) throws FsmLoadException {
        NaoSensor s = new Rig(family).sensor;
        assertEquals(family.subsystem(), s.name().toString());
        assertEquals(family.fsm(), s.fsm());
        assertEquals(List.of("command:" + SensorCommand.class.getSimpleName(), "re_status:" + SensorReceptorStatus.class.getSimpleName()),
                s.inputs().stream().map(b -> b.name() + ":" + b.type().getSimpleName()).toList());
        assertEquals(List.of("status:" + SensorStatus.class.getSimpleName(), "re_command:" + SensorReceptorCommand.class.getSimpleName()),
                s.outputs().stream().map(b -> b.name() + ":" + b.type().getSimpleName()).toList());
        assertEquals(Rig.definition(family).inputs().stream().map(InputPredicate::name).toList(), List.copyOf(s.predicates().functions().keySet()),
                "the definition's inputs are the subsystem's predicates");
    }

    /** Each receptor's component and its two behaviour components, as bnd generated their DS descriptions. */
    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void everyStateHasABehaviourServiceOfItsSubsystem(SensorFamily family) throws IOException, FsmLoadException {
        String component = switch (family) {
            case TOUCH -> "NaoTouch";
            case INERTIAL -> "NaoInertial";
            case FSR -> "NaoFsr";
        };
        String prefix = component.substring(3);
        ClassLoader loader = NaoSensor.class.getClassLoader();
        DsDescriptors.Descriptor subsystem = DsDescriptors.read(loader, "org.embodia.nao.sensors." + component);
        assertTrue(subsystem.provides().contains("org.embodia.api.agent.Subsystem"), subsystem.toString());
        List<String> behaviors = Stream.of("Idle", "Get").map(b -> "org.embodia.nao.sensors." + component + "$" + prefix + b).toList();
        for (String behavior : behaviors) {
            DsDescriptors.Descriptor d = DsDescriptors.read(loader, behavior);
            assertTrue(d.provides().contains("org.embodia.api.behavior.Behavior"), d.file());
            assertTrue(d.references().contains("org.embodia.nao.sensors." + component), d.file() + " references its own subsystem");
        }
        Set<String> declared = DsDescriptors.behaviors(loader, family.subsystem(), behaviors);
        Set<String> needed = new HashSet<>();
        Rig.definition(family).states().forEach(s -> needed.addAll(s.behaviors()));
        assertEquals(needed, declared);
        assertEquals(needed, Rig.behaviors(new Rig(family).sensor).keySet());
    }

    @Test
    void theBundleShipsTheThreeDefinitionsToTheFsmExtender() throws IOException {
        Manifest bundle = null;
        for (URL url : Collections.list(NaoSensor.class.getClassLoader().getResources("META-INF/MANIFEST.MF"))) {
            try (InputStream in = url.openStream()) {
                Manifest m = new Manifest(in);
                if ("org.embodia.nao.sensors".equals(m.getMainAttributes().getValue("Bundle-SymbolicName"))) {
                    bundle = m;
                }
            }
        }
        assertNotNull(bundle, "bnd wrote the bundle's manifest");
        List<String> files = Arrays.stream(bundle.getMainAttributes().getValue("Embodia-FSM").split(",")).map(String::trim).toList();
        assertEquals(Arrays.stream(SensorFamily.values()).map(Rig::file).toList(), files);
        assertTrue(bundle.getMainAttributes().getValue("Require-Capability").contains("(osgi.extender=org.embodia.fsm)"));
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void idleGoesToGetWhichReturnsToIdle(SensorFamily family) throws FsmLoadException {
        Rig rig = new Rig(family);
        assertEquals("idle", rig.step());
        List<String> ran = new ArrayList<>();
        ran.add(rig.step(Rig.get(SensorBehaviorTest.key(family))));
        ran.add(rig.step());
        rig.reportNumber(SensorBehaviorTest.key(family), 1);
        while (!ran.get(ran.size() - 1).equals("idle") && ran.size() < 10) {
            ran.add(rig.step());
        }
        assertEquals(List.of("get", "get", "get", "idle"), ran,
                "GET ends idle and get runs its i0 in the same step; a step without an answer, the answer; idle at the next check");
        assertNull(rig.fsm.fault());
        assertNull(rig.csStatus.get().reason, "a valid command is not rejected");
        assertEquals(1, rig.csStatus.get().valueSeq, "cs got the value");
    }

    /** A rejected command: the FSM stays in idle, nothing reaches the real receptor, cs learns why in the same step. */
    private static String rejected(Rig rig, SensorCommand command) {
        long before = rig.csStatus.get().reasonSeq;
        assertEquals("idle", rig.step(command));
        assertFalse(rig.fsm.lastEnded(), "idle's terminal condition does not hold for " + command);
        assertEquals("idle", rig.fsm.currentState());
        assertEquals(Boolean.FALSE, rig.fsm.predicateValues().get("cmdValid"));
        assertTrue(rig.csStatus.isNew(), "the rejection reaches cs in the step the command arrived");
        SensorStatus s = rig.csStatus.get();
        assertEquals(before + 1, s.reasonSeq, "cs is told of the rejection");
        assertEquals("idle", rig.step());
        assertFalse(rig.csStatus.isNew(), "and told once");
        assertFalse(rig.reCommand.hasData(), "nothing reached the real receptor");
        return s.reason;
    }

    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void rejectedCommandsLeaveTheFsmInIdleWithTheReasonReachingCs(SensorFamily family) throws FsmLoadException {
        Rig rig = new Rig(family);
        String receptor = family.receptor();
        assertEquals("GET rejected: data_name \"Device/SubDeviceList/Nose/Sensor/Value\" is not the ALMemory key of a sensor of " + receptor
                + "; " + family.accepted(), rejected(rig, Rig.get("Device/SubDeviceList/Nose/Sensor/Value")));
        assertEquals("GET rejected: data_name is empty; " + family.accepted(), rejected(rig, Rig.get(null)));
        assertEquals("GET rejected: data_name is empty; " + family.accepted(), rejected(rig, Rig.get("")));
        assertEquals("a command without cmd was rejected; " + receptor + " takes cmd = GET ([RAPP] " + family.section() + ".1)",
                rejected(rig, new SensorCommand()));
        int rejections = 4;
        for (SensorFamily other : SensorFamily.values()) {
            if (other != family) {
                String reason = rejected(rig, Rig.get(other.keys().get(0)));
                assertTrue(reason.contains(" is a sensor of " + other.receptor()), reason);
                rejections++;
            }
        }
        assertTrue(rejected(rig, Rig.get(SensorFamily.sensorName(SensorBehaviorTest.key(family)))).contains("names a sensor, not its ALMemory key"));
        rejections++;
        assertEquals(rejections, rig.csStatus.get().reasonSeq);
        assertEquals(0, rig.csStatus.get().valueSeq, "no value reached cs");

        String key = SensorBehaviorTest.key(family);
        assertEquals("get", rig.step(Rig.get(key)), "a valid command after rejections");
        assertEquals(Cmd.GET_DATA, rig.reCommand.get().cmd);
        assertEquals(key, rig.reCommand.get().dataName);
        rig.reportNumber(key, 4);
        assertEquals("get", rig.step());
        SensorStatus s = rig.csStatus.get();
        assertNull(s.reason, "an accepted command clears the reason, which cs sees with the value");
        assertEquals(rejections, s.reasonSeq);
        assertEquals(4, s.value.number);
    }

    /**
     * Warm steps allocate nothing: cs asks for every key of the receptor in turn, the real receptor
     * answers three steps after each GET_DATA, and idle, get, GET_DATA, the value's passing and the
     * check of valid commands all run in the measured loop.
     */
    @ParameterizedTest
    @EnumSource(SensorFamily.class)
    void steppingAllocatesNothingOnceWarm(SensorFamily family) throws FsmLoadException {
        Rig rig = new Rig(family);
        SensorCommand[] script = family.keys().stream().map(Rig::get).toArray(SensorCommand[]::new);
        OutputBuffer<SensorCommand> cs = rig.cs;
        InputBuffer<SensorReceptorCommand> reCommand = rig.reCommand;
        SensorReceptorStatus report = rig.report();
        Set<String> visited = new HashSet<>();
        long[] k = {0};
        Runnable step = () -> {
            long c = k[0]++;
            if (c % 8 == 1) {
                cs.message().copyFrom(script[(int) (c / 8 % script.length)]);
                cs.send();
            }
            if (c % 8 == 4) {
                report.value.setNumber(reCommand.get().dataName, c);
                report.valueSeq++;
            }
            rig.real.send();
            rig.sensor.commandBuffer().receive();
            rig.sensor.reStatusBuffer().receive();
            rig.fsm.step();
            rig.sensor.endIteration();
            reCommand.receive();
            rig.csStatus.receive();
        };
        for (int i = 0; i < 100_000; i++) {
            step.run();
            visited.add(rig.fsm.lastState());
        }
        assertEquals(Set.of("idle", "get"), visited, "the measured loop exercises every state");
        assertEquals(0, Allocations.leastOfTenRounds(50_000, step), "bytes allocated by 50,000 warm steps");
        assertNull(rig.fsm.fault());
        SensorStatus s = rig.csStatus.get();
        assertEquals(k[0] / 8, s.valueSeq, "every GET was answered and its value reached cs: " + s);
        assertEquals(0, s.reasonSeq, "no command was rejected");
        assertTrue(family.reads(s.value.dataName), s.toString());
    }
}
