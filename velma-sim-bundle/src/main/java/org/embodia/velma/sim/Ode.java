package org.embodia.velma.sim;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;

/**
 * The Open Dynamics Engine [ODE] in C, Debian's libode 0.16, through this bundle's JNI library
 * ({@code src/main/c/embodia_ode.c}): one native method per ODE call the simulation makes. Handles are ODE's
 * pointers; a handle of 0 is no body. Vectors come back in caller-owned {@code double[3]}, so that the step's calls
 * allocate nothing: ODE keeps a world's working memory from one step to the next.
 */
final class Ode {
    static final String LIBRARY = "embodia_ode";
    /** Where the build puts the library in the bundle; bnd.bnd's Bundle-NativeCode names the same path. */
    static final String RESOURCE = "/native/linux-x86-64/lib" + LIBRARY + ".so";

    static {
        load();
    }

    private Ode() {
    }

    private static void load() {
        try {
            // In a framework, the bundle's class loader finds it through Bundle-NativeCode.
            System.loadLibrary(LIBRARY);
        } catch (UnsatisfiedLinkError notInAFramework) {
            loadFromClassPath();
        }
    }

    /** On a plain class path (tests, benches), from the classes directory or a copy of the jar's entry. */
    private static void loadFromClassPath() {
        URL url = Ode.class.getResource(RESOURCE);
        if (url == null) {
            throw new UnsatisfiedLinkError(RESOURCE + " is not among the classes: the build compiles it (velma-sim-bundle/pom.xml)");
        }
        Path file;
        try {
            if ("file".equals(url.getProtocol())) {
                file = Paths.get(url.toURI());
            } else {
                file = Files.createTempFile(LIBRARY, ".so");
                file.toFile().deleteOnExit();
                try (InputStream in = url.openStream()) {
                    Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException | URISyntaxException e) {
            throw new UnsatisfiedLinkError("cannot read " + url + ": " + e);
        }
        try {
            System.load(file.toString());
        } catch (UnsatisfiedLinkError e) {
            UnsatisfiedLinkError clear = new UnsatisfiedLinkError(e.getMessage()
                    + " (the simulation's physics is Debian's libode8: .ci/setup installs it)");
            clear.initCause(e);
            throw clear;
        }
    }

    /** dInitODE2: counted, each call to be paired with {@link #close()}. */
    static native boolean init();

    static native void close();

    /** dGetConfiguration: how this libode was built, e.g. {@code ODE_double_precision}. */
    static native String configuration();

    /** A world with a threading implementation of its own, so that worlds step on different threads at once; 0 if none. */
    static native long worldCreate();

    static native void worldDestroy(long world);

    static native void worldSetGravity(long world, double x, double y, double z);

    /** dWorldStep, ODE's exact (Dantzig LCP) stepper; false if ODE could not get its working memory. */
    static native boolean worldStep(long world, double dt);

    static native long bodyCreate(long world);

    static native void bodySetPosition(long body, double x, double y, double z);

    static native void bodyGetPosition(long body, double[] out);

    /** The 3×3 rotation, row by row. */
    static native void bodySetRotation(long body, double[] rowMajor);

    static native void bodySetLinearVel(long body, double x, double y, double z);

    static native void bodySetAngularVel(long body, double x, double y, double z);

    /** The mass and its inertia tensor about the body's origin, which is its centre of mass. */
    static native void bodySetMass(long body, double mass, double i11, double i22, double i33, double i12, double i13, double i23);

    static native long hingeCreate(long world);

    /** {@code body2} 0 joins {@code body1} to the static environment. */
    static native void jointAttach(long joint, long body1, long body2);

    static native void hingeSetAnchor(long joint, double x, double y, double z);

    static native void hingeSetAxis(long joint, double x, double y, double z);

    static native void hingeGetAnchor(long joint, double[] out);

    static native void hingeGetAxis(long joint, double[] out);

    /** dParamLoStop and dParamHiStop; equal stops hold the hinge. */
    static native void hingeSetStops(long joint, double lo, double hi);

    static native void hingeAddTorque(long joint, double torque);

    static native double hingeAngle(long joint);

    static native double hingeAngleRate(long joint);
}
