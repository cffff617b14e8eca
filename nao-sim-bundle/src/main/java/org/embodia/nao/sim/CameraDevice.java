package org.embodia.nao.sim;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

import org.embodia.nao.api.CamParams;
import org.embodia.nao.api.CamReceptorCommand;
import org.embodia.nao.api.CamReceptorStatus;
import org.embodia.nao.model.CameraParameter;
import org.embodia.nao.model.NaoJoint;
import org.embodia.nao.model.Resolution;
import org.embodia.nao.sim.api.NaoSimulator;
import org.embodia.nao.sim.body.SimulatedBody;
import org.embodia.nao.sim.camera.CameraImage;
import org.embodia.nao.sim.camera.HeadPose;
import org.embodia.nao.sim.camera.Scene;
import org.embodia.nao.sim.camera.SimulatedCameras;
import org.embodia.nao.sim.memory.AlMemory;

/**
 * ALVideoDevice and ALMemory behind R_core,cam ([RAPP] §3.7.1), over the two simulated head cameras looking into
 * {@link Scene#room()}. Every command goes to a worker in order: subscribing, unsubscribing and parameters are quick,
 * but rendering an image by ray casting takes tens of milliseconds at kVGA. What it answers (name_id, image, value)
 * is reported in the tick that takes it up, the image in kBGRColorSpace at the subscribed resolution, drawn from the
 * head's pose at the start of the tick GET_IMAGE acted in and stamped with that simulated time (ns since start).
 *
 * <p>Readings: SUBSCRIBE subscribes as {@value #SUBSCRIBER} (NAOqi appends _0, _1... to a name in use) with params'
 * res, cid, cs and fr; pf, a picture format, is not ALVideoDevice's business and is only kept. SET_PARAMETERS' data_name
 * is a parameter's NAOqi name ("kCameraBrightnessID") or id ("0"). GET_DATA reads, in this order: the last
 * subscription's {@code resolution}, {@code picture format}, {@code color space} and {@code frame rate} (the names
 * §3.7.1 lists), a camera parameter of camera params[cid] by name or id, or any ALMemory key. A command ALVideoDevice
 * would refuse (unknown camera, resolution, colour space or subscriber) is reported in value under data_name
 * {@value NaoSimulator#ERROR}.
 */
final class CameraDevice extends CommandedDevice<CamReceptorCommand> {
    static final int IMAGE_CAPACITY = Resolution.K_4VGA.width() * Resolution.K_4VGA.height() * 3;
    static final String SUBSCRIBER = "rapp_core_cam";

    private static final CameraParameter[] PARAMETERS = CameraParameter.values();

    private enum Kind {
        SUBSCRIBE, GET_IMAGE, UNSUBSCRIBE, SET_PARAMETER, GET_PARAMETER
    }

    private static final class Request {
        Kind kind;
        long time;
        String nameId;
        int resolution;
        int camera;
        int colorSpace;
        int fps;
        String dataName;
        int parameter;
        int value;
        final double[] pose = new double[7];
    }

    private enum Outcome {
        NAME_ID, IMAGE, VALUE, ERROR
    }

    private static final class Result {
        Outcome outcome;
        String text;
        int width;
        int height;
        int length;
        byte[] pixels = new byte[0];
        long micros;
        double number;
    }

    private final NaoSimulation simulation;
    private final SimulatedBody body;
    private final MemoryQuery query;
    private final CamReceptorStatus status = new CamReceptorStatus(IMAGE_CAPACITY);
    private boolean changed = true;
    private final SpscRing<Request> requests = new SpscRing<>(8, Request::new);
    private final SpscRing<Result> results = new SpscRing<>(4, Result::new);
    private final Worker worker;
    /** The last SUBSCRIBE's params, for GET_DATA. */
    private final CamParams subscribed = new CamParams();
    private boolean everSubscribed;

    // The worker's
    private final SimulatedCameras cameras;
    private HeadPose head;
    private long micros;
    private volatile boolean closing;

