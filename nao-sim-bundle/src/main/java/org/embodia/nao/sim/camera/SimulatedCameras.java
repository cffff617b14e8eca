package org.embodia.nao.sim.camera;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.embodia.nao.model.CameraParameter;
import org.embodia.nao.model.ColorSpace;
import org.embodia.nao.model.NaoCamera;
import org.embodia.nao.model.Resolution;

/**
 * NAO's two cameras in ALVideoDevice's manner (real receptor R_core,cam of the RAPP core agent): a client subscribes
 * with a camera, resolution, colour space and frame rate, fetches images by the handle it got back, and unsubscribes;
 * parameters are set per camera. Each image is rendered on request from the head pose the supplier gives at that moment
 * and stamped with the clock's time.
 *
 * <p>Only {@link ColorSpace#K_BGR} is rendered. Thread-safe: subscriptions and parameters may be changed from a shell
 * thread while a control loop fetches images.
 */
public final class SimulatedCameras {
    /** Frame rates ALVideoDevice accepts for NAO, per second (Aldebaran, "NAO - Video camera", Frames Per Second). */
    public static final int MIN_FPS = 1;
    public static final int MAX_FPS = 30;

    /** What a subscriber asked for. */
    public record Subscription(String handle, NaoCamera camera, Resolution resolution, ColorSpace colorSpace, int fps) {
    }

    private final CameraRenderer renderer;
    private final Supplier<HeadPose> head;
    private final LongSupplier clockMicros;
    private final Map<NaoCamera, CameraSettings> settings = new EnumMap<>(NaoCamera.class);
    private final Map<String, Subscription> subscriptions = new LinkedHashMap<>();

    /**
     * @param head where the head is now, asked once per image
     * @param clockMicros the simulated time in µs, for the images' timestamps
     */
    public SimulatedCameras(Scene scene, Supplier<HeadPose> head, LongSupplier clockMicros) {
        this.renderer = new CameraRenderer(scene);
        this.head = head;
        this.clockMicros = clockMicros;
        for (NaoCamera camera : NaoCamera.values()) {
            settings.put(camera, new CameraSettings());
        }
    }

    /**
     * ALVideoDevice.subscribeCamera. A name already in use gets a suffix "_0", "_1"...; the handle returned is what
     * {@link #getImageRemote} and {@link #unsubscribe} take.
     *
     * @param cameraIndex 0 (top) or 1 (bottom)
     * @param resolution a NAOqi resolution id, see {@link Resolution}
     * @param colorSpace a NAOqi colour space id; only kBGRColorSpace (13) is rendered
     * @param fps frames per second, {@value #MIN_FPS} to {@value #MAX_FPS}
     */
    public synchronized String subscribeCamera(String name, int cameraIndex, int resolution, int colorSpace, int fps) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("subscribeCamera: the subscriber's name must not be empty");
        }
        NaoCamera camera = NaoCamera.byIndex(cameraIndex);
        Resolution size = Resolution.byId(resolution);
        ColorSpace space = ColorSpace.byId(colorSpace);
        if (space != ColorSpace.K_BGR) {
            throw new IllegalArgumentException("subscribeCamera: colour space " + space
                    + " is not simulated; the cameras render " + ColorSpace.K_BGR);
        }
        if (fps < MIN_FPS || fps > MAX_FPS) {
            throw new IllegalArgumentException("subscribeCamera: " + fps + " fps is outside [" + MIN_FPS + ", "
                    + MAX_FPS + "]");
        }
        String handle = name;
        for (int suffix = 0; subscriptions.containsKey(handle); suffix++) {
            handle = name + "_" + suffix;
        }
        subscriptions.put(handle, new Subscription(handle, camera, size, space, fps));
        return handle;
    }

    /** ALVideoDevice.getImageRemote: a frame from the subscriber's camera at its resolution, rendered now. */
    public CameraImage getImageRemote(String handle) {
        Subscription subscription;
        CameraSettings copy = new CameraSettings();
        synchronized (this) {
            subscription = subscription(handle);
            CameraSettings current = settings.get(subscription.camera());
            for (CameraParameter parameter : CameraParameter.values()) {
                copy.set(parameter, current.get(parameter));
            }
        }
        // Rendering takes a while at k4VGA: outside the lock, on a snapshot of the settings
        return renderer.render(subscription.camera(), head.get(), subscription.resolution(), copy,
                clockMicros.getAsLong());
    }

    /** ALVideoDevice.unsubscribe. */
    public synchronized void unsubscribe(String handle) {
        subscription(handle);
        subscriptions.remove(handle);
    }

    public synchronized Set<String> subscribers() {
        return Set.copyOf(subscriptions.keySet());
    }

    public synchronized Subscription subscription(String handle) {
        Subscription subscription = subscriptions.get(handle);
        if (subscription == null) {
            throw new IllegalArgumentException("no camera subscriber \"" + handle + "\"; the subscribers are "
                    + subscriptions.keySet());
        }
        return subscription;
    }

    /** ALVideoDevice.setParameter: one of the camera's {@link CameraParameter}s, by NAOqi id. */
    public synchronized void setParameter(int cameraIndex, int parameterId, int value) {
        NaoCamera camera = NaoCamera.byIndex(cameraIndex);
        settings.get(camera).set(CameraParameter.byId(parameterId), value);
    }

    /** ALVideoDevice.getParameter. */
    public synchronized int getParameter(int cameraIndex, int parameterId) {
        return settings.get(NaoCamera.byIndex(cameraIndex)).get(CameraParameter.byId(parameterId));
    }

    /** ALVideoDevice.setAllParametersToDefault. */
    public synchronized void setAllParametersToDefault(int cameraIndex) {
        settings.get(NaoCamera.byIndex(cameraIndex)).reset();
    }
}
