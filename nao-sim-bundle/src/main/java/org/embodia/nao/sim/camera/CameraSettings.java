package org.embodia.nao.sim.camera;

import java.util.Arrays;

import org.embodia.nao.model.CameraParameter;

/** The current value of each {@link CameraParameter} of one camera. */
public final class CameraSettings {
    private final int[] values = new int[CameraParameter.values().length];

    /** Every parameter at its default. */
    public CameraSettings() {
        reset();
    }

    public int get(CameraParameter parameter) {
        return values[parameter.ordinal()];
    }

    /** @throws IllegalArgumentException naming the parameter and its range if the value is outside it */
    public void set(CameraParameter parameter, int value) {
        parameter.check(value);
        values[parameter.ordinal()] = value;
    }

    /** Every parameter back to its default (ALVideoDevice.setAllParametersToDefault). */
    public void reset() {
        for (CameraParameter parameter : CameraParameter.values()) {
            values[parameter.ordinal()] = parameter.defaultValue();
        }
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
