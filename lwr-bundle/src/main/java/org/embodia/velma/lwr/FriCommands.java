package org.embodia.velma.lwr;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import org.apache.felix.service.command.Descriptor;
import org.embodia.api.agent.Subsystem;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/** {@code lwr:fri}: each arm's FRI figures, as the effector counts them and as its KRC reports them in its measurements. */
@Component(service = FriCommands.class, property = {"osgi.command.scope=lwr", "osgi.command.function=fri"})
public final class FriCommands {
    private final List<LwrFriEffector> arms = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            target = "(component.name=org.embodia.velma.lwr.LwrFriEffector)")
    void addArm(Subsystem arm) {
        arms.add((LwrFriEffector) arm);
    }

    void removeArm(Subsystem arm) {
        arms.remove(arm);
    }

    @Descriptor("prints each LWR's FRI figures: measurements read and lost, answers sent, the KRC's answer rate and miss counter")
    public String fri() {
        return arms.isEmpty() ? "no LWR on FRI is active" : arms.stream().map(LwrFriEffector::describe).sorted().collect(Collectors.joining("\n"));
    }
}
