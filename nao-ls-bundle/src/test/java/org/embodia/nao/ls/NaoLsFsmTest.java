package org.embodia.nao.ls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.embodia.api.fsm.StateDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.StaticCheck;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsEffectorStatus;
import org.embodia.nao.api.LsStatus;
import org.embodia.testing.Allocations;
import org.embodia.testing.DsDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The shipped nao.ls definition under the engine, over e_core,ls's real predicates. */
class NaoLsFsmTest {

    @TempDir
    static Path dir;

    @Test
    void theDefinitionIsDeterministic() throws FsmLoadException {
        StaticCheck.Report report = StaticCheck.check(Rig.definition());
        assertTrue(report.clean(), report.format());
        assertEquals(List.of("idle", "say", "play", "stop", "set_params", "get"),
                Rig.definition().states().stream().map(StateDefinition::name).toList(), "a state per behaviour of §3.2.2-3.2.7");
    }

    @Test
    void everyStateHasABehaviourServiceOfItsName() throws IOException, FsmLoadException {
        List<String> components = Stream.of("Idle", "Say", "Play", "Stop", "SetParams", "Get")
                .map(c -> "org.embodia.nao.ls.behaviors." + c).toList();
        Set<String> declared = DsDescriptors.behaviors(NaoLs.class.getClassLoader(), "core/a.ls/ve", components);
        Set<String> needed = new HashSet<>();
        Rig.definition().states().forEach(s -> needed.addAll(s.behaviors()));
        assertEquals(needed, declared);
    }

