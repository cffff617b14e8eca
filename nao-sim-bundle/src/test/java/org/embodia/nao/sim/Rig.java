package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.Message;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.api.CamReceptorStatus;
import org.embodia.nao.api.LsEffectorCommand;
import org.embodia.nao.api.LsEffectorStatus;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.api.MicReceptorStatus;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorStatus;

/**
 * The simulation at pace manual with every real effector and receptor, each wired as the virtual side wires it: an
 * output buffer to its {@code command}, an input buffer from its {@code status}. One cycle is attached to the clock,
 * as an activity would run it: the virtual side's inputs are received, then each real subsystem receives and steps. A
 * test fills a command's message, calls {@link Link#send()} between ticks, and reads the status after them.
 */
final class Rig implements AutoCloseable {
    /** A virtual subsystem's end of one real subsystem's buffers. */
    static final class Link<C extends Message<C>, S extends Message<S>> {
        final OutputBuffer<C> command;
        final InputBuffer<S> status;
        final RealSubsystem<C, S> subsystem;

        Link(RealSubsystem<C, S> subsystem, Class<C> commandType, Supplier<C> commandFactory, Class<S> statusType,
                Supplier<S> statusFactory) {
            this.subsystem = subsystem;
            command = new OutputBuffer<>("re_command", commandType, commandFactory);
            status = new InputBuffer<>("re_status", statusType, statusFactory);
            command.connect(subsystem.command);
            subsystem.status.connect(status);
        }

        /** The command to fill before {@link #send()}. */
        C next() {
            return command.message();
        }

        void send() {
            command.send();
        }

        /** The status as the latest tick left it. */
        S last() {
            return status.get();
        }
    }

    final NaoSimulation sim;
    final Link<BodyEffectorCommand, BodyEffectorStatus> body;
    final Link<LsEffectorCommand, LsEffectorStatus> ls;
    final Link<MicReceptorCommand, MicReceptorStatus> mic;
    final Link<CamReceptorCommand, CamReceptorStatus> cam;
    final Link<SensorReceptorCommand, SensorReceptorStatus> touch;
    final Link<SensorReceptorCommand, SensorReceptorStatus> inertial;
    final Link<SensorReceptorCommand, SensorReceptorStatus> fsr;
    private final Link<?, ?>[] links;

    Rig(Path outputDirectory) {
        sim = new NaoSimulation(NaoSimulation.Pace.MANUAL, outputDirectory, 7);
        body = new Link<>(new BodyEffector(sim), BodyEffectorCommand.class, BodyEffectorCommand::new,
                BodyEffectorStatus.class, BodyEffectorStatus::new);
        ls = new Link<>(new LsEffector(sim), LsEffectorCommand.class, LsEffectorCommand::new, LsEffectorStatus.class,
                LsEffectorStatus::new);
        mic = new Link<>(new MicReceptor(sim), MicReceptorCommand.class, MicReceptorCommand::new,
                MicReceptorStatus.class, MicReceptorStatus::new);
        cam = new Link<>(new CamReceptor(sim), CamReceptorCommand.class, CamReceptorCommand::new,
                CamReceptorStatus.class, () -> new CamReceptorStatus(CameraDevice.IMAGE_CAPACITY));
        touch = sensor(new TouchReceptor(sim));
        inertial = sensor(new InertialReceptor(sim));
        fsr = sensor(new FsrReceptor(sim));
        links = new Link<?, ?>[] {body, ls, mic, cam, touch, inertial, fsr};
        sim.attach(this::cycle);
    }

    private static Link<SensorReceptorCommand, SensorReceptorStatus> sensor(RealSubsystem<SensorReceptorCommand, SensorReceptorStatus> s) {
        return new Link<>(s, SensorReceptorCommand.class, SensorReceptorCommand::new, SensorReceptorStatus.class,
                SensorReceptorStatus::new);
    }

    /** The activity's cycle: the virtual side takes the status in, then the real subsystems take their commands. */
    private void cycle() {
        for (Link<?, ?> link : links) {
            link.status.receive();
        }
        for (Link<?, ?> link : links) {
            link.subsystem.command.receive();
            try {
                link.subsystem.step();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    void tick(int ticks) {
        sim.advance(ticks);
    }

    /**
     * How long a test waits for what a worker (synthesis, recognition, rendering, files) or the framework does
     * before it fails: generous, so that a busy machine makes a test slower, never red.
     */
    static final double PATIENCE_SECONDS = 60;

    /**
     * Ticks until {@code goal} holds, pausing a millisecond between ticks so that the workers (synthesis,
     * recognition, rendering, files) get on with it; fails after {@link #PATIENCE_SECONDS} of wall time.
     *
     * @return the ticks it took
     */
    long until(BooleanSupplier goal, String what) {
        long deadline = System.nanoTime() + (long) (PATIENCE_SECONDS * 1e9);
        long start = sim.ticks();
        while (!goal.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail(what + ": not within " + PATIENCE_SECONDS + " s (" + (sim.ticks() - start) + " ticks)");
            }
            tick(1);
            pause();
        }
        return sim.ticks() - start;
    }

    /** Waits, without ticking, until {@code goal} holds: for a worker finishing what the ticks gave it. */
    static void await(BooleanSupplier goal, String what) {
        long deadline = System.nanoTime() + (long) (PATIENCE_SECONDS * 1e9);
        while (!goal.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail(what + ": not within " + PATIENCE_SECONDS + " s");
            }
            pause();
        }
    }

    private static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stiffness on everywhere, then StandInit, the posture NAO walks from. */
    void stand() {
        BodyEffectorCommand c = body.next();
        c.cmd = BodyEffectorCommand.Cmd.GO_TO_POSTURE;
        c.dpost.set("StandInit", 1.0);
        c.stiffness.clear();
        c.stiffness.add("Body", 1.0);
        long seq = body.last().attainedSeq;
        body.send();
        until(() -> body.last().attainedSeq != seq, "StandInit");
        if (!body.last().attained) {
            fail("StandInit not attained: " + body.last());
        }
    }

    @Override
    public void close() {
        sim.close();
    }
}
