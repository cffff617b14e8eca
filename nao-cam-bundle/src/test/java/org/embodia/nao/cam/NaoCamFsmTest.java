package org.embodia.nao.cam;

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
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.api.CamReceptorStatus;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.Image;
import org.embodia.nao.model.Resolution;
import org.embodia.testing.Allocations;
import org.embodia.testing.DsDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The shipped nao.cam definition under the engine, over r_core,cam's real predicates. */
class NaoCamFsmTest {

    @Test
    void theDefinitionIsDeterministic() throws FsmLoadException {
        StaticCheck.Report report = StaticCheck.check(Rig.definition());
        assertTrue(report.clean(), report.format());
        assertEquals(List.of("idle", "image", "set_params", "get"),
                Rig.definition().states().stream().map(StateDefinition::name).toList(), "the four states of fig. 11");
    }

    @Test
    void everyStateHasABehaviourServiceOfItsName() throws IOException, FsmLoadException {
        List<String> components = Stream.of("Idle", "Image", "SetParams", "Get")
                .map(c -> "org.embodia.nao.cam.behaviors." + c).toList();
        Set<String> declared = DsDescriptors.behaviors(NaoCam.class.getClassLoader(), "core/a.cam/vr", components);
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
                Arguments.of("IMAGE", Rig.image(Resolution.K_QQVGA, 0), (Consumer<Rig>) rig -> rig.reportNameId("cam"),
                        List.of("image", "image", "image", "image", "idle")),
                Arguments.of("SET_PARAMETERS", Rig.setParameters(0, "11", 0), nothing, List.of("set_params", "idle")),
                Arguments.of("GET", Rig.get("ALVideoDevice/CameraTop/Resolution"),
                        (Consumer<Rig>) rig -> rig.reportValue("ALVideoDevice/CameraTop/Resolution", 2),
                        List.of("get", "get", "get", "idle")));
    }

    /**
     * IMAGE: SUBSCRIBE at i0, the name_id reported after i0 + 1 and GET_IMAGE at i0 + 2, the image
     * (reported once GET_IMAGE went out) at i0 + 3, idle at i0 + 4. SET_PARAMETERS: one step, idle at
     * i0 + 1. GET: the value, reported after i0 + 1, at i0 + 2, idle at i0 + 3.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void idleGoesToTheCommandsBehaviourWhichReturnsToIdle(String name, CamCommand command, Consumer<Rig> afterI0Plus1, List<String> expected)
            throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("idle", rig.step());
        List<String> ran = new ArrayList<>();
        ran.add(rig.step(command));
        ran.add(rig.step());
        afterI0Plus1.accept(rig);
        while (!ran.get(ran.size() - 1).equals("idle") && ran.size() < 10) {
            ran.add(rig.step());
            if (rig.reCommand.isNew() && rig.reCommand.get().cmd == CamReceptorCommand.Cmd.GET_IMAGE) {
                rig.reportImage(Rig.bgrImage(Resolution.K_QQVGA));
            }
        }
        assertEquals(expected, ran, name);
        assertNull(rig.fsm.fault());
        assertNull(rig.csStatus.get().reason, "a valid command is not rejected");
    }

    /** A rejected command: the FSM stays in idle, nothing reaches the real receptor, cs learns why in the same step. */
    private static String rejected(Rig rig, CamCommand command) {
        long before = rig.csStatus.get().reasonSeq;
        assertEquals("idle", rig.step(command));
        assertFalse(rig.fsm.lastEnded(), "idle's terminal condition does not hold for " + command);
        assertEquals("idle", rig.fsm.currentState());
        assertEquals(Boolean.FALSE, rig.fsm.predicateValues().get("cmdValid"));
        assertTrue(rig.csStatus.isNew(), "the rejection reaches cs in the step the command arrived");
        CamStatus s = rig.csStatus.get();
        assertEquals(before + 1, s.reasonSeq, "cs is told of the rejection");
        assertEquals("idle", rig.step());
        assertFalse(rig.reCommand.hasData(), "nothing reached the real receptor");
        return s.reason;
    }

    @Test
    void rejectedCommandsLeaveTheFsmInIdleWithTheReasonReachingCs() throws FsmLoadException {
        Rig rig = new Rig();
        assertEquals("IMAGE rejected: camera id 2 is neither 0 (kTopCamera, CameraTop) nor 1 (kBottomCamera, CameraBottom)",
                rejected(rig, Rig.image(Resolution.K_QVGA, 2)));
        assertTrue(rejected(rig, Rig.image(4, 0)).startsWith("IMAGE rejected: resolution id 4 is not one of NAO V5's camera resolutions: "));
        assertEquals("IMAGE rejected: k4VGA (3) 1280x960 needs 3686400 bytes, more than r_core,cam's image buffers hold (921600 bytes, up to kVGA (2) 640x480)",
                rejected(rig, Rig.image(Resolution.K_4VGA, 0)));
        CamCommand yuv = Rig.image(Resolution.K_QVGA, 0);
        yuv.params.cs = 9;
        assertEquals("IMAGE rejected: image delivers kBGRColorSpace (13) only (§3.7.3 subscribes with it), not kYUV422ColorSpace (9)", rejected(rig, yuv));
        assertEquals("SET_PARAMETERS rejected: value 300 of kCameraBrightnessID (0) is outside [0, 255]", rejected(rig, Rig.setParameters(0, "0", 300)));
        assertTrue(rejected(rig, Rig.setParameters(0, "14", 1)).startsWith("SET_PARAMETERS rejected: data_name '14' is not the id of a parameter"));
        assertEquals("SET_PARAMETERS rejected: data_name, the NAOqi id of the camera parameter to set, is empty",
                rejected(rig, Rig.setParameters(1, null, 1)));
        assertEquals("GET rejected: data_name, the name of the ALMemory value to read, is empty", rejected(rig, Rig.get(" ")));
        assertEquals("a command without cmd was rejected; cmd is one of GET, IMAGE, SET_PARAMETERS", rejected(rig, new CamCommand()));

        assertEquals("image", rig.step(Rig.image(Resolution.K_QQVGA, 1)), "a valid command after rejections");
        assertEquals(1, rig.reCommand.get().params.cid);
        rig.reportNameId("cam");
        rig.step();
        rig.reportImage(Rig.bgrImage(Resolution.K_QQVGA));
        assertEquals("image", rig.step());
        CamStatus s = rig.csStatus.get();
        assertNull(s.reason, "an accepted command clears the reason, which cs sees with the next status");
        assertEquals(9, s.reasonSeq);
        assertEquals(1, s.imageSeq);
    }

    @Test
    void steppingAllocatesNothingOnceWarm() throws FsmLoadException {
        Rig rig = new Rig();
        // The smallest resolution keeps the image copies of 300,000 steps short; the path is the same at any size.
        CamCommand[] script = {Rig.image(Resolution.K_QQQQVGA, 0), Rig.setParameters(1, "12", 0), Rig.get("ALVideoDevice/CameraTop/FrameRate"),
            Rig.image(Resolution.K_QQQQVGA, 1), Rig.setParameters(0, "33", 2700)};
        CamReceptorStatus r = rig.report();
        r.image.copyFrom(Rig.bgrImage(Resolution.K_QQQQVGA));
        r.value.setNumber("ALVideoDevice/CameraTop/FrameRate", 30);
        r.nameId = "rapp_cam";
        Set<String> visited = new HashSet<>();
        long[] k = {0};
        Runnable step = () -> {
            long c = k[0]++;
            if (c % 16 == 5) {
                r.nameIdSeq++;
            } else if (c % 16 == 9) {
                r.imageSeq++;
                r.valueSeq++;
            }
            CamCommand command = c % 16 == 1 ? script[(int) (c / 16 % script.length)] : null;
            if (command != null) {
                rig.cs.message().copyFrom(command);
                rig.cs.send();
            }
            rig.real.send();
            rig.cam.commandBuffer().receive();
            rig.cam.reStatusBuffer().receive();
            rig.fsm.step();
            rig.cam.endIteration();
            rig.reCommand.receive();
            rig.csStatus.receive();
        };
        for (int i = 0; i < 100_000; i++) {
            step.run();
            visited.add(rig.fsm.lastState());
        }
        assertEquals(Set.of("idle", "image", "set_params", "get"), visited, "the measured loop exercises every state");
        assertEquals(0, Allocations.leastOfTenRounds(20_000, step), "bytes allocated by 20,000 warm steps");
        assertNull(rig.fsm.fault());
        CamStatus s = rig.csStatus.get();
        assertNull(s.reason, "no command was rejected and no image refused: " + s);
        assertTrue(s.imageSeq > 0 && s.valueSeq > 0, "images and values reached cs: " + s);
        Image image = s.image;
        assertEquals("bgr8", image.encoding);
        assertEquals(Resolution.K_QQQQVGA.width(), image.width);
    }
}