    /**
     * A command from cs, what the real effector does after the behaviour's i0, and the states run
     * step by step from the command's arrival (i0) until idle runs again.
     */
    static Stream<Arguments> commands() throws IOException {
        String fp = Files.write(dir.resolve("fsm.wav"), new byte[] {0}).toString();
        Consumer<Rig> nothing = rig -> { };
        return Stream.of(
                Arguments.of("SAY", Rig.say("Good morning", "English"), (Consumer<Rig>) rig -> rig.reportSynthesized(true),
                        List.of("say", "say", "idle")),
                Arguments.of("SAY then STOP", Rig.say("Good night", "English"), (Consumer<Rig>) rig -> rig.cs.write(Rig.stop()),
                        List.of("say", "say", "idle")),
                Arguments.of("PLAY in a loop", Rig.play(fp, 0.5, 0, null), nothing, List.of("play", "idle")),
                Arguments.of("PLAY from a position", Rig.play(fp, 0.5, 0, 3.0), nothing, List.of("play", "idle")),
                Arguments.of("STOP", Rig.stop(), nothing, List.of("stop", "idle")),
                Arguments.of("SET_PARAMS", Rig.setParams("naoenu", "English", 0.8, 0), nothing, List.of("set_params", "idle")),
                Arguments.of("GET", Rig.get("ALTextToSpeech/Status"), (Consumer<Rig>) rig -> {
                    rig.report().value.setText("ALTextToSpeech/Status", "done");
                    rig.report().valueSeq++;
                }, List.of("get", "get", "idle")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void idleGoesToTheCommandsBehaviourWhichReturnsToIdle(String name, LsCommand command, Consumer<Rig> afterI0, List<String> expected)
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
        assertTrue(rig.reCommand.hasData(), "the behaviour reached the real effector");
    }

    /** A rejected command: the FSM stays in idle, nothing reaches the real effector, cs learns why in the same step. */
    private static String rejected(Rig rig, LsCommand command) {
        long before = rig.csStatus.get().reasonSeq;
        assertEquals("idle", rig.step(command));
        assertFalse(rig.fsm.lastEnded(), "idle's terminal condition does not hold for " + command);
        assertEquals("idle", rig.fsm.currentState());
        assertEquals(Boolean.FALSE, rig.fsm.predicateValues().get("cmdValid"));
        assertTrue(rig.csStatus.isNew(), "the rejection reaches cs in the step the command arrived");
        LsStatus s = rig.csStatus.get();
        assertEquals(before + 1, s.reasonSeq, "cs is told of the rejection");
        assertEquals("idle", rig.step());
        assertFalse(rig.reCommand.hasData(), "nothing reached the real effector");
        return s.reason;
    }

    @Test
    void rejectedCommandsLeaveTheFsmInIdleWithTheReasonReachingCs() throws FsmLoadException, IOException {
        Rig rig = new Rig();
        Path missing = dir.resolve("no-such-file.wav");
        assertEquals("PLAY rejected: the file \"" + missing + "\" does not exist", rejected(rig, Rig.play(missing.toString(), 0.5, 0, null)));
        assertEquals("PLAY rejected: the file \"" + dir + "\" is not a regular file", rejected(rig, Rig.play(dir.toString(), 0.5, 0, null)));
        String fp = Files.write(dir.resolve("rejections.wav"), new byte[] {0}).toString();
        assertEquals("PLAY rejected: params[dv], the volume, is 2.0, outside [0, 1]", rejected(rig, Rig.play(fp, 2, 0, null)));
        assertEquals("PLAY rejected: begin_position NaN s is not a finite position >= 0", rejected(rig, Rig.play(fp, 0.5, 0, Double.NaN)));
        assertEquals("SAY rejected: text is empty", rejected(rig, Rig.say("", "English")));
        assertEquals("SET_PARAMS rejected: params[spr], the stereo panorama, is NaN, outside [-1, 1]",
                rejected(rig, Rig.setParams("naoenu", "English", 0.5, Double.NaN)));
        assertEquals("GET rejected: data_name is empty", rejected(rig, Rig.get(" ")));

        assertEquals("say", rig.step(Rig.say("Now it works", "English")), "a valid command after rejections");
        assertEquals("Now it works", rig.reCommand.get().text);
        assertFalse(rig.csStatus.isNew(), "say's i0 assigns cs nothing");
        rig.reportSynthesized(true);
        assertEquals("say", rig.step());
        LsStatus s = rig.csStatus.get();
        assertNull(s.reason, "an accepted command clears the reason, which cs sees with the next status");
        assertEquals(7, s.reasonSeq);
        assertTrue(s.reply);
    }

    @Test
    void steppingAllocatesNothingOnceWarm() throws FsmLoadException {
        // PLAY's look at the file system allocates (a Path, a stat): left out here, as the one allocation of a PLAY.
        Rig rig = new Rig(new NaoLs(fp -> null));
        LsCommand[] script = {Rig.say("Hello", "English"), Rig.play("loop.wav", 0.5, 0, null), Rig.say("Bye", "English"), Rig.stop(),
            Rig.setParams("naoenu", "English", 0.3, 0.1), Rig.play("once.wav", 0.5, 0, 2.0), Rig.get("a/b")};
        LsEffectorStatus r = rig.report();
        Set<String> visited = new HashSet<>();
        long[] k = {0};
        Runnable step = () -> {
            long c = k[0]++;
            if (c % 8 == 6) {
                r.synthesized = true;
                r.synthesizedSeq++;
                r.value.setNumber("a/b", c);
                r.valueSeq++;
            }
            LsCommand command = c % 8 == 3 ? script[(int) (c / 8 % script.length)] : null;
            if (command != null) {
                rig.cs.message().copyFrom(command);
                rig.cs.send();
            }
            rig.real.send();
            rig.ls.commandBuffer().receive();
            rig.ls.reStatusBuffer().receive();
            rig.fsm.step();
            rig.ls.endIteration();
            rig.reCommand.receive();
            rig.csStatus.receive();
        };
        for (int i = 0; i < 100_000; i++) {
            step.run();
            visited.add(rig.fsm.lastState());
        }
        assertEquals(Set.of("idle", "say", "play", "stop", "set_params", "get"), visited, "the measured loop exercises every state");
        assertEquals(0, Allocations.leastOfTenRounds(50_000, step), "bytes allocated by 50,000 warm steps");
        assertNull(rig.fsm.fault());
    }
}
