package org.embodia.nao.sensors;

import java.util.List;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.agent.SubsystemName;
import org.embodia.api.behavior.CommandIntake;
import org.embodia.api.behavior.Memory;
import org.embodia.api.behavior.Predicates;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.nao.api.SensorCommand;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorStatus;
import org.embodia.nao.api.SensorStatus;

/**
 * A touch, inertial or FSR virtual receptor of the RAPP core agent (seed 001 §3.4-3.6): it takes
 * cs's GET, checks that data_name is a key of its {@link SensorFamily}'s sensors, asks ALMemory (its
 * real receptor) for it and passes the value to cs. The three receptors differ only in their family;
 * each is a small DS component ({@link NaoTouch}, {@link NaoInertial}, {@link NaoFsr}) that also
 * registers its idle and get behaviours. This class holds the buffers, the memory and what the
 * behaviours share.
 *
 * <p>Buffers:
 * <ul>
 * <li>{@code command} ({@link SensorCommand}), from cs: cmd = GET and data_name, each command sent once;</li>
 * <li>{@code status} ({@link SensorStatus}), to cs only in a step that assigns value or a rejection (the spec's dash otherwise);</li>
 * <li>{@code re_command} ({@link SensorReceptorCommand}), to the real receptor: GET_DATA at get's i0;</li>
 * <li>{@code re_status} ({@link SensorReceptorStatus}), from the real receptor: value when assigned.</li>
 * </ul>
 *
 * <p>One pass per step: the scheduler receives every input, steps the FSM, then calls
 * {@link #endIteration()}, which sends cs what the step assigned and commits the memory (s^(i+1)
 * becomes s^i).
 */
public abstract sealed class NaoSensor implements Subsystem permits NaoTouch, NaoInertial, NaoFsr {
    final InputBuffer<SensorCommand> command = new InputBuffer<>("command", SensorCommand.class, SensorCommand::new);
    final InputBuffer<SensorReceptorStatus> reStatus = new InputBuffer<>("re_status", SensorReceptorStatus.class, SensorReceptorStatus::new);
    final OutputBuffer<SensorReceptorCommand> reCommand = new OutputBuffer<>("re_command", SensorReceptorCommand.class,
            SensorReceptorCommand::new);
    final OutputBuffer<SensorStatus> status = new OutputBuffer<>("status", SensorStatus.class, SensorStatus::new);

    private final SensorFamily family;
    private final SubsystemName name;
    private final Memory<SensorMemory> memory = new Memory<>(SensorMemory::new);
    private final CommandIntake<SensorCommand> intake;

    /** The real receptor's counter as seen in the previous step: a change is new(value). */
    private long seenValueSeq;
    private boolean statusAssigned;

    NaoSensor(SensorFamily family) {
        this.family = family;
        this.name = SubsystemName.parse(family.subsystem());
        this.intake = new CommandIntake<>(command, SensorCommand::new, new SensorCommandCheck(family)::check);
    }

    /** Which sensors this receptor reads. */
    public SensorFamily family() {
        return family;
    }

    @Override
    public SubsystemName name() {
        return name;
    }

    @Override
    public List<InputBuffer<?>> inputs() {
        return List.of(command, reStatus);
    }

    @Override
    public List<OutputBuffer<?>> outputs() {
        return List.of(status, reCommand);
    }

    @Override
    public String fsm() {
        return family.fsm();
    }

    @Override
    public Predicates predicates() {
        return Predicates.builder()
                .add("cmdValid", intake::valid)
                .add("cmdGet", () -> intake.arrived() && intake.command().cmd == SensorCommand.Cmd.GET)
                .add("tm", () -> memory.current().tm)
                .build();
    }

    @Override
    public void endIteration() {
        if (statusAssigned) {
            status.send();
            statusAssigned = false;
        }
        seenValueSeq = reStatus.get().valueSeq;
        memory.commit();
        intake.endIteration();
    }

    /**
     * Idle's answer to a new command: a valid one is kept for get and clears the last rejection (cs
     * sees that with the value); an invalid one goes no further, and cs learns why in this step.
     */
    public void acceptOrReject() {
        if (!intake.arrived()) {
            return;
        }
        SensorStatus s = status.message();
        String reason = intake.accept();
        s.reason = reason;
        if (reason != null) {
            s.reasonSeq++;
            statusAssigned = true;
        }
    }

    /** The command idle accepted last: the arguments cx r^(i0)[arg] get started with. */
    public SensorCommand commanded() {
        return intake.accepted();
    }

    /** new(Rx r^i[value]). */
    public boolean valueNew() {
        return reStatus.get().valueSeq != seenValueSeq;
    }

    /** r r^i: the memory as this step found it. */
    public SensorMemory memory() {
        return memory.current();
    }

    /** r r^(i+1): the memory this step leaves; a field not written keeps its value. */
    public SensorMemory nextMemory() {
        return memory.next();
    }

    /** Clears tm when get's state ends, so the next get starts from tm = FALSE, as its i0 assignment assumes. */
    public void endBehavior() {
        memory.next().tm = false;
    }

    /** Ry r^(i+1): the command to fill before {@link #sendReceptorCommand()}. */
    public SensorReceptorCommand receptorCommand() {
        return reCommand.message();
    }

    public void sendReceptorCommand() {
        reCommand.send();
    }

    /** cy r^(i+1)[value] = Rx r^i[value]. */
    public void passValue() {
        SensorStatus s = status.message();
        s.value.copyFrom(reStatus.get().value);
        s.valueSeq++;
        statusAssigned = true;
    }
}
