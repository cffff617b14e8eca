package org.embodia.nao.shell;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.UnsupportedAudioFileException;

import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.DataValue;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicStatus;
import org.embodia.nao.api.SensorStatus;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.scheduler.StateSwitch;

/**
 * The NAO scenario of {@code nao:demo}: every behaviour of the core agent's virtual effectors and
 * receptors once, each checked against its goal, the demo failing at the first goal missed. A
 * watcher prints every state change of the seven subsystems' FSMs under [RAPP]'s names
 * (e_core,body: idle -> moveto). Where a behaviour needs the world to act (someone speaking, a hand on
 * the head), the simulated NAO does it.
 */
final class Demo {
    private static final List<String> SUBSYSTEMS = List.of("core/a.body/ve", "core/a.ls/ve", "core/a.mic/vr", "core/a.cam/vr", "core/a.touch/vr",
            "core/a.inertial/vr", "core/a.fsr/vr");
    private static final String HEAD_YAW = "Device/SubDeviceList/HeadYaw/Position/Sensor/Value";
    private static final String HEAD_FRONT = "Device/SubDeviceList/Head/Touch/Front/Sensor/Value";
    private static final String ANGLE_Y = "Device/SubDeviceList/InertialSensor/AngleY/Sensor/Value";
    private static final String LEFT_FOOT_WEIGHT = "Device/SubDeviceList/LFoot/FSR/TotalWeight/Sensor/Value";

    private final NaoCommands nao;
    private final NaoConsole console;
    private final NaoSimulator sim;
    private final PrintStream out;
    private final long start = System.nanoTime();
    private volatile boolean watching = true;

    Demo(NaoCommands nao, NaoConsole console, NaoSimulator sim, PrintStream out) {
        this.nao = nao;
        this.console = console;
        this.sim = sim;
        this.out = out;
    }

    String run() throws InterruptedException, IOException {
        Path dir = Files.createTempDirectory("nao-demo");
        step("every subsystem of the core agent in idle", () -> SUBSYSTEMS.stream().allMatch(s -> "idle".equals(nao.state(s))), 30);
        Thread watcher = new Thread(this::watch, "nao-demo-watcher");
        watcher.setDaemon(true);
        watcher.start();
        try {
            body();
            loudspeaker(dir);
            microphone(dir);
            camera(dir);
            sensors();
            return "demo: every behaviour reached its goal";
        } finally {
            watching = false;
            watcher.join(1000);
        }
    }

    private void body() throws InterruptedException {
        behavior("set_stiffness: Body to 1.0", () -> nao.stiffness(1.0));
        behavior("posture: StandInit", () -> nao.posture("StandInit", 0.8));
        goal(console.body.latest().attained, "StandInit attained");

        behavior("move: 0.1 m/s forward for 3 s, then STOP", () -> nao.move(0.1, 0, 0, 3));
        BodyStatus s = console.body.latest();
        goal(s.pose.x > 0.1, String.format(Locale.ROOT, "walked forward (EKF x %.3f m)", s.pose.x));

        behavior("moveto: 0.4 m forward and 0.2 m left, turning 0.5 rad", () -> nao.moveto(0.4, 0.2, 0.5));
        double[] truth = sim.truePose();
        s = console.body.latest();
        double error = Math.hypot(s.pose.x - truth[0], s.pose.y - truth[1]);
        say(String.format(Locale.ROOT, "  EKF pose (%.3f, %.3f, %.3f), true pose (%.3f, %.3f, %.3f): %.3f m apart", s.pose.x, s.pose.y, s.pose.theta,
                truth[0], truth[1], truth[2], error));
        goal(error < 0.2, "EKF pose within 0.2 m of the true pose");

        behavior("inter: HeadYaw 0.5 rad, HeadPitch -0.2 rad at 0.3 of the maximum speed", () -> nao.inter(0.3, "HeadYaw", "0.5", "HeadPitch", "-0.2"));
        goal(console.body.latest().attained, "the head's angles attained");

        behavior("get: " + HEAD_YAW, () -> nao.get("body", HEAD_YAW));
        DataValue v = console.body.latest().value;
        goal(v.kind == DataValue.Kind.NUMBER && Math.abs(v.number - 0.5) < 0.05, "HeadYaw reads 0.5 rad (" + v + ")");

        expectRejection("posture: an unknown posture is rejected, body stays in idle", () -> nao.posture("Handstand"), "core/a.body/ve");
    }

