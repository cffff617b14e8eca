package org.embodia.velma.link;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.Percentiles;
import org.embodia.scheduler.StateSwitch;
import org.embodia.scheduler.SubsystemDiagnostics;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.cs.api.CartesianImpedanceCommand;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.Pose;
import org.embodia.velma.cs.api.VelmaView;

/**
 * What core/a and ros_interface/a's process say to each other over a {@code MessageLink}, each message its kind's byte
 * and its fields. The status, 100 times a second, is written into and read from buffers the sides keep
 * ({@link #putStatus}, {@link #status}): nothing is allocated for it. The rest are records.
 */
public sealed interface LinkMessage {
    byte STATUS = 1;
    byte STATE = 2;
    byte SWITCH = 3;
    byte DIAGNOSTICS = 4;
    byte CALL = 5;
    byte REPLY = 6;
    byte NODE = 7;

    /** The kind of the message at {@code in}'s position. */
    static byte kind(ByteBuffer in) {
        return in.get(in.position());
    }

    /** The body's status as the cycle sent it to cs, at {@code sentNanos} ({@code System.nanoTime()}). */
    static void putStatus(ByteBuffer out, long sentNanos, BodyStatus status) {
        out.put(STATUS).putLong(sentNanos);
        status.write(out);
    }

    /** Fills {@code into} with a {@link #STATUS} message's status; returns the time it was sent. */
    static long status(ByteBuffer in, BodyStatus into) {
        if (in.get() != STATUS) {
            throw new IllegalArgumentException("not a status message");
        }
        long sent = in.getLong();
        into.read(in);
        return sent;
    }

    /** A status message's length. */
    static int statusLength(BodyStatus status) {
        return 1 + Long.BYTES + status.wireSize();
    }

    /** Encodes this message whole. */
    ByteBuffer encode();

    /** Decodes any message but {@link #STATUS}. */
    static LinkMessage decode(ByteBuffer in) {
        byte kind = in.get();
        return switch (kind) {
            case STATE -> new State(string(in), string(in));
            case SWITCH -> new Switch(string(in), stateSwitch(in));
            case DIAGNOSTICS -> Diagnostics.read(in);
            case CALL -> new Call(in.getLong(), Request.read(in));
            case REPLY -> Reply.read(in);
            case NODE -> new Node(string(in));
            default -> throw new IllegalArgumentException("no message of kind " + kind + " in the link's protocol");
        };
    }

    /** A subsystem's FSM state, sent when it changes and when the link connects. */
    record State(String subsystem, String state) implements LinkMessage {
        @Override
        public ByteBuffer encode() {
            Writer w = new Writer(STATE);
            w.string(subsystem).string(state);
            return w.done();
        }
    }

    /** A switch of a subsystem's FSM, as {@code agent:switches} lists it. */
    record Switch(String subsystem, StateSwitch change) implements LinkMessage {
        @Override
        public ByteBuffer encode() {
            Writer w = new Writer(SWITCH);
            w.string(subsystem).putLong(change.cycle()).string(change.from()).string(change.to()).putInt(change.predicates().size());
            for (Map.Entry<String, Boolean> p : change.predicates().entrySet()) {
                w.string(p.getKey()).put(p.getValue());
            }
            return w.done();
        }
    }

    /** {@code agent:diag}'s figures. */
    record Diagnostics(String agent, List<ActivityDiagnostics> activities, List<SubsystemDiagnostics> subsystems) implements LinkMessage {
        @Override
        public ByteBuffer encode() {
            Writer w = new Writer(DIAGNOSTICS);
            w.string(agent).putInt(activities.size());
            for (ActivityDiagnostics a : activities) {
                w.string(a.name()).string(a.clock()).putLong(a.cycles()).putLong(a.overruns()).putLong(a.consecutiveOverruns()).put(a.fault())
                        .percentiles(a.wakeLatency()).percentiles(a.period()).percentiles(a.compute()).string(a.realtime())
                        .percentiles(a.sleepLatency()).putLong(a.periodNanos()).putLong(a.missedTriggers()).putLong(a.missedPasses())
                        .putLong(a.skippedTicks());
            }
            w.putInt(subsystems.size());
            for (SubsystemDiagnostics s : subsystems) {
                w.string(s.name()).string(s.activity()).put(s.present()).string(s.state()).string(s.fault()).putLong(s.iterations())
                        .putLong(s.failures()).string(s.lastFailure()).percentiles(s.compute());
            }
            return w.done();
        }

