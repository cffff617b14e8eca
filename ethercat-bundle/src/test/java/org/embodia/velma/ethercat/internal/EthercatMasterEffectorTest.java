package org.embodia.velma.ethercat.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Annotation;
import java.lang.management.ManagementFactory;
import java.util.List;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.emulator.ethercat.SimulatedBus;
import org.embodia.velma.emulator.ethercat.SimulatedSegment;
import org.embodia.velma.ethercat.EthercatException;
import org.embodia.velma.sim.EthercatEffector;
import org.embodia.velma.sim.VelmaSimulation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The component without OSGi, built from its configuration against the simulated segment on a veth pair in a
 * network namespace, stepped as the scheduler steps it: receive the inputs, step. The test plays the virtual
 * effector: it writes the commands into the component's inputs and reads the statuses from its outputs.
 * Needs root, as {@link SimulatedBus} does.
 */
class EthercatMasterEffectorTest {
    /** Far above a 2 ms cycle: this VM stalls for milliseconds at times, and a late frame is not what these tests look for. */
    private static final int TIMEOUT_MICROS = 50_000;
    private static final List<String> INPUTS = List.of("torso_command", "head_pan_command", "head_tilt_command");
    private static final List<String> OUTPUTS = List.of("torso_status", "head_pan_status", "head_tilt_status");
    private static final int TORSO = 0;
    private static final int HEAD_PAN = 1;
    private static final int HEAD_TILT = 2;
    /** The segment's slave positions of the torso, head pan and head tilt drives. */
    private static final int[] SLAVE = {3, 1, 2};

    private SimulatedBus bus;
    private SimulatedSegment segment;
    private EthercatMasterEffector effector;
    /** The effector's inputs, taken once as the scheduler takes them. */
    private InputBuffer<?>[] effectorInputs;
    /** The test's side, in the order of {@link #INPUTS} and {@link #OUTPUTS}. */
    private final List<OutputBuffer<DriveCommand>> commands = List.of(command(INPUTS.get(0)), command(INPUTS.get(1)), command(INPUTS.get(2)));
    private final List<InputBuffer<DriveStatus>> statuses = List.of(status(OUTPUTS.get(0)), status(OUTPUTS.get(1)), status(OUTPUTS.get(2)));

    private static OutputBuffer<DriveCommand> command(String name) {
        return new OutputBuffer<>(name, DriveCommand.class, DriveCommand::new);
    }

    private static InputBuffer<DriveStatus> status(String name) {
        return new InputBuffer<>(name, DriveStatus.class, DriveStatus::new);
    }

    private static EthercatMasterEffector.Config config(String interfaceName, int timeoutMicros) {
        return new EthercatMasterEffector.Config() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return EthercatMasterEffector.Config.class;
            }

            @Override
            public String interface$() {
                return interfaceName;
            }

