package org.embodia.nao.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.embodia.nao.api.BodyEffectorCommand;
import org.embodia.nao.api.MicReceptorCommand;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a warm tick allocates on the clock thread, with every device busy as the core agent keeps it: the body walking
 * (walk, odometry, IMU, FSR sway), the microphones' energies sent and word spotting listening, every status sent to a
 * reader that receives it each tick, and GET_DATA on the body, the touch and the inertial receptors every tick. Then
 * the same with a recording under way. The least of ten rounds, as the other allocation tests here take it: a one-off
 * JVM event may allocate in some round, a per-tick allocation shows in all.
 *
 * <p>Not measured here, because they are single commands rather than the steady tick: a motion command allocates
 * while it is carried out (SimulatedBody's NAOqi-like methods take lists), as do SAY (its sentence into ALMemory),
 * START_RECORDING (the file's path), a camera's GET_DATA (the name's spelling), a word recognized (into ALMemory) and
 * any error's message. FreeTTS, Moonshine, the renderer and the file writers allocate on their workers, never on the
 * clock thread.
 */
class TickCostTest {
    /** The least bytes the current thread allocated over {@code ticks} ticks, in ten rounds. */
    private static long leastAllocated(Rig rig, Runnable virtualSide, int ticks) {
        return Allocations.leastOfTenRounds(ticks, () -> {
            virtualSide.run();
            rig.sim.advance(1);
        });
    }

    @Test
    void aWarmTickAllocatesNothingWhileWalkingListeningAndAnsweringGets(@TempDir Path directory) {
        try (Rig rig = new Rig(directory)) {
            rig.stand();
            BodyEffectorCommand walk = rig.body.next();
            walk.cmd = BodyEffectorCommand.Cmd.MOVE;
            walk.velocity.set(0.05, 0.02, 0.1);
            rig.body.send();
            MicReceptorCommand listen = rig.mic.next();
            listen.cmd = MicReceptorCommand.Cmd.SUBSCRIBE;
            listen.dct.clear();
            listen.dct.add("hello");
            listen.threshold = 0.3;
            rig.mic.send();
            rig.tick(2);
            BodyEffectorCommand get = rig.body.next();
            get.cmd = BodyEffectorCommand.Cmd.GET_DATA;
            get.dataName = "Device/SubDeviceList/InertialSensor/AngleZ/Sensor/Value";
            rig.touch.next().cmd = SensorReceptorCommand.Cmd.GET_DATA;
            rig.touch.next().dataName = "Device/SubDeviceList/Head/Touch/Front/Sensor/Value";
            rig.inertial.next().cmd = SensorReceptorCommand.Cmd.GET_DATA;
            rig.inertial.next().dataName = "Device/SubDeviceList/InertialSensor/GyroscopeZ/Sensor/Value";
            Runnable gets = () -> {
                rig.body.send();
                rig.touch.send();
                rig.inertial.send();
            };
            for (int i = 0; i < 20_000; i++) {
                gets.run();
                rig.tick(1);
            }
            long valueSeq = rig.body.last().valueSeq;
            long start = System.nanoTime();

            long allocated = leastAllocated(rig, gets, 5_000);

            double microsPerTick = (System.nanoTime() - start) / 1e3 / 50_000;
            System.out.printf("a warm tick of the whole simulation: %.1f µs on average, GETs included%n", microsPerTick);
            assertEquals(0, allocated, "bytes allocated by 5,000 warm ticks");
            assertTrue(rig.body.last().valueSeq >= valueSeq + 50_000 - 1, "a value every tick");
            assertTrue(Math.abs(rig.body.last().odm.x) > 0.5, "walking all along: " + rig.body.last().odm);
            assertEquals(0, rig.sim.cycleFailures());
            assertEquals(0, rig.sim.commandErrors(), rig.sim.lastCommandError());
        }
    }

    @Test
    void aRecordingAddsNoAllocationToTheTick(@TempDir Path directory) {
        try (Rig rig = new Rig(directory)) {
            MicReceptorCommand record = rig.mic.next();
            record.cmd = MicReceptorCommand.Cmd.START_RECORDING;
            record.fp = "long.wav";
            rig.mic.send();
            rig.tick(2_000);

            long allocated = leastAllocated(rig, () -> { }, 500);

            assertEquals(0, allocated, "bytes allocated by 500 warm ticks while recording");
            record.cmd = MicReceptorCommand.Cmd.STOP_RECORDING;
            rig.mic.send();
            rig.tick(2);
            assertEquals(0, rig.sim.commandErrors(), rig.sim.lastCommandError());
        }
    }
}
