package org.embodia.velma.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.vebody.VeBody;
import org.embodia.velma.vebody.behaviors.Safe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * ve_body's CiA 402 FSMs (velma.cia402, run by the engine) against the simulated Elmo drives, tick by tick as
 * the bus would carry them: the drives brought up, the head homed, a drive faulted by the EtherCAT watchdog
 * (process data that stop, as when frames are lost) reset and enabled again — and never a controlword the
 * drive's state refuses.
 */
class VeBodyBringsUpTheSimulatedDrivesTest {
    private static final String[] DRIVES = {"torso", "head_pan", "head_tilt"};

    private final VelmaSimulation sim = new VelmaSimulation(VelmaSimulation.Pace.MANUAL);
    private final VeBody body = new VeBody();
    private final Safe safe = new Safe(body);
    private final SimulatedDrive[] drives = {sim.torso(), sim.headPan(), sim.headTilt()};
    private final List<OutputBuffer<DriveStatus>> statusOut = new ArrayList<>();
    private final List<InputBuffer<DriveStatus>> statusIn = new ArrayList<>();
    private final List<InputBuffer<DriveCommand>> commandIn = new ArrayList<>();
    private final List<String> torsoStates = new ArrayList<>();
    private final List<String> panStates = new ArrayList<>();

    @SuppressWarnings("unchecked")
    VeBodyBringsUpTheSimulatedDrivesTest() {
        for (String d : DRIVES) {
            InputBuffer<DriveStatus> in = (InputBuffer<DriveStatus>) body.inputs().stream().filter(b -> b.name().equals(d + "_status"))
                    .findFirst().orElseThrow();
            OutputBuffer<DriveStatus> out = new OutputBuffer<>(d + "_status", DriveStatus.class, DriveStatus::new);
            out.connect(in);
            statusOut.add(out);
            statusIn.add(in);
            OutputBuffer<DriveCommand> command = (OutputBuffer<DriveCommand>) body.outputs().stream()
                    .filter(b -> b.name().equals(d + "_command")).findFirst().orElseThrow();
            InputBuffer<DriveCommand> toDrive = new InputBuffer<>(d + "_command", DriveCommand.class, DriveCommand::new);
            command.connect(toDrive);
            commandIn.add(toDrive);
        }
    }

    @AfterEach
    void close() {
        sim.close();
    }

    /** One bus cycle in safe mode; {@code torsoFrameLost}: the torso's process data do not arrive. */
    private void cycle(boolean torsoFrameLost) {
        for (int d = 0; d < drives.length; d++) {
            drives[d].status(statusOut.get(d).message());
            statusOut.get(d).send();
            statusIn.get(d).receive();
        }
        safe.step(0);
        torsoStates.add(body.driveStates().get(0));
        panStates.add(body.driveStates().get(1));
        for (int d = 0; d < drives.length; d++) {
            commandIn.get(d).receive();
            if (d != 0 || !torsoFrameLost) {
                drives[d].command(commandIn.get(d).get());
            }
        }
        sim.advance(1);
    }

    private int cyclesUntil(BooleanSupplier condition, int limit, String what) {
        for (int i = 0; i < limit; i++) {
            if (condition.getAsBoolean()) {
                return i;
            }
            cycle(false);
        }
        throw new AssertionError(what + " not within " + limit + " cycles; drive FSMs " + body.driveStates() + ", drives " + drives[0].state()
                + "/" + drives[1].state() + "/" + drives[2].state());
    }

    @Test
    void bringsTheDrivesUpHomesTheHeadAndRecoversAFaultedDrive() {
        int cycles = cyclesUntil(() -> allEnabled() && drives[1].homed() && drives[2].homed()
                && body.driveStates().equals(List.of("operation_enabled", "operation_enabled", "operation_enabled")), 5000,
                "every drive enabled, the head homed, and ve_body's drive FSMs in operation_enabled");
        assertTrue(cycles > 0 && !torsoStates.contains("homing"), "the torso's encoder is absolute: no homing");
        assertTrue(panStates.contains("homing"), "the head pan's incremental encoder: homed on the way up " + panStates);
        assertTrue(torsoStates.contains("switch_on_disabled") && torsoStates.contains("ready_to_switch_on") && torsoStates.contains("switched_on"),
                "the torso came up through CiA 402's states: " + torsoStates);

        for (int i = 0; i < SimulatedDrive.WATCHDOG_TICKS + 2; i++) {
            cycle(true);
        }
        assertEquals(Cia402State.FAULT, drives[0].state());
        assertEquals(DriveFault.WATCHDOG, drives[0].fault());
        torsoStates.clear();
        cyclesUntil(() -> drives[0].state() == Cia402State.OPERATION_ENABLED, 100, "the torso enabled again");
        assertEquals(DriveFault.NONE, drives[0].fault());
        assertTrue(torsoStates.contains("fault") && torsoStates.contains("switch_on_disabled"), "reset from fault, then up again: " + torsoStates);
        for (SimulatedDrive d : drives) {
            assertEquals(0, d.invalidCommands(), d.name() + " never got a controlword its state refuses");
        }
    }

    private boolean allEnabled() {
        for (SimulatedDrive d : drives) {
            if (d.state() != Cia402State.OPERATION_ENABLED) {
                return false;
            }
        }
        return true;
    }
}