    private void loudspeaker(Path dir) throws InterruptedException, IOException {
        behavior("set_params: voice kevin16, English, volume 0.8, centre", () -> nao.voice("kevin16", "English", 0.8, 0));
        behavior("say: \"hello I am nao\"", () -> nao.say("hello", "I", "am", "nao"));
        goal(console.ls.latest().reply, "the loudspeaker said it (reply)");

        Path tone = dir.resolve("tone.wav");
        writeTone(tone, 2.0);
        behavior("play: a 2 s tone from 1.5 s", () -> nao.play(tone.toString(), "1.5"));
        behavior("play: the tone in a loop", () -> nao.play(tone.toString(), "loop"));
        Thread.sleep(500);
        behavior("stop: the loop", () -> nao.stop());
        goal("idle".equals(nao.state("core/a.ls/ve")), "the loudspeaker idle after stop");

        expectRejection("play: a missing file is rejected, ls stays in idle", () -> nao.play(dir.resolve("missing.wav").toString()), "core/a.ls/ve");
    }

    private void microphone(Path dir) throws InterruptedException, IOException {
        Path recording = dir.resolve("record.wav");
        behavior("record: 1 s of the front microphone", () -> nao.record(recording.toString(), 1.0));
        double seconds = wavSeconds(recording);
        goal(console.mic.latest().rec && Math.abs(seconds - 1.0) < 0.1, String.format(Locale.ROOT, "a 1 s recording (%.2f s)", seconds));

        Path registered = dir.resolve("register.wav");
        during("register: until 0.6 s of silence while someone says \"good morning\"", "register", console.mic, c -> {
            NaoCommands.micCommand(c, MicCommand.Cmd.REGISTER);
            c.fp = registered.toString();
            c.enrg = 0.01;
            c.st = 0.6;
        }, () -> sim.hear("good morning"), 30);
        double registeredSeconds = wavSeconds(registered);
        goal(console.mic.latest().rec && registeredSeconds > 0.6, String.format(Locale.ROOT, "register stopped after the silence (%.2f s recorded)",
                registeredSeconds));

        during("recog: hello, goodbye, robot (threshold 0.3) while someone says \"goodbye\"", "recog", console.mic, c -> {
            NaoCommands.micCommand(c, MicCommand.Cmd.RECOGNIZE);
            c.dct.clear();
            c.dct.add("hello");
            c.dct.add("goodbye");
            c.dct.add("robot");
            c.threshold = 0.3;
        }, () -> sim.hear("goodbye"), 60);
        MicStatus m = console.mic.latest();
        goal("goodbye".equals(m.rw), "recognized \"goodbye\" (rw " + m.rw + ")");
    }

    private void camera(Path dir) throws InterruptedException, IOException {
        behavior("image: top camera, kVGA", () -> nao.image(0, 2));
        CamStatus c = console.cam.latest();
        goal(c.image.width == 640 && c.image.height == 480 && "bgr8".equals(c.image.encoding), "a 640×480 bgr8 image");
        Path png = dir.resolve("top.png");
        Images.writePng(c.image, png);
        say("  saved " + png);
        expectRejection("image: camera 7 is rejected, cam stays in idle", () -> nao.image(7, 2), "core/a.cam/vr");
    }

    private void sensors() throws InterruptedException {
        sim.touch(HEAD_FRONT, true);
        behavior("touch get: " + HEAD_FRONT + " while a hand is on the head", () -> nao.touch(HEAD_FRONT));
        SensorStatus t = console.touch.latest();
        sim.touch(HEAD_FRONT, false);
        goal(t.value.kind == DataValue.Kind.NUMBER && t.value.number == 1.0, "the head's front sensor touched (" + t.value + ")");

        behavior("inertial get: " + ANGLE_Y, () -> nao.inertial(ANGLE_Y));
        SensorStatus i = console.inertial.latest();
        goal(i.value.kind == DataValue.Kind.NUMBER && Math.abs(i.value.number) < 0.5, "the torso's pitch (" + i.value + ")");

        behavior("fsr get: " + LEFT_FOOT_WEIGHT, () -> nao.fsr(LEFT_FOOT_WEIGHT));
        SensorStatus f = console.fsr.latest();
        goal(f.value.kind == DataValue.Kind.NUMBER && f.value.number > 0.5, "the left foot carries weight (" + f.value + ")");

        expectRejection("fsr get: a touch key is rejected, fsr stays in idle", () -> nao.fsr(HEAD_FRONT), "core/a.fsr/vr");
    }

