package org.embodia.nao.sim;

import org.embodia.nao.api.SensorReceptorCommand;
import org.embodia.nao.api.SensorReceptorStatus;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.nao.sim.memory.AlMemory;

/**
 * The touch sensors, the inertial unit or the FSRs as NAOqi offers them to R_core,touch, R_core,inertial and
 * R_core,fsr ([RAPP] §3.4-3.6): through ALMemory, read by GET_DATA. The body's step keeps their keys current; which
 * keys a receptor may read is the virtual receptor's check, so any key ALMemory holds is answered here.
 */
final class SensorDevice extends CommandedDevice<SensorReceptorCommand> {
    private final NaoSimulation simulation;
    private final String name;
    private final MemoryQuery query;
    private final SensorReceptorStatus status = new SensorReceptorStatus();

    SensorDevice(NaoSimulation simulation, String name, AlMemory memory) {
        super(SensorReceptorCommand::new);
        this.simulation = simulation;
        this.name = name;
        this.query = new MemoryQuery(memory);
    }

    @Override
    void carryOut(SensorReceptorCommand c, long start) {
        if (c.cmd == SensorReceptorCommand.Cmd.GET_DATA) {
            query.ask(c.dataName);
        } else {
            String message = "a command without cmd; the only one is GET_DATA";
            simulation.commandError(name, message);
            status.value.setText(NaoSimulator.ERROR, message);
            status.valueSeq++;
        }
    }

    @Override
    public void sense(long end) {
        if (query.answer(status.value)) {
            status.valueSeq++;
        }
    }

    /** Fills the subsystem's status, sent every tick. */
    boolean status(SensorReceptorStatus out) {
        out.copyFrom(status);
        return true;
    }

    @Override
    public void close() {
    }
}
