package org.embodia.ros.nao;

import java.util.ArrayList;
import java.util.List;

import org.embodia.scheduler.Agent;
import org.embodia.scheduler.AgentLayout;
import org.embodia.scheduler.BufferWatch;

/**
 * The watches on the buffers of NAO's RAPP core agent ([RAPP] §3) that the ROS topics come from, in the one agent
 * that runs its subsystems. All are read by the bridge's one thread.
 */
final class NaoWatches implements AutoCloseable {
    static final String BODY_RE = "core/a.body/re";
    static final String BODY_VE = "core/a.body/ve";
    static final String CAM_VR = "core/a.cam/vr";
    static final String TOUCH_VR = "core/a.touch/vr";
    static final String INERTIAL_VR = "core/a.inertial/vr";
    static final String FSR_VR = "core/a.fsr/vr";
    private static final List<String> SUBSYSTEMS = List.of(BODY_RE, BODY_VE, CAM_VR, TOUCH_VR, INERTIAL_VR, FSR_VR);

    final Agent agent;
    /** body/re's status, BodyEffectorStatus: cja and im, every step. */
    final BufferWatch body;
    /** body/ve's status, BodyStatus: the EKF's pose, every step. */
    final BufferWatch pose;
    /** cam/vr's command, CamCommand from cs: which camera an image was asked of. */
    final BufferWatch camCommand;
    /** cam/vr's status, CamStatus: the image, when one was taken. */
    final BufferWatch cam;
    /** The sensor receptors' statuses, SensorStatus: a value, when cs asked for one. */
    final BufferWatch touch;
    final BufferWatch inertial;
    final BufferWatch fsr;
    private final List<BufferWatch> all;

    /** @param opened body/re status, body/ve status, cam/vr command and status, touch, inertial, fsr status */
    NaoWatches(Agent agent, List<BufferWatch> opened) {
        this.agent = agent;
        this.all = opened;
        body = opened.get(0);
        pose = opened.get(1);
        camCommand = opened.get(2);
        cam = opened.get(3);
        touch = opened.get(4);
        inertial = opened.get(5);
        fsr = opened.get(6);
    }

    /**
     * Opens the watches in the first of {@code agents} that names NAO's subsystems.
     *
     * @return null while none does, or its subsystems are not all running yet
     */
    static NaoWatches open(List<Agent> agents) {
        for (Agent a : agents) {
            List<String> names = a.layout().subsystems().stream().map(AgentLayout.Subsystem::name).toList();
            if (!names.containsAll(SUBSYSTEMS)) {
                continue;
            }
            List<BufferWatch> opened = new ArrayList<>();
            try {
                opened.add(a.watch(BODY_RE, "status"));
                opened.add(a.watch(BODY_VE, "status"));
                opened.add(a.watch(CAM_VR, "command"));
                opened.add(a.watch(CAM_VR, "status"));
                opened.add(a.watch(TOUCH_VR, "status"));
                opened.add(a.watch(INERTIAL_VR, "status"));
                opened.add(a.watch(FSR_VR, "status"));
                return new NaoWatches(a, opened);
            } catch (IllegalArgumentException notRunningYet) {
                opened.forEach(BufferWatch::close);
            }
        }
        return null;
    }

    @Override
    public void close() {
        all.forEach(BufferWatch::close);
    }
}