        static Diagnostics read(ByteBuffer in) {
            String agent = string(in);
            List<ActivityDiagnostics> activities = new ArrayList<>();
            for (int n = in.getInt(); n > 0; n--) {
                activities.add(new ActivityDiagnostics(string(in), string(in), in.getLong(), in.getLong(), in.getLong(), in.get() != 0,
                        percentiles(in), percentiles(in), percentiles(in), string(in), percentiles(in), in.getLong(), in.getLong(), in.getLong(), in.getLong()));
            }
            List<SubsystemDiagnostics> subsystems = new ArrayList<>();
            for (int n = in.getInt(); n > 0; n--) {
                subsystems.add(new SubsystemDiagnostics(string(in), string(in), in.get() != 0, string(in), string(in), in.getLong(),
                        in.getLong(), string(in), percentiles(in)));
            }
            return new Diagnostics(agent, activities, subsystems);
        }
    }

    /** A call of core/a's task interface, answered by the {@link Reply} of the same {@code id}. */
    record Call(long id, Request request) implements LinkMessage {
        @Override
        public ByteBuffer encode() {
            Writer w = new Writer(CALL);
            w.putLong(id);
            request.write(w);
            return w.done();
        }
    }

    /** What a {@link Call} asks: one method of {@code VelmaTaskInterface} and its arguments. */
    sealed interface Request {
        void write(Writer w);

        static Request read(ByteBuffer in) {
            byte op = in.get();
            return switch (op) {
                case 1 -> new ExitSafeMode();
                case 2 -> new Relax();
                case 3 -> new Head(in.getDouble(), in.getDouble(), in.getDouble());
                case 4 -> new Joint(new JointImpedanceCommand(doubles(in), doubles(in), in.get() != 0 ? in.getDouble() : null,
                        in.getDouble(), in.getDouble()));
                case 5 -> new Cartesian(new CartesianImpedanceCommand(pose(in), pose(in), in.getDouble()));
                case 6 -> new MotionOf(in.getLong());
                case 7 -> new View();
                default -> throw new IllegalArgumentException("no task interface call " + op);
            };
        }
    }

    record ExitSafeMode() implements Request {
        @Override
        public void write(Writer w) {
            w.put((byte) 1);
        }
    }

    record Relax() implements Request {
        @Override
        public void write(Writer w) {
            w.put((byte) 2);
        }
    }

    record Head(double pan, double tilt, double seconds) implements Request {
        @Override
        public void write(Writer w) {
            w.put((byte) 3).putDouble(pan).putDouble(tilt).putDouble(seconds);
        }
    }

    record Joint(JointImpedanceCommand command) implements Request {
        @Override
        public void write(Writer w) {
            w.put((byte) 4).doubles(command.right()).doubles(command.left()).put(command.torso() != null);
            if (command.torso() != null) {
                w.putDouble(command.torso());
            }
            w.putDouble(command.seconds()).putDouble(command.stiffnessScale());
        }
    }

    record Cartesian(CartesianImpedanceCommand command) implements Request {
        @Override
        public void write(Writer w) {
            w.put((byte) 5).pose(command.right()).pose(command.left()).putDouble(command.seconds());
        }
    }

    record MotionOf(long id) implements Request {
        @Override
        public void write(Writer w) {
            w.put((byte) 6).putLong(id);
        }
    }

    record View() implements Request {
        @Override
        public void write(Writer w) {
            w.put((byte) 7);
        }
    }

    /**
     * The answer to a {@link Call}: a motion, the view, or the call's refusal ({@code refused}, an
     * {@link IllegalArgumentException} in core/a) or failure ({@code failed}, an {@link IllegalStateException}).
     */
    record Reply(long id, Motion motion, VelmaView view, String refused, String failed) implements LinkMessage {
        public static Reply of(long id, Motion m) {
            return new Reply(id, m, null, null, null);
        }

        public static Reply of(long id, VelmaView v) {
            return new Reply(id, null, v, null, null);
        }

        @Override
        public ByteBuffer encode() {
            Writer w = new Writer(REPLY);
            w.putLong(id);
            if (motion != null) {
                w.put((byte) 1).putLong(motion.id()).string(motion.kind()).put((byte) motion.phase().ordinal()).string(motion.detail());
            } else if (view != null) {
                w.put((byte) 2).putLong(view.iteration()).put(view.veBodySafe()).put(view.motorsReady()).doubles(view.right())
                        .doubles(view.left()).putDouble(view.torso()).putDouble(view.headPan()).putDouble(view.headTilt())
                        .doubles(view.rightTool()).doubles(view.leftTool()).putDouble(view.selfCollisionDistance())
                        .string(view.nearestPair()).putLong(view.firstCycleMillis()).strings(view.hardwareNotOk())
                        .strings(view.hardwareNotOkWhenSafe());
            } else if (refused != null) {
                w.put((byte) 3).string(refused);
            } else {
                w.put((byte) 4).string(failed);
            }
            return w.done();
        }

