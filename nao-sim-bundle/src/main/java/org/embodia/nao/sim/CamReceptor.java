package org.embodia.nao.sim;

import org.embodia.api.agent.Subsystem;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.api.CamReceptorStatus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code core/a.cam/rr} in simulation, R_core,cam of [RAPP] §3.7: ALVideoDevice and ALMemory over the simulated head
 * cameras. Its status has room for a k4VGA image ({@value CameraDevice#IMAGE_CAPACITY} bytes); a reader's buffer
 * must hold the largest resolution it subscribes with. The status is sent only in a tick that assigns name_id, image
 * or value: an image is too large to copy every 20 ms for nothing, and new(x) reads the counters.
 */
@Component(service = Subsystem.class)
public final class CamReceptor extends RealSubsystem<CamReceptorCommand, CamReceptorStatus> {
    public static final String NAME = "core/a.cam/rr";

    @Activate
    public CamReceptor(@Reference NaoSimulation simulation) {
        super(NAME, simulation, CamReceptorCommand.class, CamReceptorCommand::new, CamReceptorStatus.class,
                () -> new CamReceptorStatus(CameraDevice.IMAGE_CAPACITY), simulation.camera()::command,
                simulation.camera()::status);
    }

    @Deactivate
    void deactivate() {
        stop();
    }
}
