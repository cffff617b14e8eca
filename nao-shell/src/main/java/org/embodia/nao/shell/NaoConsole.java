package org.embodia.nao.shell;

import java.util.ArrayList;
import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.BodyCommand;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.CamCommand;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.LsCommand;
import org.embodia.nao.api.LsStatus;
import org.embodia.nao.api.MicCommand;
import org.embodia.nao.api.MicStatus;
import org.embodia.nao.api.SensorCommand;
import org.embodia.nao.api.SensorStatus;
import org.osgi.service.component.annotations.Component;

/**
 * The operator's control subsystem {@code core/a./cs} of the NAO core agent in the nao-sim profile:
 * where [RAPP]'s c_core,cs (§3.8) decides what the virtual effectors and receptors do, here the
 * {@code nao:} commands do. Its buffers are cs's (§3.8.1): a command buffer to each virtual effector
 * and receptor ({@code body_command} → {@code core/a.body/ve:command}, ...) and a status buffer from
 * each. Each step it forwards what the shell asked for and publishes what came back; it has no FSM of
 * its own, the subsystems it commands have theirs.
 */
@Component(service = {Subsystem.class, NaoConsole.class})
public final class NaoConsole implements Subsystem {
    public static final String NAME = "core/a./cs";

    final Channel<BodyCommand, BodyStatus> body = new Channel<>("body", "core/a.body/ve", BodyCommand.class, BodyCommand::new, BodyStatus.class,
            BodyStatus::new);
    final Channel<LsCommand, LsStatus> ls = new Channel<>("ls", "core/a.ls/ve", LsCommand.class, LsCommand::new, LsStatus.class, LsStatus::new);
    final Channel<MicCommand, MicStatus> mic = new Channel<>("mic", "core/a.mic/vr", MicCommand.class, MicCommand::new, MicStatus.class,
            MicStatus::new);
    final Channel<CamCommand, CamStatus> cam = new Channel<>("cam", "core/a.cam/vr", CamCommand.class, CamCommand::new, CamStatus.class,
            CamStatus::new);
    final Channel<SensorCommand, SensorStatus> touch = sensor("touch");
    final Channel<SensorCommand, SensorStatus> inertial = sensor("inertial");
    final Channel<SensorCommand, SensorStatus> fsr = sensor("fsr");
    private final Channel<?, ?>[] channels = {body, ls, mic, cam, touch, inertial, fsr};
    private volatile long steps;

    private static Channel<SensorCommand, SensorStatus> sensor(String name) {
        return new Channel<>(name, "core/a." + name + "/vr", SensorCommand.class, SensorCommand::new, SensorStatus.class, SensorStatus::new);
    }

    @Override
    public SubsystemName name() {
        return SubsystemName.parse(NAME);
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        List<InputBuffer<?>> in = new ArrayList<>();
        for (Channel<?, ?> c : channels) {
            in.add(c.status);
        }
        return in;
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        List<OutputBuffer<?>> out = new ArrayList<>();
        for (Channel<?, ?> c : channels) {
            out.add(c.command);
        }
        return out;
    }

    @Override
    public void step() {
        for (Channel<?, ?> c : channels) {
            c.step();
        }
        steps++;
    }

    /** Steps the loop has run this subsystem. */
    long steps() {
        return steps;
    }
}
