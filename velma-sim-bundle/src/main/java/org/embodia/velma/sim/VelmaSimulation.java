package org.embodia.velma.sim;

import java.util.Locale;

import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.scheduler.ActivityClock;
import org.embodia.scheduler.SimulationClock;
import org.embodia.velma.model.Arm;
import org.embodia.velma.model.VelmaModel;
import org.embodia.velma.sim.api.VelmaSimulator;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The simulated Velma: the physics, both LWR arms and the three EtherCAT drives, and the clock
 * {@value #CLOCK} that steps them in lock-step with the control loop (Gazebo's velma_sim_gazebo),
 * or, at pace {@code loop}, the end of each control cycle.
 *
 * <p>One tick: (a) every device applies the commands it last received and the physics steps by
 * {@link VelmaPhysics#DT}; (b) every device's status goes out through the status publishers of the
 * real-effector subsystems; (c) the attached cycles run, in the order they were attached. All three on
 * one thread, so each status buffer keeps its single writer and the subsystems hand commands to the
 * devices without locks. With pace {@code realtime} (the default) a dedicated thread ticks every
 * 2 ms against absolute deadlines; with {@code fast} it ticks back to back; with {@code manual},
 * {@link #advance(int)} ticks on the caller's thread. The scheduler's {@link SimulationClock} keeps that pace, the cycles and the publishers;
 * this class does the tick's work in the order above. A tick, ODE's step included, allocates nothing, takes no
 * lock and does no I/O.
 */
@Component(configurationPid = VelmaSimulation.PID, configurationPolicy = ConfigurationPolicy.OPTIONAL,
        service = {ActivityClock.class, VelmaSimulation.class, VelmaSimulator.class}, property = ActivityClock.NAME_PROPERTY + "=" + VelmaSimulation.CLOCK)
public final class VelmaSimulation implements ActivityClock, VelmaSimulator, AutoCloseable {
    public static final String PID = "org.embodia.velma.sim";
    public static final String CLOCK = "velma.sim";
    static final long PERIOD_NANOS = Math.round(VelmaPhysics.DT * 1e9);
    /** Behind by more than this (a stalled machine), the clock resumes its pace from now instead of racing to catch up. */
    static final long MAX_LAG_NANOS = 100_000_000;

    /** How ticks are paced. */
    public enum Pace {
        /** A dedicated thread ticks at 500 Hz. */
        REALTIME,
        /** {@link #advance(int)} ticks on the caller's thread. */
        MANUAL,
        /**
         * The control loop's period ticks it: the step of {@code core/a.ethercat/re}, the last real effector of
         * Velma's cycle ([VELMA-STRUCT]), ends with a tick. What a periodic activity needs, as when the simulation
         * replaces the hardware bundles in a running loop.
         */
        LOOP,
        /**
         * A dedicated thread ticks back to back, as fast as the physics and the cycles allow: a headless run faster
         * than real time, with the whole agent. The shell's timeouts are the wall clock's, so they only grow looser.
         */
        FAST;

        public static Pace parse(String text) {
            for (Pace p : values()) {
                if (p.name().equalsIgnoreCase(text.trim())) {
                    return p;
                }
            }
            throw new IllegalArgumentException("velma.sim: pace must be 'realtime', 'manual', 'loop' or 'fast', got '" + text + "'");
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The configuration (PID {@value #PID}). */
    public @interface Config {
        /** {@code realtime}, {@code manual}, {@code loop} or {@code fast}; empty: the framework property {@value VelmaSimulator#PACE_PROPERTY}, else realtime. */
        String pace() default "";

        /**
         * At pace realtime, the clock thread's SCHED_FIFO priority (0: none), as the scheduler's activities ask for theirs:
         * the robot's time is the loop's time, and a late tick is a late cycle.
         */
        int priority() default DEFAULT_PRIORITY;

        /** At pace realtime, how long before each tick the clock thread stops sleeping and spins (µs), as the activities do. */
        int spinMicros() default DEFAULT_SPIN_MICROS;
    }

    /** The scheduler's defaults for an activity's loop (AgentConfig). */
    static final int DEFAULT_PRIORITY = 80;
    static final int DEFAULT_SPIN_MICROS = 100;

    private final Pace pace;
    private final VelmaPhysics physics;
    private final SimulatedLwr rightArm;
    private final SimulatedLwr leftArm;
    private final SimulatedDrive torso;
    private final SimulatedDrive headPan;
    private final SimulatedDrive headTilt;
    private final OutputBuffer<SimulationState> stateOut = new OutputBuffer<>("state", SimulationState.class, SimulationState::new);
    private final InputBuffer<SimulationState> stateIn = new InputBuffer<>("state", SimulationState.class, SimulationState::new);
    private final SimulationClock clock = new SimulationClock(CLOCK, this::step);

    @Activate
    public VelmaSimulation(Config config, BundleContext context) {
        this(Pace.parse(!config.pace().isEmpty() ? config.pace()
                : context != null && context.getProperty(VelmaSimulator.PACE_PROPERTY) != null ? context.getProperty(VelmaSimulator.PACE_PROPERTY)
                        : "realtime"), MAX_LAG_NANOS, config.priority(), config.spinMicros() * 1000L);
    }

    public VelmaSimulation(Pace pace) {
        this(pace, MAX_LAG_NANOS);
    }

    /**
     * With pace {@code realtime}, a clock that falls more than {@code maxLagNanos} behind resumes its pace from then
     * rather than racing through the ticks it missed; 0: it never races. Its thread keeps the scheduling it has.
     */
    public VelmaSimulation(Pace pace, long maxLagNanos) {
        this(pace, maxLagNanos, 0, 0);
    }

    private VelmaSimulation(Pace pace, long maxLagNanos, int priority, long spinNanos) {
        this.pace = pace;
        physics = new VelmaPhysics();
        rightArm = new SimulatedLwr(physics, VelmaModel.BODY_RIGHT_ARM);
        leftArm = new SimulatedLwr(physics, VelmaModel.BODY_LEFT_ARM);
        torso = new SimulatedDrive(physics, DriveSpec.TORSO);
        headPan = new SimulatedDrive(physics, DriveSpec.HEAD_PAN);
        headTilt = new SimulatedDrive(physics, DriveSpec.HEAD_TILT);
        stateOut.connect(stateIn);
        if (pace == Pace.REALTIME) {
            clock.start(PERIOD_NANOS, maxLagNanos, priority, spinNanos);
        } else if (pace == Pace.FAST) {
            clock.startUnpaced();
        }
    }

    /** Stops the clock thread, if any, and frees the physics. */
    @Override
    @Deactivate
    public void close() {
        // The clock waits for the tick under way: the physics may be freed only once no tick uses it.
        if (clock.close()) {
            physics.close();
        }
    }

    /**
     * Runs {@code count} ticks on this thread (pace {@code manual}).
     *
     * @throws IllegalStateException if the pace is not {@code manual}
     */
    @Override
    public void advance(int count) {
        if (pace != Pace.MANUAL) {
            throw new IllegalStateException("velma.sim ticks " + (pace == Pace.REALTIME ? "on its own thread" : "with the control loop")
                    + " (pace " + pace + "); advance(...) needs pace=manual");
        }
        clock.advance(count);
    }

    /** At pace {@code loop}, the tick that ends a control cycle; on the loop's thread. Otherwise nothing: the clock ticks. */
    void endOfCycle() {
        if (pace == Pace.LOOP) {
            clock.tick();
        }
    }

    /** The tick's work, on the clock's thread; the clock counts it when it returns. */
    private void step() {
        actuateDevices();
        physics.step();
        publishStatus(clock.ticks() + 1);
        clock.runCycles();
    }

    /** (a) Each device turns the commands it last received into joint torques and brakes. */
    private void actuateDevices() {
        rightArm.actuate();
        leftArm.actuate();
        torso.actuate();
        headPan.actuate();
        headTilt.actuate();
    }

    /** (b) The subsystems send their devices' status; the snapshot is recorded. (c), the cycles, follow. */
    private void publishStatus(long tick) {
        clock.publish();
        record(tick);
    }

    private void record(long tick) {
        SimulationState s = stateOut.message();
        s.tick = tick;
        for (int j = 0; j < VelmaPhysics.JOINTS; j++) {
            s.position[j] = physics.angle(j);
            s.velocity[j] = physics.rate(j);
            s.torque[j] = physics.torque(j);
        }
        rightArm.status(s.rightArm);
        leftArm.status(s.leftArm);
        torso.status(s.torso);
        headPan.status(s.headPan);
        headTilt.status(s.headTilt);
        s.torsoState = torso.state();
        s.headPanState = headPan.state();
        s.headTiltState = headTilt.state();
        s.torsoFault = torso.fault();
        s.headPanFault = headPan.fault();
        s.headTiltFault = headTilt.fault();
        s.invalidCommands[SimulationState.RIGHT_ARM] = rightArm.invalidCommands();
        s.invalidCommands[SimulationState.LEFT_ARM] = leftArm.invalidCommands();
        s.invalidCommands[SimulationState.TORSO] = torso.invalidCommands();
        s.invalidCommands[SimulationState.HEAD_PAN] = headPan.invalidCommands();
        s.invalidCommands[SimulationState.HEAD_TILT] = headTilt.invalidCommands();
        stateOut.send();
    }

    @Override
    public void attach(Runnable cycle) {
        clock.attach(cycle);
    }

    @Override
    public void detach(Runnable cycle) {
        clock.detach(cycle);
    }

    /** Its pace in real time, 0 when stepped: what the scheduler judges its activities' overruns against. */
    @Override
    public long periodNanos() {
        return clock.periodNanos();
    }

    /** At pace realtime, what the clock thread got: the activity's loop runs on it. */
    @Override
    public String scheduling() {
        return clock.scheduling();
    }

    /** A real-effector subsystem's publisher: sends its devices' status, at step (b) of every tick. */
    public void addStatusPublisher(Runnable publisher) {
        clock.addPublisher(publisher);
    }

    public void removeStatusPublisher(Runnable publisher) {
        clock.removePublisher(publisher);
    }

    /** Whether the caller is inside a tick: where devices may be commanded and status sent. */
    public boolean onClockThread() {
        return clock.onClockThread();
    }

    /**
     * @throws IllegalStateException naming {@code subsystem} when the caller is not inside a tick; at pace
     *         {@code loop} the subsystems step on the loop's thread before the tick that ends the cycle
     */
    void requireClockThread(String subsystem) {
        if (pace != Pace.LOOP) {
            clock.requireClockThread(subsystem);
        }
    }

    @Override
    public boolean realtime() {
        return pace == Pace.REALTIME;
    }

    @Override
    public long[] invalidCommands() {
        return snapshot().invalidCommands.clone();
    }

    public Pace pace() {
        return pace;
    }

    /** Ticks completed. */
    @Override
    public long ticks() {
        return clock.ticks();
    }

    /** The state after the newest completed tick, consistent across all of it. Any thread. */
    public synchronized SimulationState snapshot() {
        stateIn.receive();
        SimulationState copy = new SimulationState();
        copy.copyFrom(stateIn.get());
        return copy;
    }

    /** Attached cycles and status publishers that threw; the clock ran on. */
    public long cycleFailures() {
        return clock.cycleFailures();
    }

    public Throwable lastCycleFailure() {
        return clock.lastCycleFailure();
    }

    /** Times the realtime clock fell further behind than its lag allows and resumed its pace from then. */
    public long rebases() {
        return clock.rebases();
    }

    /** The devices, for the clock thread (the subsystems, tests in manual pace); other threads read {@link #snapshot()}. */
    public SimulatedLwr lwr(Arm arm) {
        return arm == Arm.RIGHT ? rightArm : leftArm;
    }

    public SimulatedDrive torso() {
        return torso;
    }

    public SimulatedDrive headPan() {
        return headPan;
    }

    public SimulatedDrive headTilt() {
        return headTilt;
    }

    VelmaPhysics physics() {
        return physics;
    }
}
