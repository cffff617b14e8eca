package org.embodia.nao.sensors;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

import org.embodia.api.behavior.Behavior;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmExecutor;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.FsmLoader;
import org.embodia.nao.api.SensorCommand;
import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorStatus;
import org.embodia.nao.api.SensorStatus;

/**
 * cs and the real receptor around one touch, inertial or FSR virtual receptor, stepped as the
 * scheduler steps it: each step the real receptor reports, cs may send a command, the receptor
 * receives both, its FSM steps over its real predicates with its registered behaviours, its iteration
 * ends, and cs and the real receptor receive what it sent.
 */
final class Rig {
    final NaoSensor sensor;
    final FsmExecutor fsm;
    final OutputBuffer<SensorCommand> cs = new OutputBuffer<>("command", SensorCommand.class, SensorCommand::new);
    final OutputBuffer<SensorReceptorStatus> receptor = new OutputBuffer<>("re_status", SensorReceptorStatus.class, SensorReceptorStatus::new);
    final InputBuffer<SensorReceptorCommand> reCommand = new InputBuffer<>("re_command", SensorReceptorCommand.class,
            SensorReceptorCommand::new);
    final InputBuffer<SensorStatus> csStatus = new InputBuffer<>("status", SensorStatus.class, SensorStatus::new);

    Rig(SensorFamily family) throws FsmLoadException {
        sensor = switch (family) {
            case TOUCH -> new NaoTouch();
            case INERTIAL -> new NaoInertial();
            case FSR -> new NaoFsr();
        };
        cs.connect(sensor.commandBuffer());
        receptor.connect(sensor.reStatusBuffer());
        sensor.reCommandBuffer().connect(reCommand);
        sensor.statusBuffer().connect(csStatus);
        fsm = FsmExecutor.create(definition(family), behaviors(sensor), sensor.predicates());
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
        try (InputStream in = NaoSensor.class.getClassLoader().getResourceAsStream(file(family))) {
            return FsmLoader.load(file(family), in, Map.of());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The real receptor answers with the number {@code value} for {@code key}, in the coming step. */
    void reportNumber(String key, double value) {
        receptor.message().value.setNumber(key, value);
        receptor.message().valueSeq++;
    }

    /**
     * One step with a command from cs, or none when null. Returns the state that ran: the one the
     * step's check left current (a state it selected runs its i0 in this step).
     */
    String step(SensorCommand command) {
        receptor.send();
        if (command != null) {
            cs.write(command);
        }
        sensor.commandBuffer().receive();
        sensor.reStatusBuffer().receive();
        fsm.step();
        sensor.endIteration();
        reCommand.receive();
        csStatus.receive();
        return fsm.currentState();
    }

    String step() {
        return step(null);
    }

    static SensorCommand get(String dataName) {
        SensorCommand c = new SensorCommand();
        c.cmd = SensorCommand.Cmd.GET;
        c.dataName = dataName;
        return c;
    }
}
