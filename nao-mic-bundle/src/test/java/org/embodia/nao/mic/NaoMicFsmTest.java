package org.embodia.nao.mic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.embodia.api.fsm.StateDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.StaticCheck;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.api.MicReceptorStatus;
import org.embodia.nao.api.MicStatus;
import org.embodia.testing.Allocations;
import org.embodia.testing.DsDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The shipped nao.mic definition under the engine, over r_core,mic's real predicates. */
class NaoMicFsmTest {

    @Test
    void theDefinitionIsDeterministic() throws FsmLoadException {
        StaticCheck.Report report = StaticCheck.check(Rig.definition());
        assertTrue(report.clean(), report.format());
        assertEquals(List.of("idle", "record", "register", "recog", "get"),
                Rig.definition().states().stream().map(StateDefinition::name).toList(), "the five states of fig. 7");
    }

    @Test
    void everyStateHasABehaviourServiceOfItsName() throws IOException, FsmLoadException {
        List<String> components = Stream.of("Idle", "Record", "Register", "Recog", "Get")
                .map(c -> "org.embodia.nao.mic.behaviors." + c).toList();
        Set<String> declared = DsDescriptors.behaviors(NaoMic.class.getClassLoader(), "core/a.mic/vr", components);
        Set<String> needed = new HashSet<>();
        Rig.definition().states().forEach(s -> needed.addAll(s.behaviors()));
        assertEquals(needed, declared);
    }

    /**
     * A command from cs, what the real receptor does after the behaviour's i0, and the states run
     * step by step from the command's arrival (i0) until idle runs again.
     */
    static Stream<Arguments> commands() {
        Consumer<Rig> nothing = rig -> { };
        return Stream.of(
                Arguments.of("RECORD", Rig.record("a.wav", 0.06), nothing,
                        List.of("record", "record", "record", "record", "record", "idle")),
                Arguments.of("REGISTER", Rig.register("a.wav", 100, 0.04), nothing,
                        List.of("register", "register", "register", "register", "register", "idle")),
                Arguments.of("RECOGNIZE", Rig.recognize(0.5, "yes", "no"), (Consumer<Rig>) rig -> rig.reportRecognized("yes", 0.9),
                        List.of("recog", "recog", "recog", "idle")),
                Arguments.of("GET", Rig.get("ALAudioDevice/FrontMicEnergy"), (Consumer<Rig>) rig -> {
                    rig.report().value.setNumber("ALAudioDevice/FrontMicEnergy", 40);
                    rig.report().valueSeq++;
                }, List.of("get", "get", "get", "idle")));
    }

    /**
     * RECORD of 0.06 s: i0, two quiet steps, STOP_RECORDING at i0 + 3, the real receptor's report of the
     * ended recording read and rec passed at i0 + 4, the end at i0 + 5. REGISTER with st = 0.04 s in
     * silence: cit counts 0, 1, 2 in i0 + 1 .. i0 + 3, STOP_RECORDING at i0 + 3, rec at i0 + 4.
     * RECOGNIZE: i0, the query at i0 + 1, the word at i0 + 2, the end at i0 + 3. GET: the value,
     * reported after i0 + 1 like the word, at i0 + 2, the end at i0 + 3.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void idleGoesToTheCommandsBehaviourWhichReturnsToIdle(String name, MicCommand command, Consumer<Rig> afterQuery, List<String> expected)
            throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("idle", rig.step());
        List<String> ran = new ArrayList<>();
        ran.add(rig.step(command));
        ran.add(rig.step());
        afterQuery.accept(rig);
        while (!ran.get(ran.size() - 1).equals("idle") && ran.size() < 10) {
            if (rig.reCommand.isNew() && rig.reCommand.get().cmd == MicReceptorCommand.Cmd.STOP_RECORDING) {
                rig.recordingEnded();
            }
            ran.add(rig.step());
        }
        assertEquals(expected, ran, name);
        assertNull(rig.fsm.fault());
        assertNull(rig.csStatus.get().reason, "a valid command is not rejected");
        assertTrue(rig.csStatus.hasData(), "cs heard of the result");
    }

    /** A rejected command: the FSM stays in idle, nothing reaches the real receptor, cs learns why in the same step. */
    private static String rejected(Rig rig, MicCommand command) {
        long before = rig.csStatus.get().reasonSeq;
        assertEquals("idle", rig.step(command));
        assertFalse(rig.fsm.lastEnded(), "idle's terminal condition does not hold for " + command);
        assertEquals("idle", rig.fsm.currentState());
        assertEquals(Boolean.FALSE, rig.fsm.predicateValues().get("cmdValid"));
        assertTrue(rig.csStatus.isNew(), "the rejection reaches cs in the step the command arrived");
        MicStatus s = rig.csStatus.get();
        assertEquals(before + 1, s.reasonSeq, "cs is told of the rejection");
        assertEquals("idle", rig.step());
        assertFalse(rig.reCommand.hasData(), "nothing reached the real receptor");
        return s.reason;
    }