    CameraDevice(NaoSimulation simulation, SimulatedBody body, AlMemory memory) {
        super(CamReceptorCommand::new);
        this.simulation = simulation;
        this.body = body;
        this.query = new MemoryQuery(memory);
        cameras = new SimulatedCameras(Scene.room(), () -> head, () -> micros);
        worker = new Worker(NaoSimulator.CLOCK + " cameras", this::work,
                t -> simulation.commandError(CamReceptor.NAME, t.toString()));
        worker.start();
    }

    @Override
    void carryOut(CamReceptorCommand c, long start) {
        if (c.cmd == null) {
            error("a command without cmd; cmd is one of " + Arrays.toString(CamReceptorCommand.Cmd.values()));
            return;
        }
        switch (c.cmd) {
            case SUBSCRIBE -> {
                Request r = request(Kind.SUBSCRIBE, start);
                if (r != null) {
                    r.resolution = c.params.res;
                    r.camera = c.params.cid;
                    r.colorSpace = c.params.cs;
                    r.fps = c.params.fr;
                    send();
                    subscribed.copyFrom(c.params);
                    everSubscribed = true;
                }
            }
            case GET_IMAGE -> {
                Request r = request(Kind.GET_IMAGE, start);
                if (r != null) {
                    r.nameId = c.nameId;
                    r.pose[0] = body.trueX();
                    r.pose[1] = body.trueY();
                    r.pose[2] = body.trueTheta();
                    r.pose[3] = body.torsoHeight();
                    r.pose[4] = body.torsoPitch();
                    r.pose[5] = body.angle(NaoJoint.HEAD_YAW);
                    r.pose[6] = body.angle(NaoJoint.HEAD_PITCH);
                    send();
                }
            }
            case UNSUBSCRIBE -> {
                Request r = request(Kind.UNSUBSCRIBE, start);
                if (r != null) {
                    r.nameId = c.nameId;
                    send();
                }
            }
            case SET_PARAMETERS -> {
                CameraParameter parameter = parameter(c.dataName);
                if (parameter == null) {
                    error("setParameter: \"" + c.dataName + "\" is no camera parameter; they are "
                            + Arrays.stream(PARAMETERS).map(CameraParameter::naoqiName).toList() + " or their ids");
                    return;
                }
                Request r = request(Kind.SET_PARAMETER, start);
                if (r != null) {
                    r.camera = c.params.cid;
                    r.parameter = parameter.id();
                    r.value = c.value;
                    send();
                }
            }
            case GET_DATA -> get(c, start);
        }
    }

    private void get(CamReceptorCommand c, long start) {
        String attribute = c.dataName == null ? "" : c.dataName.replace(" ", "").replace("_", "").toLowerCase(Locale.ROOT);
        if (everSubscribed && attribute.equals("resolution")) {
            answer(c.dataName, subscribed.res);
        } else if (everSubscribed && (attribute.equals("colorspace") || attribute.equals("colourspace"))) {
            answer(c.dataName, subscribed.cs);
        } else if (everSubscribed && attribute.equals("framerate")) {
            answer(c.dataName, subscribed.fr);
        } else if (everSubscribed && attribute.equals("pictureformat")) {
            status.value.setText(c.dataName, subscribed.pf == null ? "" : subscribed.pf);
            status.valueSeq++;
            changed = true;
        } else {
            CameraParameter parameter = parameter(c.dataName);
            if (parameter == null) {
                query.ask(c.dataName);
                return;
            }
            Request r = request(Kind.GET_PARAMETER, start);
            if (r != null) {
                r.camera = c.params.cid;
                r.parameter = parameter.id();
                r.dataName = c.dataName;
                send();
            }
        }
    }

    private void answer(String dataName, double number) {
        status.value.setNumber(dataName, number);
        status.valueSeq++;
        changed = true;
    }

    /** The parameter named by its NAOqi name or its id, or null. */
    private static CameraParameter parameter(String name) {
        if (name == null) {
            return null;
        }
        for (CameraParameter p : PARAMETERS) {
            if (p.naoqiName().equals(name) || Integer.toString(p.id()).equals(name.strip())) {
                return p;
            }
        }
        return null;
    }

