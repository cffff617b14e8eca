package org.embodia.velma.ethercat.internal;

import java.util.Locale;

import org.apache.felix.service.command.Descriptor;
import org.embodia.api.agent.Subsystem;
import org.embodia.velma.ethercat.Master;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/** {@code ethercat:bus}: the master's counters for the bus {@code core/a.ethercat/re} runs. */
@Component(service = BusCommands.class, property = {"osgi.command.scope=ethercat", "osgi.command.function=bus"})
public final class BusCommands {
    private volatile EthercatMasterEffector bus;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            target = "(component.name=org.embodia.velma.ethercat.internal.EthercatMasterEffector)")
    void setBus(Subsystem effector) {
        bus = (EthercatMasterEffector) effector;
    }

    void unsetBus(Subsystem effector) {
        if (bus == effector) {
            bus = null;
        }
    }

    @Descriptor("prints the EtherCAT master's counters: cycles, frames missed (late and lost), working-counter errors, slaves out of OP")
    public String bus() {
        EthercatMasterEffector b = bus;
        if (b == null) {
            return "no EtherCAT master is active";
        }
        Master m = b.master();
        return String.format(Locale.ROOT, "%d cycles, %d frames missed (%d late, %d lost), %d working-counter errors, %d cycles with a slave"
                + " out of OP; last round trip %.1f us", m.cycles(), m.missedFrames(), m.lateFrames(), m.lostFrames(), m.wkcErrors(),
                m.notOperational(), m.lastRoundTripNanos() / 1e3);
    }
}
