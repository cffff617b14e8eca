package org.embodia.nao.sim.api;

import java.io.IOException;
import java.nio.file.Path;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The simulated NAO in NAOqi's place: the real effectors and receptors of the RAPP core agent ({@code core/a.body/re},
 * {@code core/a.ls/re}, {@code core/a.mic/rr}, {@code core/a.cam/rr}, {@code core/a.touch/rr},
 * {@code core/a.inertial/rr}, {@code core/a.fsr/rr}) and the clock {@value #CLOCK} that steps them every 20 ms,
 * NAOqi's control period. An agent's activity runs on that clock with {@code clock=nao.sim}.
 */
@ProviderType
public interface NaoSimulator {
    /** The clock's name, the value of its service property {@code embodia.clock}. */
    String CLOCK = "nao.sim";

    /**
     * The framework property that chooses the pace when the configuration does not: {@code realtime} (a thread of its
     * own ticks every 20 ms) or {@code manual} ({@link #advance} ticks).
     */
    String PACE_PROPERTY = "embodia.nao.sim.pace";

    /**
     * The data_name under which a real effector or receptor reports, in its status's value (kind TEXT, the message
     * as text), a command it could not carry out: a missing sound file, an unknown voice, a walk from a sitting
     * posture. NAOqi would have thrown an exception at its caller.
     */
    String ERROR = "error";

    /** Whether it ticks every 20 ms on its own thread (pace realtime) rather than by {@link #advance}. */
    boolean realtime();

    /** Ticks completed since it started. */
    long ticks();

    /**
     * Runs {@code ticks} ticks on the calling thread: commands applied, body stepped 20 ms, sensors and microphones
     * updated, every status sent, the attached cycles run.
     *
     * @throws IllegalStateException at pace realtime
     */
    void advance(int ticks);

    /**
     * Someone near the robot says {@code text}: it is synthesized (on the calling thread, so not the clock's) and
     * the four microphones hear it over the next ticks, after whatever they are still hearing.
     *
     * @return how long the speech lasts, s
     * @throws IllegalArgumentException if there is nothing to say
     */
    double hear(String text);

    /**
     * The microphones hear a sound file (PCM WAV, AIFF or AU; its channels averaged, resampled to the microphones'
     * 16 kHz) over the next ticks, after whatever they are still hearing.
     *
     * @return how long the sound lasts, s
     * @throws IllegalArgumentException naming the file if it is missing or not such a sound file
     */
    double hear(Path sound) throws IOException;

    /**
     * A hand on a touch sensor, or taken off it.
     *
     * @param sensor its ALMemory key ("Device/SubDeviceList/Head/Touch/Front/Sensor/Value") or NAOqi name
     *        ("Head/Touch/Front")
     * @throws IllegalArgumentException naming the sensors there are, for an unknown one
     */
    void touch(String sensor, boolean touched);

    /** Where the robot really is after the latest tick, [x (m), y (m), θ (rad)] in the global frame fixed at start. */
    double[] truePose();

    /**
     * Where sound goes: the loudspeakers' output ({@code say-NNNN.wav} synthesized, {@code play-NNNN.wav} as played)
     * and recordings whose file path is relative.
     */
    Path outputDirectory();

    /** Attached cycles (and status sends) that threw; the clock ticked on. */
    long cycleFailures();

    /** What the latest of them threw, or null. */
    String lastCycleFailure();

    /** Commands the real effectors and receptors could not carry out (see {@link #ERROR}). */
    long commandErrors();

    /** The latest such error, naming the subsystem, or null. */
    String lastCommandError();
}
