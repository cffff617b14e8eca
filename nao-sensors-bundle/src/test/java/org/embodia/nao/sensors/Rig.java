package org.embodia.nao.sensors;

import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.nao.api.SensorCommand;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorStatus;
import org.embodia.nao.api.SensorStatus;
import org.embodia.testing.subsystem.VirtualSubsystemRig;

/**
 * cs and the real receptor around one touch, inertial or FSR virtual receptor, stepped as the
 * scheduler steps it: each step the real receptor reports, cs may send a command, the receptor
 * receives both, its FSM steps over its real predicates with its registered behaviours, its iteration
 * ends, and cs and the real receptor receive what it sent.
 */
final class Rig extends VirtualSubsystemRig<SensorCommand, SensorStatus, SensorReceptorCommand, SensorReceptorStatus> {
    final NaoSensor sensor;

    Rig(SensorFamily family) throws FsmLoadException {
        this(switch (family) {
            case TOUCH -> new NaoTouch();
            case INERTIAL -> new NaoInertial();
            case FSR -> new NaoFsr();
        }, family);
    }

    private Rig(NaoSensor sensor, SensorFamily family) throws FsmLoadException {
        super(sensor, file(family), behaviors(sensor));
        this.sensor = sensor;
    }

    /** The behaviour services the component registers for {@code sensor}, by the names its DS properties give. */
    static Map<String, Behavior> behaviors(NaoSensor sensor) {
        if (sensor instanceof NaoTouch t) {
            return Map.of("idle", new NaoTouch.TouchIdle(t), "get", new NaoTouch.TouchGet(t));
        }
        if (sensor instanceof NaoInertial i) {
            return Map.of("idle", new NaoInertial.InertialIdle(i), "get", new NaoInertial.InertialGet(i));
        }
        NaoFsr f = (NaoFsr) sensor;
        return Map.of("idle", new NaoFsr.FsrIdle(f), "get", new NaoFsr.FsrGet(f));
    }

    static String file(SensorFamily family) {
        return "fsm/" + family.fsm() + ".yaml";
    }

    static FsmDefinition definition(SensorFamily family) throws FsmLoadException {
        return VirtualSubsystemRig.definition(NaoSensor.class, file(family));
    }

    /** The real receptor answers with the number {@code value} for {@code key}, in the coming step. */
    void reportNumber(String key, double value) {
        report().value.setNumber(key, value);
        report().valueSeq++;
    }

    static SensorCommand get(String dataName) {
        SensorCommand c = new SensorCommand();
        c.cmd = SensorCommand.Cmd.GET;
        c.dataName = dataName;
        return c;
    }
}
