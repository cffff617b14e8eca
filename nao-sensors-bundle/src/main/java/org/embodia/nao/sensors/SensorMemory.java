package org.embodia.nao.sensors;

import org.embodia.api.behavior.TmMemory;

/** The internal memory of the touch, inertial or FSR virtual receptor ([RAPP] §3.4.1, §3.5.1, §3.6.1): tm alone. */
public final class SensorMemory extends TmMemory<SensorMemory> {
}