    /** Ours: an ABORT with no word spotting to end is valid and does nothing; cs hears of no rejection. */
    @Test
    void anAbortInIdleIsNoError() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("idle", rig.step(Rig.abort()));
        assertEquals(Boolean.TRUE, rig.fsm.predicateValues().get("cmdValid"));
        assertFalse(rig.fsm.lastEnded(), "idle's terminal condition names no behaviour for ABORT");
        assertEquals("idle", rig.step());
        assertFalse(rig.csStatus.hasData(), "no reason reaches cs");
        assertFalse(rig.reCommand.hasData(), "nothing reached the real receptor");
    }

    @Test
    void rejectedCommandsLeaveTheFsmInIdleWithTheReasonReachingCs() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("RECOGNIZE rejected: dct, the dictionary, is empty", rejected(rig, Rig.recognize(0.5)));
        assertEquals("RECOGNIZE rejected: threshold -0.1 is outside [0, 1]", rejected(rig, Rig.recognize(-0.1, "yes")));
        assertEquals("RECORD rejected: time is -2.0 s; it must be finite and positive", rejected(rig, Rig.record("a.wav", -2)));
        assertEquals("REGISTER rejected: st is NaN s; it must be finite and positive", rejected(rig, Rig.register("a.wav", 100, Double.NaN)));
        assertEquals("REGISTER rejected: enrg, the energy threshold, is -5.0; it must be finite and positive (at 0 no sound is silence)",
                rejected(rig, Rig.register("a.wav", -5, 1)));
        assertEquals("GET rejected: data_name is empty", rejected(rig, Rig.get("")));

        assertEquals("recog", rig.step(Rig.recognize(0.5, "yes")), "a valid command after rejections");
        assertEquals("[yes]", rig.reCommand.get().dct.toString());
        rig.step(); // i0 + 1: the query
        rig.reportRecognized("yes", 0.7);
        assertEquals("recog", rig.step());
        MicStatus s = rig.csStatus.get();
        assertNull(s.reason, "an accepted command clears the reason, which cs sees with the next status");
        assertEquals(6, s.reasonSeq);
        assertEquals("yes", s.rw);
    }

    @Test
    void steppingAllocatesNothingOnceWarm() throws FsmLoadException {
        Rig rig = new Rig();
        MicCommand[] script = {Rig.record("a.wav", 0.1), Rig.register("b.wav", 100, 0.06), Rig.recognize(0.5, "yes", "no"),
            Rig.get("a/b"), Rig.recognize(0.95, "stop")};
        MicReceptorStatus r = rig.report();
        Set<String> visited = new HashSet<>();
        long[] k = {0};
        Runnable step = () -> {
            long c = k[0]++;
            Arrays.fill(r.enrg, c % 16 < 4 ? 500 : 50);
            if (c % 16 == 12) {
                r.rw.clear();
                r.rw.add("yes", 0.9);
                r.rwSeq++;
                r.value.setNumber("a/b", c);
                r.valueSeq++;
            }
            MicCommand command = c % 16 == 1 ? script[(int) (c / 16 % script.length)] : null;
            if (command != null) {
                rig.cs.message().copyFrom(command);
                rig.cs.send();
            }
            rig.real.send();
            rig.mic.commandBuffer().receive();
            rig.mic.reStatusBuffer().receive();
            rig.fsm.step();
            rig.mic.endIteration();
            rig.reCommand.receive();
            if (rig.reCommand.isNew() && rig.reCommand.get().cmd == MicReceptorCommand.Cmd.STOP_RECORDING) {
                r.recSeq++;
            }
            rig.csStatus.receive();
        };
        for (int i = 0; i < 100_000; i++) {
            step.run();
            visited.add(rig.fsm.lastState());
        }
        assertEquals(Set.of("idle", "record", "register", "recog", "get"), visited, "the measured loop exercises every state");
        assertEquals(0, Allocations.leastOfTenRounds(50_000, step), "bytes allocated by 50,000 warm steps");
        assertNull(rig.fsm.fault());
        assertTrue(rig.csStatus.get().recSeq > 0 && rig.csStatus.get().rwSeq > 0 && rig.csStatus.get().valueSeq > 0,
                "recordings, recognitions and values reached cs: " + rig.csStatus.get());
    }
}
