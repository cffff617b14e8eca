package org.embodia.velma.ethercat.internal;

import java.util.List;

import org.embodia.api.agent.Hardware;
import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.velma.api.DriveCommand;
import org.embodia.velma.api.DriveStatus;
import org.embodia.velma.ethercat.EthercatException;
import org.embodia.velma.ethercat.Master;
import org.embodia.velma.ethercat.RawSocket;
import org.embodia.velma.ethercat.VelmaBus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;

/**
 * {@code core/a.ethercat/re} on hardware: Velma's EtherCAT bus (torso, head pan and head tilt drives) through
 * a {@link Master} on a raw socket, with exactly the buffers of the simulated effector, so either can serve
 * the agent. Configuration PID {@value #PID}.
 *
 * <p>Activation brings the bus to OP or fails with the master's message (the interface, the missing
 * privilege, the slave that refused). As a {@link Hardware} its cycle is split, as SOEM's users split theirs:
 * {@link #write()} puts the commands into the process image and sends the frame at the end of a cycle, and
 * {@link #read()} at the start of the next takes the frame back and publishes the three statuses, so the loop
 * never waits for the wire in between. Run as one {@link #step()}, it sends and reads at once. A lost frame, a
 * wrong working counter or a slave out of OP is a status that is not {@link DriveStatus#ok()}, never an
 * exception. Neither half allocates.
 * Deactivation takes the slaves to INIT and closes the socket.
 */
@Component(configurationPid = EthercatMasterEffector.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, service = Subsystem.class)
public final class EthercatMasterEffector implements Hardware, AutoCloseable {
    public static final String PID = "org.embodia.velma.ethercat";
    public static final String NAME = "core/a.ethercat/re";
    static final int DEFAULT_TIMEOUT_MICROS = 1000;

    /** The configuration (PID {@value #PID}). */
    public @interface Config {
        /** The network interface the bus is on, e.g. {@code eth1}; the trailing $ makes the property {@code interface}. */
        String interface$();

        /** How long a cycle waits for its frame before counting it lost. */
        int timeoutMicros() default DEFAULT_TIMEOUT_MICROS;
    }

    private final InputBuffer<DriveCommand> torsoCommand = input("torso_command");
    private final InputBuffer<DriveCommand> headPanCommand = input("head_pan_command");
    private final InputBuffer<DriveCommand> headTiltCommand = input("head_tilt_command");
    private final OutputBuffer<DriveStatus> torsoStatus = output("torso_status");
    private final OutputBuffer<DriveStatus> headPanStatus = output("head_pan_status");
    private final OutputBuffer<DriveStatus> headTiltStatus = output("head_tilt_status");
    private final List<InputBuffer<?>> inputs = List.of(torsoCommand, headPanCommand, headTiltCommand);
    private final List<OutputBuffer<?>> outputs = List.of(torsoStatus, headPanStatus, headTiltStatus);
    private final Master master;
    /** Per drive in the master's (bus) order: its input buffer, the command the bus gets, its output buffer and status. */
    private final InputBuffer<DriveCommand>[] commandIn;
    private final DriveCommand[] commands;
    private final OutputBuffer<DriveStatus>[] statusOut;
    private final DriveStatus[] statuses;
    private boolean closed;

    @Activate
    public EthercatMasterEffector(Config config) throws EthercatException {
        this(config.interface$(), config.timeoutMicros());
    }

    @SuppressWarnings("unchecked")
    EthercatMasterEffector(String interfaceName, int timeoutMicros) throws EthercatException {
        if (timeoutMicros < 1) {
            throw new IllegalArgumentException(PID + ": timeoutMicros must be at least 1, got " + timeoutMicros);
        }
        Master m = new Master(RawSocket.open(interfaceName), VelmaBus.slaves(), timeoutMicros * 1000L);
        try {
            m.start();
        } catch (EthercatException | RuntimeException e) {
            m.close();
            throw e;
        }
        master = m;
        List<String> drives = m.drives();
        commandIn = new InputBuffer[drives.size()];
        commands = new DriveCommand[drives.size()];
        statusOut = new OutputBuffer[drives.size()];
        statuses = new DriveStatus[drives.size()];
        for (int d = 0; d < drives.size(); d++) {
            switch (drives.get(d)) {
                case VelmaBus.TORSO_PAN -> bind(d, torsoCommand, torsoStatus);
                case VelmaBus.HEAD_PAN -> bind(d, headPanCommand, headPanStatus);
                case VelmaBus.HEAD_TILT -> bind(d, headTiltCommand, headTiltStatus);
                default -> throw new IllegalStateException("the bus description has a drive '" + drives.get(d) + "' with no buffers");
            }
        }
    }

    private void bind(int d, InputBuffer<DriveCommand> in, OutputBuffer<DriveStatus> out) {
        commandIn[d] = in;
        commands[d] = new DriveCommand();
        statusOut[d] = out;
        // The master fills the output buffers' own messages: publishing is then a send, with no copy.
        statuses[d] = out.message();
    }

    private static InputBuffer<DriveCommand> input(String name) {
        return new InputBuffer<>(name, DriveCommand.class, DriveCommand::new);
    }

    private static OutputBuffer<DriveStatus> output(String name) {
        return new OutputBuffer<>(name, DriveStatus.class, DriveStatus::new);
    }

    @Deactivate
    void deactivate() {
        close();
    }

    /** Takes the slaves to INIT and closes the socket; once. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            master.close();
        }
    }

    @Override
    public SubsystemName name() {
        return SubsystemName.parse(NAME);
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return inputs;
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return outputs;
    }

    /**
     * The three statuses out of the frame the last write sent, which has travelled the bus meanwhile (waiting for it at
     * most the configured timeout); before any write, or when it did not come back, statuses that are not ok.
     */
    @Override
    public void read() {
        master.receive(statuses);
        for (OutputBuffer<DriveStatus> out : statusOut) {
            out.send();
        }
    }

    /** New commands into the process image and the frame sent, not waited for; a drive keeps its last command until a new one. */
    @Override
    public void write() {
        for (int d = 0; d < commands.length; d++) {
            if (commandIn[d].isNew()) {
                commands[d].copyFrom(commandIn[d].get());
            }
        }
        master.send(commands);
    }

    /** One whole exchange: the frame sent with the commands and its statuses read, as a loop without split passes runs it. */
    @Override
    public void step() {
        write();
        read();
    }

    /** The bus's counters: cycles, lost frames, working-counter errors, slaves out of OP. */
    Master master() {
        return master;
    }
}