        static Reply read(ByteBuffer in) {
            long id = in.getLong();
            byte what = in.get();
            return switch (what) {
                case 1 -> of(id, new Motion(in.getLong(), string(in), Motion.Phase.values()[in.get()], string(in)));
                case 2 -> of(id, new VelmaView(in.getLong(), in.get() != 0, in.get() != 0, doubles(in), doubles(in), in.getDouble(),
                        in.getDouble(), in.getDouble(), doubles(in), doubles(in), in.getDouble(), string(in), in.getLong(), strings(in),
                        strings(in)));
                case 3 -> new Reply(id, null, null, string(in), null);
                case 4 -> new Reply(id, null, null, null, string(in));
                default -> throw new IllegalArgumentException("no reply of kind " + what);
            };
        }
    }

    /** What ros_interface/a's node says of itself, for {@code ros:status} in the robot's framework. */
    record Node(String text) implements LinkMessage {
        @Override
        public ByteBuffer encode() {
            return new Writer(NODE).string(text).done();
        }
    }

    /** Fields in order into a growing buffer; a null string or array is written as such. */
    final class Writer {
        private ByteBuffer out = ByteBuffer.allocate(256);

        Writer(byte kind) {
            out.put(kind);
        }

        private ByteBuffer room(int bytes) {
            if (out.remaining() < bytes) {
                ByteBuffer bigger = ByteBuffer.allocate(Math.max(out.capacity() * 2, out.position() + bytes));
                out.flip();
                bigger.put(out);
                out = bigger;
            }
            return out;
        }

        Writer put(byte b) {
            room(1).put(b);
            return this;
        }

        Writer put(boolean b) {
            return put(b ? (byte) 1 : (byte) 0);
        }

        Writer putInt(int v) {
            room(Integer.BYTES).putInt(v);
            return this;
        }

        Writer putLong(long v) {
            room(Long.BYTES).putLong(v);
            return this;
        }

        Writer putDouble(double v) {
            room(Double.BYTES).putDouble(v);
            return this;
        }

        Writer string(String s) {
            if (s == null) {
                return putInt(-1);
            }
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            putInt(bytes.length);
            room(bytes.length).put(bytes);
            return this;
        }

        Writer strings(List<String> values) {
            putInt(values.size());
            for (String v : values) {
                string(v);
            }
            return this;
        }

        Writer doubles(double[] values) {
            if (values == null) {
                return putInt(-1);
            }
            putInt(values.length);
            for (double v : values) {
                putDouble(v);
            }
            return this;
        }

        Writer pose(Pose p) {
            put(p != null);
            if (p != null) {
                putDouble(p.x()).putDouble(p.y()).putDouble(p.z()).putDouble(p.roll()).putDouble(p.pitch()).putDouble(p.yaw())
                        .put(p.keepOrientation());
            }
            return this;
        }

        Writer percentiles(Percentiles p) {
            put(p != null);
            return p == null ? this : putLong(p.count()).putDouble(p.p50()).putDouble(p.p99()).putDouble(p.p999()).putDouble(p.max());
        }

        ByteBuffer done() {
            return out.flip();
        }
    }

    private static String string(ByteBuffer in) {
        int n = in.getInt();
        if (n < 0) {
            return null;
        }
        byte[] bytes = new byte[n];
        in.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static List<String> strings(ByteBuffer in) {
        int n = in.getInt();
        List<String> values = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            values.add(string(in));
        }
        return List.copyOf(values);
    }

    private static double[] doubles(ByteBuffer in) {
        int n = in.getInt();
        if (n < 0) {
            return null;
        }
        double[] values = new double[n];
        for (int k = 0; k < n; k++) {
            values[k] = in.getDouble();
        }
        return values;
    }

    private static Pose pose(ByteBuffer in) {
        return in.get() == 0 ? null
                : new Pose(in.getDouble(), in.getDouble(), in.getDouble(), in.getDouble(), in.getDouble(), in.getDouble(), in.get() != 0);
    }

    private static Percentiles percentiles(ByteBuffer in) {
        return in.get() == 0 ? null : new Percentiles(in.getLong(), in.getDouble(), in.getDouble(), in.getDouble(), in.getDouble());
    }

    private static StateSwitch stateSwitch(ByteBuffer in) {
        long cycle = in.getLong();
        String from = string(in);
        String to = string(in);
        Map<String, Boolean> predicates = new LinkedHashMap<>();
        for (int n = in.getInt(); n > 0; n--) {
            predicates.put(string(in), in.get() != 0);
        }
        return new StateSwitch(cycle, from, to, predicates);
    }
}
