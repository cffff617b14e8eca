package org.embodia.nao.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.SensorStatus;
import org.embodia.testing.Allocations;
import org.junit.jupiter.api.Test;

class NaoConsoleTest {
    private final NaoConsole console = new NaoConsole();
    /** What core/a.body/ve would see of cs's command buffer, and its status buffer towards cs. */
    private final InputBuffer<BodyCommand> bodyCommand = new InputBuffer<>("command", BodyCommand.class, BodyCommand::new);
    private final OutputBuffer<BodyStatus> bodyStatus = new OutputBuffer<>("status", BodyStatus.class, BodyStatus::new);
    /** As the scheduler does, the inputs are asked for once, when it wires them. */
    private final InputBuffer<?>[] inputs = console.inputs().toArray(new InputBuffer<?>[0]);

    NaoConsoleTest() {
        console.body.command.connect(bodyCommand);
        bodyStatus.connect(console.body.status);
    }

    /** One loop iteration as the scheduler runs it: inputs received, then the step. */
    private void iterate() {
        for (InputBuffer<?> in : inputs) {
            in.receive();
        }
        console.step();
    }

    @Test
    void buffersAreCsBuffersOfSeed001() {
        assertEquals("core/a./cs", console.name().toString());
        assertEquals(List.of("body_status", "ls_status", "mic_status", "cam_status", "touch_status", "inertial_status", "fsr_status"),
                console.inputs().stream().map(InputBuffer::name).toList());
        assertEquals(List.of("body_command", "ls_command", "mic_command", "cam_command", "touch_command", "inertial_command", "fsr_command"),
                console.outputs().stream().map(OutputBuffer::name).toList());
    }

    @Test
    void aPostedCommandGoesOutOnceInTheNextStep() throws Exception {
        iterate();
        Thread shell = new Thread(() -> console.body.post(c -> {
            c.cmd = BodyCommand.Cmd.MOVE_TO;
            c.dpose.set(0.5, 0, 0);
        }));
        shell.start();
        shell.join();
        assertEquals(Freshness.NO_DATA, bodyCommand.receive(), "nothing is sent before the loop steps");
        iterate();
        assertEquals(Freshness.NEW_DATA, bodyCommand.receive());
        assertEquals(BodyCommand.Cmd.MOVE_TO, bodyCommand.get().cmd);
        assertEquals(0.5, bodyCommand.get().dpose.x);
        assertEquals(1, console.body.forwarded());
        iterate();
        assertEquals(Freshness.OLD_DATA, bodyCommand.receive(), "cs sends each command once");
    }

    @Test
    void theShellReadsTheNewestStatus() {
        assertEquals(0, console.body.latest().attainedSeq);
        BodyStatus s = bodyStatus.message();
        s.attained = true;
        s.attainedSeq = 3;
        s.pose.set(1, 2, 0.5);
        bodyStatus.send();
        iterate();
        BodyStatus seen = console.body.latest();
        assertTrue(seen.attained);
        assertEquals(3, seen.attainedSeq);
        assertEquals(2, seen.pose.y);
        assertEquals(1, console.body.statuses());
        SensorStatus untouched = console.touch.latest();
        assertEquals(0, untouched.valueSeq);
    }

    @Test
    void theStepAllocatesNothing() {
        int[] k = {0};
        long least = Allocations.leastOfTenRounds(10_000, () -> {
            if (k[0]++ % 10 == 0) {
                bodyStatus.message().attainedSeq++;
                bodyStatus.send();
            }
            iterate();
        });
        assertEquals(0, least, "bytes allocated by 10,000 steps");
    }
}