    /** Starts a mic behaviour, lets the world act while it runs, and waits for it to end. */
    private void during(String what, String behavior, Channel<MicCommand, MicStatus> channel, Consumer<MicCommand> fill,
            Runnable world, double seconds) throws InterruptedException {
        say("> " + what);
        NaoCommands.Run<MicStatus> run = nao.begin(channel, fill, s -> s.reasonSeq, s -> s.reason, behavior, seconds);
        world.run();
        run.awaitIdle(seconds);
        say("  ok");
    }

    @FunctionalInterface
    private interface Action {
        String run() throws InterruptedException;
    }

    private void behavior(String what, Action action) throws InterruptedException {
        say("> " + what);
        say("  " + action.run());
    }

    private void expectRejection(String what, Action action, String subsystem) throws InterruptedException {
        say("> " + what);
        try {
            String answer = action.run();
            throw new IllegalStateException(what + ": the command was not rejected (" + answer + ")");
        } catch (IllegalArgumentException e) {
            say("  rejected: " + e.getMessage());
        }
        goal("idle".equals(nao.state(subsystem)), subsystem + " in idle");
    }

    private void goal(boolean reached, String what) {
        if (!reached) {
            throw new IllegalStateException("goal missed: " + what);
        }
        say("  ok: " + what);
    }

    private void step(String what, BooleanSupplier goal, double seconds) throws InterruptedException {
        say("> " + what);
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (!goal.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(what + ": not reached within " + seconds + " s");
            }
            Thread.sleep(10);
        }
        say("  ok");
    }

    /** A 440 Hz tone, 16 kHz mono 16-bit, for play. */
    private static void writeTone(Path file, double seconds) throws IOException {
        int rate = 16_000;
        int n = (int) (seconds * rate);
        byte[] pcm = new byte[2 * n];
        for (int k = 0; k < n; k++) {
            short v = (short) (8000 * Math.sin(2 * Math.PI * 440 * k / rate));
            pcm[2 * k] = (byte) v;
            pcm[2 * k + 1] = (byte) (v >> 8);
        }
        AudioFormat format = new AudioFormat(rate, 16, 1, true, false);
        try (AudioInputStream in = new AudioInputStream(new ByteArrayInputStream(pcm), format, n)) {
            AudioSystem.write(in, AudioFileFormat.Type.WAVE, file.toFile());
        }
    }

    /** The recording's length; the receptor closes and names the file shortly after rec = TRUE, on its own thread. */
    private static double wavSeconds(Path file) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                throw new IOException("no recording " + file + " within 5 s of rec = TRUE");
            }
            Thread.sleep(10);
        }
        try (AudioInputStream in = AudioSystem.getAudioInputStream(file.toFile())) {
            return in.getFrameLength() / in.getFormat().getFrameRate();
        } catch (UnsupportedAudioFileException e) {
            throw new IOException(file + " is not a WAV file: " + e.getMessage(), e);
        }
    }

    /** Prints every FSM state change of the seven subsystems, named as [RAPP] names them. */
    private void watch() {
        Map<String, Long> seen = new HashMap<>();
        for (String s : SUBSYSTEMS) {
            seen.put(s, last(nao.switches(s)));
        }
        while (watching) {
            for (String s : SUBSYSTEMS) {
                long since = seen.get(s);
                for (StateSwitch sw : nao.switches(s)) {
                    if (sw.cycle() > since) {
                        say(String.format(Locale.ROOT, "  [%s] %s -> %s (cycle %d)", seedName(s), sw.from(), sw.to(), sw.cycle()));
                        seen.put(s, Math.max(seen.get(s), sw.cycle()));
                    }
                }
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static long last(List<StateSwitch> switches) {
        long last = -1;
        for (StateSwitch s : switches) {
            last = Math.max(last, s.cycle());
        }
        return last;
    }

    /** core/a.body/ve → e_core,body; core/a.mic/vr → r_core,mic. */
    static String seedName(String subsystem) {
        String[] parts = subsystem.split("/");
        String name = parts[1].substring(2);
        return (parts[2].equals("ve") ? "e" : "r") + "_core," + name;
    }

    private synchronized void say(String line) {
        out.printf(Locale.ROOT, "%8.3f s %s%n", (System.nanoTime() - start) / 1e9, line);
        out.flush();
    }
}
