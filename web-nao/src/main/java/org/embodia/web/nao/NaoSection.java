package org.embodia.web.nao;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.embodia.nao.api.BodyEffectorStatus;
import org.embodia.nao.api.BodyStatus;
import org.embodia.nao.api.CamStatus;
import org.embodia.nao.api.Image;
import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.scheduler.Agent;
import org.embodia.scheduler.AgentLayout;
import org.embodia.scheduler.BufferWatch;
import org.embodia.web.api.ViewSection;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * NAO in the web view: its joints (cja of e_core,body's real effector), the EKF's pose (the virtual effector's status)
 * beside the simulator's truth, and the last image the camera receptor delivered. It reads the buffers through
 * {@link BufferWatch}es, opened while a page is open and closed when none is.
 */
@Component(service = {ViewSection.class, NaoSection.class})
public final class NaoSection implements ViewSection {
    static final String BODY_VE = "core/a.body/ve";
    static final String BODY_RE = "core/a.body/re";
    static final String CAM_VR = "core/a.cam/vr";

    private final List<Agent> agents = new CopyOnWriteArrayList<>();
    private volatile NaoSimulator simulator;
    /** Guarded by this: the watches, and the camera's last image and its PNG. */
    private final List<BufferWatch> watches = new ArrayList<>();
    private BufferWatch bodyRe;
    private BufferWatch bodyVe;
    private BufferWatch cam;
    private final Image image = new Image();
    private long imageSeq;
    private long imageNumber;
    private byte[] png;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addAgent(Agent agent) {
        agents.add(agent);
    }

    synchronized void removeAgent(Agent agent) {
        agents.remove(agent);
        idle();
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void setSimulator(NaoSimulator s) {
        simulator = s;
    }

    void unsetSimulator(NaoSimulator s) {
        if (simulator == s) {
            simulator = null;
        }
    }

    @Override
    public String name() {
        return "nao";
    }

    @Override
    public Map<String, Object> model() {
        List<String> joints = new ArrayList<>();
        for (int i = 0; i < NaoJoint.count(); i++) {
            joints.add(NaoJoint.at(i).naoqiName());
        }
        return Map.of("joints", joints);
    }

    @Override
    public synchronized Map<String, Object> snapshot() {
        if (bodyVe == null && !open()) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        double[] joints = new double[NaoJoint.count()];
        if (bodyRe.latest() instanceof BodyEffectorStatus s) {
            for (int i = 0; i < s.cja.count; i++) {
                int at = index(s.cja.joints[i]);
                if (at >= 0) {
                    joints[at] = s.cja.values[i];
                }
            }
        }
        m.put("joints", joints);
        if (bodyVe.latest() instanceof BodyStatus s) {
            m.put("ekf", pose(s.pose.x, s.pose.y, s.pose.theta));
        }
        NaoSimulator sim = simulator;
        if (sim != null) {
            double[] t = sim.truePose();
            m.put("truth", pose(t[0], t[1], t[2]));
        }
        if (cam.latest() instanceof CamStatus s && s.imageSeq != imageSeq && s.image.length > 0) {
            image.copyFrom(s.image);
            imageSeq = s.imageSeq;
            imageNumber++;
            png = null;
        }
        m.put("camera", Map.of("seq", imageNumber, "width", image.width, "height", image.height));
        return m;
    }

    /** The camera's last image as PNG, or null before any. */
    synchronized byte[] png() throws IOException {
        if (imageNumber == 0) {
            return null;
        }
        if (png == null) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Png.write(image, out);
            png = out.toByteArray();
        }
        return png;
    }

    @Override
    public synchronized void idle() {
        watches.forEach(BufferWatch::close);
        watches.clear();
        bodyRe = null;
        bodyVe = null;
        cam = null;
    }

    /** Watches the buffers in the agent that runs NAO's body; false when none does. */
    private boolean open() {
        for (Agent a : agents) {
            List<String> names = a.layout().subsystems().stream().map(AgentLayout.Subsystem::name).toList();
            if (names.contains(BODY_VE) && names.contains(BODY_RE) && names.contains(CAM_VR)) {
                try {
                    bodyRe = watch(a, BODY_RE);
                    bodyVe = watch(a, BODY_VE);
                    cam = watch(a, CAM_VR);
                    return true;
                } catch (IllegalArgumentException notThere) {
                    idle();
                }
            }
        }
        return false;
    }

    private BufferWatch watch(Agent a, String subsystem) {
        BufferWatch w = a.watch(subsystem, "status");
        watches.add(w);
        return w;
    }

    private static int index(String joint) {
        try {
            return joint == null ? -1 : NaoJoint.byName(joint).ordinal();
        } catch (IllegalArgumentException notAJoint) {
            return -1;
        }
    }

    private static Map<String, Object> pose(double x, double y, double theta) {
        return Map.of("x", x, "y", y, "theta", theta);
    }
}
