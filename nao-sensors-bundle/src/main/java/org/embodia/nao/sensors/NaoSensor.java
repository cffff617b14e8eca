package org.embodia.nao.sensors;

import org.embodia.api.behavior.Predicates;
import org.embodia.api.behavior.VirtualSubsystem;
import org.embodia.nao.api.SensorCommand;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorStatus;
import org.embodia.nao.api.SensorStatus;

/**
 * A touch, inertial or FSR virtual receptor of the RAPP core agent ([RAPP] §3.4-3.6): it takes
 * cs's GET, checks that data_name is a key of its {@link SensorFamily}'s sensors, asks ALMemory (its
 * real receptor) for it and passes the value to cs. The three receptors differ only in their family;
 * each is a small DS component ({@link NaoTouch}, {@link NaoInertial}, {@link NaoFsr}) that also
 * registers its idle and get behaviours. This class adds the family to the plumbing
 * {@link VirtualSubsystem} shares.
 *
 * <p>Buffers:
 * <ul>
 * <li>{@code command} ({@link SensorCommand}), from cs: cmd = GET and data_name, each command sent once;</li>
 * <li>{@code status} ({@link SensorStatus}), to cs only in a step that assigns value or a rejection (the spec's dash otherwise);</li>
 * <li>{@code re_command} ({@link SensorReceptorCommand}), to the real receptor: GET_DATA at get's i0;</li>
 * <li>{@code re_status} ({@link SensorReceptorStatus}), from the real receptor: value when assigned.</li>
 * </ul>
 *
 * <p>One pass per step, as {@link VirtualSubsystem} describes.
 */
public abstract sealed class NaoSensor extends VirtualSubsystem<SensorCommand, SensorStatus, SensorReceptorCommand, SensorReceptorStatus,
        SensorMemory> permits NaoTouch, NaoInertial, NaoFsr {
    private final SensorFamily family;
    private final CountedField value = counted(s -> s.valueSeq);

    NaoSensor(SensorFamily family) {
        super(family.subsystem(), family.fsm(), SensorCommand.class, SensorCommand::new, SensorStatus.class, SensorStatus::new,
                SensorReceptorCommand.class, SensorReceptorCommand::new, SensorReceptorStatus.class, SensorReceptorStatus::new,
                SensorMemory::new, new SensorCommandCheck(family)::check, (s, reason, seq) -> { s.reason = reason; s.reasonSeq = seq; });
        this.family = family;
    }

    /** Which sensors this receptor reads. */
    public SensorFamily family() {
        return family;
    }

    @Override
    protected void commandPredicates(Predicates.Builder predicates) {
        predicates.add("cmdGet", () -> commandIs(c -> c.cmd == SensorCommand.Cmd.GET));
    }

    /** new(Rx r^i[value]). */
    public boolean valueNew() {
        return value.isNew();
    }

    /** cy r^(i+1)[value] = Rx r^i[value]. */
    public void passValue() {
        SensorStatus s = assignStatus();
        s.value.copyFrom(reStatus().value);
        s.valueSeq++;
    }
}
