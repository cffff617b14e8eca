package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsStatus;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicStatus;
import org.embodia.nao.body.NaoBody;
import org.embodia.nao.ls.NaoLs;
import org.embodia.nao.mic.NaoMic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end-to-end path: e_core,body, e_core,ls and r_core,mic, their FSMs run by the engine as the scheduler runs them,
 * over this bundle's core/a.body/re, core/a.ls/re and core/a.mic/rr, in one activity on the nao.sim clock (virtual
 * subsystems first, then the real ones), connected as the nao-sim agent configuration connects them. A test plays cs:
 * it sends a command and waits for what §3 says cs gets back.
 */
class VirtualSideTest {
    /** A virtual subsystem with its FSM, iterated as the scheduler iterates one. */
    private record Virtual(Subsystem subsystem, FsmExecutor fsm) {
        void iterate() {
            for (InputBuffer<?> in : subsystem.inputs()) {
                in.receive();
            }
            fsm.step();
            subsystem.endIteration();
        }

        String state() {
            return fsm.currentState();
        }
    }

    private NaoSimulation sim;
    private final List<Virtual> virtuals = new ArrayList<>();
    private final List<RealSubsystem<?, ?>> reals = new ArrayList<>();
    private final List<InputBuffer<?>> csInputs = new ArrayList<>();
    private Virtual body;
    private Virtual ls;
    private Virtual mic;
    private OutputBuffer<BodyCommand> bodyCommand;
    private InputBuffer<BodyStatus> bodyStatus;
    private OutputBuffer<LsCommand> lsCommand;
    private InputBuffer<LsStatus> lsStatus;
    private OutputBuffer<MicCommand> micCommand;
    private InputBuffer<MicStatus> micStatus;

    @BeforeEach
    void start(@TempDir Path directory) throws Exception {
        sim = new NaoSimulation(NaoSimulation.Pace.MANUAL, directory, 11);
        NaoBody naoBody = new NaoBody();
        body = virtual(naoBody, "fsm/nao.body.yaml", Map.of(
                "idle", new org.embodia.nao.body.behaviors.Idle(naoBody),
                "move", new org.embodia.nao.body.behaviors.Move(naoBody),
                "moveto", new org.embodia.nao.body.behaviors.Moveto(naoBody),
                "posture", new org.embodia.nao.body.behaviors.Posture(naoBody),
                "inter", new org.embodia.nao.body.behaviors.Inter(naoBody),
                "set_stiffness", new org.embodia.nao.body.behaviors.SetStiffness(naoBody),
                "get", new org.embodia.nao.body.behaviors.Get(naoBody)));
        NaoLs naoLs = new NaoLs();
        ls = virtual(naoLs, "fsm/nao.ls.yaml", Map.of(
                "idle", new org.embodia.nao.ls.behaviors.Idle(naoLs),
                "say", new org.embodia.nao.ls.behaviors.Say(naoLs),
                "play", new org.embodia.nao.ls.behaviors.Play(naoLs),
                "stop", new org.embodia.nao.ls.behaviors.Stop(naoLs),
                "set_params", new org.embodia.nao.ls.behaviors.SetParams(naoLs),
                "get", new org.embodia.nao.ls.behaviors.Get(naoLs)));
        NaoMic naoMic = new NaoMic();
        mic = virtual(naoMic, "fsm/nao.mic.yaml", Map.of(
                "idle", new org.embodia.nao.mic.behaviors.Idle(naoMic),
                "record", new org.embodia.nao.mic.behaviors.Record(naoMic),
                "register", new org.embodia.nao.mic.behaviors.Register(naoMic),
                "recog", new org.embodia.nao.mic.behaviors.Recog(naoMic),
                "get", new org.embodia.nao.mic.behaviors.Get(naoMic)));
        connect(naoBody, new BodyEffector(sim));
        connect(naoLs, new LsEffector(sim));
        connect(naoMic, new MicReceptor(sim));
        bodyCommand = csCommand(naoBody, BodyCommand.class, BodyCommand::new);
        bodyStatus = csStatus(naoBody, BodyStatus.class, BodyStatus::new);
        lsCommand = csCommand(naoLs, LsCommand.class, LsCommand::new);
        lsStatus = csStatus(naoLs, LsStatus.class, LsStatus::new);
        micCommand = csCommand(naoMic, MicCommand.class, MicCommand::new);
        micStatus = csStatus(naoMic, MicStatus.class, MicStatus::new);
        sim.attach(this::cycle);
    }

    @AfterEach
    void stop() {
        sim.close();
    }

    private Virtual virtual(Subsystem subsystem, String file, Map<String, Behavior> behaviors) throws Exception {
        try (InputStream in = subsystem.getClass().getClassLoader().getResourceAsStream(file)) {
            Virtual v = new Virtual(subsystem, FsmExecutor.create(FsmLoader.load(file, in, Map.of()), new LinkedHashMap<>(behaviors),
                    subsystem.predicates()));
            virtuals.add(v);
            return v;
        }
    }