            @Override
            public int timeoutMicros() {
                return timeoutMicros;
            }
        };
    }

    private void segment() throws Exception {
        bus = SimulatedBus.start();
        segment = bus.segment();
    }

    /** The segment, then the component activated on it and wired to the test's buffers. */
    @SuppressWarnings("unchecked")
    private void activate() throws Exception {
        segment();
        effector = new EthercatMasterEffector(config(bus.hostInterface(), TIMEOUT_MICROS));
        effectorInputs = effector.inputs().toArray(InputBuffer<?>[]::new);
        for (int d = 0; d < 3; d++) {
            commands.get(d).connect((InputBuffer<DriveCommand>) effector.inputs().get(d));
            ((OutputBuffer<DriveStatus>) effector.outputs().get(d)).connect(statuses.get(d));
        }
    }

    @AfterEach
    void close() {
        if (effector != null) {
            effector.close();
        }
        if (bus != null) {
            bus.close();
        }
    }

    private DriveStatus status(int d) {
        return statuses.get(d).get();
    }

    /**
     * CiA 402 from whatever state the drive reports: fault reset, shutdown, switch on, enable operation; the
     * head in cyclic torque at zero torque, the torso holding 0.1 rad in cyclic position.
     */
    private void sendCommands() {
        for (int d = 0; d < 3; d++) {
            int word = status(d).statusWord;
            int state = word & 0x6F;
            DriveCommand c = commands.get(d).message();
            c.controlWord = (word & DriveStatus.FAULT) != 0 ? DriveCommand.FAULT_RESET
                    : (word & 0x4F) == 0x40 ? DriveCommand.SHUTDOWN
                    : state == 0x21 ? DriveCommand.SWITCH_ON
                    : state == 0x23 || state == 0x27 ? DriveCommand.ENABLE_OPERATION
                    : DriveCommand.DISABLE_VOLTAGE;
            c.mode = d == TORSO ? DriveCommand.MODE_CYCLIC_POSITION : DriveCommand.MODE_CYCLIC_TORQUE;
            c.targetPosition = d == TORSO ? 0.1 : 0;
            c.targetTorque = 0;
            commands.get(d).send();
        }
    }

    /** What the scheduler does for a subsystem without an FSM. */
    private void loop() {
        for (InputBuffer<?> in : effectorInputs) {
            in.receive();
        }
        effector.step();
    }

    /** One cycle of the activity: the test's commands, the effector, the test reading the statuses. */
    private void cycle() {
        sendCommands();
        loop();
        for (InputBuffer<DriveStatus> in : statuses) {
            in.receive();
        }
    }

    private void enable() {
        for (int i = 0; i < 100; i++) {
            cycle();
        }
        for (int d = 0; d < 3; d++) {
            assertTrue(status(d).ok(), OUTPUTS.get(d) + ": " + status(d));
        }
    }

    @Test
    void hasExactlyTheBuffersOfTheSimulatedEffector() throws Exception {
        activate();
        try (VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL)) {
            EthercatEffector simulated = new EthercatEffector(sim);
            assertEquals(simulated.name(), effector.name());
            assertEquals(EthercatMasterEffector.NAME, effector.name().toString());
            assertEquals(INPUTS, effector.inputs().stream().map(InputBuffer::name).toList());
            assertEquals(OUTPUTS, effector.outputs().stream().map(OutputBuffer::name).toList());
            assertEquals(simulated.inputs().stream().map(b -> b.name() + ":" + b.type().getName()).toList(),
                    effector.inputs().stream().map(b -> b.name() + ":" + b.type().getName()).toList());
            assertEquals(simulated.outputs().stream().map(b -> b.name() + ":" + b.type().getName()).toList(),
                    effector.outputs().stream().map(b -> b.name() + ":" + b.type().getName()).toList());
        }
    }

    @Test
    void activationBringsTheBusToOpAndDeactivationBackToInit() throws Exception {
        activate();
        for (int p = 0; p < 4; p++) {
            assertEquals(0x08, segment.slave(p).alStatus(), segment.slave(p).name());
        }
        effector.deactivate();
        for (int p = 0; p < 4; p++) {
            assertEquals(0x01, segment.slave(p).alStatus(), segment.slave(p).name());
        }
    }

    @Test
    void theEnableSequenceThroughTheCommandBuffersReachesOperationEnabled() throws Exception {
        activate();
        cycle();
        for (int d = 0; d < 3; d++) {
            assertFalse(status(d).ok(), "disabled until the commands enable it: " + status(d));
        }
        enable();
        for (int i = 0; i < 500; i++) {
            cycle();
        }
        for (int d = 0; d < 3; d++) {
            assertTrue(status(d).ok(), OUTPUTS.get(d) + ": " + status(d));
        }
        assertEquals(DriveCommand.MODE_CYCLIC_POSITION, status(TORSO).mode);
        assertEquals(DriveCommand.MODE_CYCLIC_TORQUE, status(HEAD_PAN).mode);
        assertEquals(0.1, status(TORSO).position, 0.01, "the torso followed its target through the process image");
        assertTrue(status(TORSO).homed, "the torso has an absolute encoder");
        assertEquals(0, effector.master().lostFrames());
        assertEquals(0, effector.master().wkcErrors());
    }

    @Test
    void aDroppedFrameOrASlaveLeavingOpIsANotOkStatusForThatCycle() throws Exception {
        activate();
        enable();
        segment.dropFrames(1);
        cycle();
        for (int d = 0; d < 3; d++) {
            assertFalse(status(d).ok(), "frame lost: " + OUTPUTS.get(d));
            assertTrue(statuses.get(d).isNew(), "a not-ok status is still published");
        }
        assertEquals(1, effector.master().lostFrames());
        cycle();
        for (int d = 0; d < 3; d++) {
            assertTrue(status(d).ok(), "the next frame comes back: " + status(d));
        }

        segment.slave(SLAVE[HEAD_TILT]).leaveOp(0x001B);
        cycle();
        assertFalse(status(HEAD_TILT).ok(), "HeadTilt left OP: " + status(HEAD_TILT));
        assertEquals(0x14, segment.slave(SLAVE[HEAD_TILT]).alStatus());
    }

    @Test
    void theStepAllocatesNothing() throws Exception {
        activate();
        enable();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long bytes = 0;
            for (int i = 0; i < 1000; i++) {
                sendCommands();
                long before = threads.getCurrentThreadAllocatedBytes();
                loop();
                bytes += threads.getCurrentThreadAllocatedBytes() - before;
                for (InputBuffer<DriveStatus> in : statuses) {
                    in.receive();
                }
            }
            least = Math.min(least, bytes);
        }
        assertEquals(0, least, "bytes receiving the inputs and stepping allocated in 1000 cycles");
        for (int d = 0; d < 3; d++) {
            assertTrue(status(d).ok(), status(d).toString());
        }
    }

    @Test
    void aMissingInterfaceIsAClearErrorAtActivation() {
        EthercatException e = assertThrows(EthercatException.class, () -> new EthercatMasterEffector(config("ecnosuch0", 1000)));
        assertTrue(e.getMessage().startsWith("no network interface 'ecnosuch0'"), e.getMessage());
    }

    @Test
    void aSlaveRefusingOpIsNamedAtActivation() throws Exception {
        segment();
        segment.slave(SLAVE[TORSO]).refuseOp(0x001D);
        EthercatException e = assertThrows(EthercatException.class, () -> new EthercatMasterEffector(config(bus.hostInterface(), TIMEOUT_MICROS)));
        assertTrue(e.getMessage().startsWith("slave 3 'TorsoPan' (station 0x1004) refused OP"), e.getMessage());
    }

    @Test
    void aTimeoutBelowOneMicrosecondIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new EthercatMasterEffector(config("lo", 0)));
        assertEquals("org.embodia.velma.ethercat: timeoutMicros must be at least 1, got 0", e.getMessage());
    }
}