    private Request request(Kind kind, long time) {
        Request r = requests.claim();
        if (r == null) {
            error("the cameras are busy: 8 requests wait; " + kind + " dropped");
            return null;
        }
        r.kind = kind;
        r.time = time;
        return r;
    }

    private void send() {
        requests.publish();
        worker.wake();
    }

    private void error(String message) {
        simulation.commandError(CamReceptor.NAME, message);
        status.value.setText(NaoSimulator.ERROR, message);
        status.valueSeq++;
        changed = true;
    }

    @Override
    public void sense(long end) {
        Result r;
        while ((r = results.peek()) != null) {
            switch (r.outcome) {
                case NAME_ID -> {
                    status.nameId = r.text;
                    status.nameIdSeq++;
                }
                case IMAGE -> {
                    status.image.width = r.width;
                    status.image.height = r.height;
                    status.image.layers = 3;
                    status.image.colorSpace = CamParams.kBGRColorSpace;
                    status.image.encoding = null;
                    status.image.timestampNanos = r.micros * 1000;
                    System.arraycopy(r.pixels, 0, status.image.data, 0, r.length);
                    status.image.length = r.length;
                    status.imageSeq++;
                }
                case VALUE -> {
                    status.value.setNumber(r.text, r.number);
                    status.valueSeq++;
                }
                case ERROR -> error(r.text);
            }
            changed = true;
            r.text = null;
            results.release();
        }
        if (query.answer(status.value)) {
            status.valueSeq++;
            changed = true;
        }
    }

    /** Fills the subsystem's status when something was assigned since it was last sent. */
    boolean status(CamReceptorStatus out) {
        if (!changed) {
            return false;
        }
        out.copyFrom(status);
        changed = false;
        return true;
    }

    // ---- the worker ----

    private void work() {
        Request r;
        while ((r = requests.peek()) != null) {
            carryOut(r);
            r.nameId = null;
            r.dataName = null;
            requests.release();
        }
    }

    private void carryOut(Request r) {
        Result result = results.claim();
        while (result == null) {
            // The clock takes every result up each tick; while it is stopped, the worker waits rather than lose one.
            if (closing) {
                return;
            }
            LockSupport.parkNanos(this, Worker.IDLE_MILLIS * 1_000_000);
            result = results.claim();
        }
        try {
            switch (r.kind) {
                case SUBSCRIBE -> {
                    result.outcome = Outcome.NAME_ID;
                    result.text = cameras.subscribeCamera(SUBSCRIBER, r.camera, r.resolution, r.colorSpace, r.fps);
                }
                case GET_IMAGE -> {
                    head = new HeadPose(r.pose[0], r.pose[1], r.pose[2], r.pose[3], r.pose[4], r.pose[5], r.pose[6]);
                    micros = Math.round(r.time * SimulatedBody.STEP * 1e6);
                    CameraImage image = cameras.getImageRemote(r.nameId);
                    result.outcome = Outcome.IMAGE;
                    result.width = image.width();
                    result.height = image.height();
                    result.length = 3 * image.width() * image.height();
                    if (result.pixels.length < result.length) {
                        result.pixels = new byte[result.length];
                    }
                    image.copyPixels(result.pixels);
                    result.micros = image.timestampMicros();
                }
                case UNSUBSCRIBE -> {
                    cameras.unsubscribe(r.nameId);
                    return;
                }
                case SET_PARAMETER -> {
                    cameras.setParameter(r.camera, r.parameter, r.value);
                    return;
                }
                case GET_PARAMETER -> {
                    result.outcome = Outcome.VALUE;
                    result.text = r.dataName;
                    result.number = cameras.getParameter(r.camera, r.parameter);
                }
            }
        } catch (IllegalArgumentException e) {
            result.outcome = Outcome.ERROR;
            result.text = "ALVideoDevice: " + e.getMessage();
        }
        results.publish();
    }

    @Override
    public void close() {
        closing = true;
        worker.close();
    }
}