    /** virtual:re_command -> real:command, real:status -> virtual:re_status, as in the nao-sim agent configuration. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private void connect(Subsystem virtual, RealSubsystem<?, ?> real) {
        ((OutputBuffer) output(virtual, "re_command")).connect(real.command);
        ((OutputBuffer) real.status).connect(input(virtual, "re_status"));
        reals.add(real);
    }

    private static OutputBuffer<?> output(Subsystem s, String name) {
        return s.outputs().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    private static InputBuffer<?> input(Subsystem s, String name) {
        return s.inputs().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private <C extends Message<C>> OutputBuffer<C> csCommand(Subsystem virtual, Class<C> type, Supplier<C> factory) {
        OutputBuffer<C> out = new OutputBuffer<>("command", type, factory);
        out.connect((InputBuffer<C>) input(virtual, "command"));
        return out;
    }

    @SuppressWarnings("unchecked")
    private <S extends Message<S>> InputBuffer<S> csStatus(Subsystem virtual, Class<S> type, Supplier<S> factory) {
        InputBuffer<S> in = new InputBuffer<>("status", type, factory);
        ((OutputBuffer<S>) output(virtual, "status")).connect(in);
        csInputs.add(in);
        return in;
    }

    /** The activity's cycle: cs takes its status in, the virtual subsystems iterate, then the real ones step. */
    private void cycle() {
        for (InputBuffer<?> in : csInputs) {
            in.receive();
        }
        for (Virtual v : virtuals) {
            v.iterate();
        }
        for (RealSubsystem<?, ?> real : reals) {
            real.command.receive();
            real.step();
        }
    }

    /**
     * Ticks until the virtual subsystem is back in idle after its behaviour, at most {@link Rig#PATIENCE_SECONDS} of
     * wall time. The first tick is the command's: idle's check takes it and the behaviour runs its i0.
     */
    private void awaitIdle(Virtual v) {
        sim.advance(1);
        long deadline = System.nanoTime() + (long) (Rig.PATIENCE_SECONDS * 1e9);
        while (!"idle".equals(v.state())) {
            assertTrue(System.nanoTime() < deadline, v.subsystem().name() + " still in " + v.state());
            sim.advance(1);
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private void send(BodyCommand c) {
        bodyCommand.write(c);
    }

    @Test
    void theBodysBehavioursReachTheirGoalsOnTheSimulatedBody() {
        BodyCommand c = new BodyCommand();
        c.cmd = BodyCommand.Cmd.STIFFNESS;
        c.stiffness.add("Body", 1.0);
        send(c);
        awaitIdle(body);

        c.cmd = BodyCommand.Cmd.POSTURE;
        c.dpost.set("StandInit", 0.8);
        send(c);
        awaitIdle(body);
        assertTrue(bodyStatus.get().attained, "StandInit attained");
        assertEquals(1, bodyStatus.get().attainedSeq);

        c.cmd = BodyCommand.Cmd.MOVE_TO;
        c.dpose.set(0.4, 0.2, 0.5);
        send(c);
        awaitIdle(body);
        double[] truth = sim.truePose();
        BodyStatus s = bodyStatus.get();
        assertTrue(Math.hypot(s.pose.x - truth[0], s.pose.y - truth[1]) < 0.1,
                "the EKF's pose " + s.pose + " near the true one " + truth[0] + ", " + truth[1]);
        assertEquals(0.5, truth[2], 0.15);
        assertTrue(s.attained, "moveto tells cs of the arrival");
        assertEquals(2, s.attainedSeq);

        c.cmd = BodyCommand.Cmd.INTERPOLATION;
        c.dja.clear();
        c.dja.add("HeadYaw", 0.5);
        c.dja.add("HeadPitch", -0.2);
        c.dja.fractionMaxSpeed = 0.3;
        send(c);
        awaitIdle(body);
        assertTrue(bodyStatus.get().attained, "the head's angles attained");
        assertEquals(3, bodyStatus.get().attainedSeq);

        c.cmd = BodyCommand.Cmd.GET;
        c.dataName = "Device/SubDeviceList/HeadYaw/Position/Sensor/Value";
        send(c);
        awaitIdle(body);
        DataValue v = bodyStatus.get().value;
        assertEquals(DataValue.Kind.NUMBER, v.kind);
        assertEquals(0.5, v.number, 1e-3);
        assertNull(bodyStatus.get().reason);
        assertEquals(0, sim.commandErrors(), sim.lastCommandError());
    }

    @Test
    void theLoudspeakerSaysAndTheMicrophoneRecognizesAndRecords(@TempDir Path directory) throws IOException, Exception {
        LsCommand say = new LsCommand();
        say.cmd = LsCommand.Cmd.SET_PARAMS;
        say.params.dvt = "kevin16";
        say.params.dl = "English";
        say.params.dv = 0.8;
        say.params.spr = 0;
        lsCommand.write(say);
        awaitIdle(ls);
        say.cmd = LsCommand.Cmd.SAY;
        say.text = "hello I am nao";
        lsCommand.write(say);
        awaitIdle(ls);
        assertTrue(lsStatus.get().reply, "cs got reply");
        assertEquals(1, lsStatus.get().replySeq);

        MicCommand recognize = new MicCommand();
        recognize.cmd = MicCommand.Cmd.RECOGNIZE;
        recognize.dct.add("hello");
        recognize.dct.add("goodbye");
        recognize.dct.add("robot");
        recognize.threshold = 0.3;
        micCommand.write(recognize);
        sim.advance(3);
        sim.hear("goodbye");
        awaitIdle(mic);
        assertEquals("goodbye", micStatus.get().rw);

        MicCommand record = new MicCommand();
        record.cmd = MicCommand.Cmd.RECORD;
        Path file = directory.resolve("record.wav");
        record.fp = file.toString();
        record.samplingPeriod = NaoMic.SAMPLING_PERIOD;
        record.time = 1.0;
        micCommand.write(record);
        awaitIdle(mic);
        assertTrue(micStatus.get().rec);
        assertTrue(Files.exists(file), "rec reaches cs once the file is written, not before");
        try (AudioInputStream in = AudioSystem.getAudioInputStream(file.toFile())) {
            assertEquals(1.0, in.getFrameLength() / in.getFormat().getFrameRate(), 1e-9, "time = 1 s");
        }
        assertEquals(0, sim.commandErrors(), sim.lastCommandError());
    }
}
