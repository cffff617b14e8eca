package org.embodia.web.velma;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.cs.api.VelmaView;
import org.embodia.velma.model.SelfCollision;
import org.embodia.velma.model.VelmaKinematics;
import org.embodia.web.api.ViewSection;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Velma's body in the web view, as velma_core_cs last saw it ({@link VelmaTaskInterface#view()}, the snapshot
 * {@code velma:status} reads): the 17 joints, the self-collision capsules in the world frame computed from them with
 * the model cs uses, the tools' frames and the nearest pair.
 */
@Component
public final class VelmaSection implements ViewSection {
    /** Joint names as in Velma's robot description (velma_description), torso, right arm, left arm, head. */
    static final List<String> JOINTS = joints();

    private final VelmaTaskInterface task;
    /** Used by the view's one publishing thread only. */
    private final VelmaKinematics kinematics = new VelmaKinematics();
    private final SelfCollision collision = new SelfCollision();

    @Activate
    public VelmaSection(@Reference VelmaTaskInterface task) {
        this.task = task;
    }

    private static List<String> joints() {
        List<String> names = new ArrayList<>();
        names.add("torso_0_joint");
        for (String arm : List.of("right", "left")) {
            for (int j = 0; j < 7; j++) {
                names.add(arm + "_arm_" + j + "_joint");
            }
        }
        names.add("head_pan_joint");
        names.add("head_tilt_joint");
        return List.copyOf(names);
    }

    @Override
    public String name() {
        return "velma";
    }

    @Override
    public Map<String, Object> model() {
        List<String> capsules = new ArrayList<>();
        double[] radii = new double[SelfCollision.capsules()];
        for (int c = 0; c < radii.length; c++) {
            capsules.add(SelfCollision.capsuleName(c));
            radii[c] = SelfCollision.radius(c);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("joints", JOINTS);
        m.put("capsules", capsules);
        m.put("radii", radii);
        return m;
    }

    @Override
    public synchronized Map<String, Object> snapshot() {
        VelmaView v = task.view();
        double[] q = new double[JOINTS.size()];
        q[0] = v.torso();
        System.arraycopy(v.right(), 0, q, 1, 7);
        System.arraycopy(v.left(), 0, q, 8, 7);
        q[15] = v.headPan();
        q[16] = v.headTilt();
        kinematics.update(v.torso(), v.right(), v.left(), v.headPan(), v.headTilt());
        collision.update(kinematics);
        List<double[]> capsules = new ArrayList<>();
        for (int c = 0; c < SelfCollision.capsules(); c++) {
            double[] s = new double[6];
            collision.segment(c, s);
            capsules.add(s);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("iteration", v.iteration());
        m.put("safeMode", v.veBodySafe());
        m.put("motorsReady", v.motorsReady());
        m.put("joints", q);
        m.put("capsules", capsules);
        m.put("tools", Map.of("right", v.rightTool(), "left", v.leftTool()));
        m.put("selfCollisionDistance", v.selfCollisionDistance());
        m.put("nearestPair", v.nearestPair());
        return m;
    }
}
