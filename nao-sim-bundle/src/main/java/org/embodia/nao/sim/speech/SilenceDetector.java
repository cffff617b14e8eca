package org.embodia.nao.sim.speech;

import java.time.Duration;

/**
 * The stop condition of the microphones' "register" behaviour (spec 3.3.4): a counter of quiet frames restarts at
 * every frame in which some microphone's energy reaches the threshold, and grows by one at every frame in which all
 * four stay under it; once it reaches silence time / frame period the recording is to stop. Silence from the first
 * frame on stops it too, as the spec says.
 */
public final class SilenceDetector {
    private final double energyThreshold;
    private final int quietFramesToStop;
    private int quietFrames;

    /**
     * @param energyThreshold in the units of {@link SimulatedMicrophones#energy}
     * @param silenceTime how long all microphones must stay under the threshold; rounded up to whole frames
     * @param framePeriod the duration of the frames that will be offered
     */
    public SilenceDetector(double energyThreshold, Duration silenceTime, Duration framePeriod) {
        if (!(energyThreshold > 0)) {
            throw new IllegalArgumentException("the energy threshold must be positive, got " + energyThreshold);
        }
        if (silenceTime.isNegative() || silenceTime.isZero() || framePeriod.isNegative() || framePeriod.isZero()) {
            throw new IllegalArgumentException(
                    "the silence time and frame period must be positive, got " + silenceTime + " and " + framePeriod);
        }
        this.energyThreshold = energyThreshold;
        long period = framePeriod.toNanos();
        this.quietFramesToStop = (int) ((silenceTime.toNanos() + period - 1) / period);
    }

    public int quietFramesToStop() {
        return quietFramesToStop;
    }

    public int quietFrames() {
        return quietFrames;
    }

    /**
     * Counts one frame by its microphones' energies (indexed by {@link Microphone#ordinal()}, in the units of
     * {@link SimulatedMicrophones#energy}); true once the silence has lasted long enough, and from then on until
     * {@link #reset()}. Allocates nothing.
     */
    public boolean offer(double[] energies) {
        if (silent()) {
            return true;
        }
        boolean quiet = true;
        for (int microphone = 0; microphone < SimulatedMicrophones.CHANNELS; microphone++) {
            quiet &= energies[microphone] < energyThreshold;
        }
        quietFrames = quiet ? quietFrames + 1 : 0;
        return silent();
    }

    public boolean silent() {
        return quietFrames >= quietFramesToStop;
    }

    /** Starts counting afresh, as for a new recording. */
    public void reset() {
        quietFrames = 0;
    }
}
