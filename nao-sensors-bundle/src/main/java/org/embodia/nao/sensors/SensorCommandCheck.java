package org.embodia.nao.sensors;

import org.embodia.nao.api.SensorCommand;
import org.embodia.nao.model.DeviceKeys;

/**
 * Whether a command from cs may reach one family's real receptor: cmd given (GET, the only one) and
 * data_name the ALMemory key of one of the family's own sensors. A valid command is checked without
 * allocating; a rejection builds its reason, naming the offending data_name and what is accepted.
 *
 * <p>A sensor's bare NAOqi name ("Head/Touch/Front") is rejected, with the key to use instead: get
 * passes data_name to ALMemory's getData as it came (R y^(i+1)[data_name] = c x^i[arg[data_name]],
 * §3.4.3-3.6.3), and ALMemory knows the sensor only by its key, so a translated name would make get's
 * transition function not the spec's, and an untranslated one would never be answered.
 */
final class SensorCommandCheck {
    private final SensorFamily family;

    SensorCommandCheck(SensorFamily family) {
        this.family = family;
    }

    /** Null when {@code c} is valid; otherwise why it is rejected. */
    String check(SensorCommand c) {
        if (c.cmd == null) {
            return "a command without cmd was rejected; " + family.receptor() + " takes cmd = GET ([RAPP] " + family.section() + ".1)";
        }
        String key = c.dataName;
        if (family.reads(key)) {
            return null;
        }
        if (key == null || key.isBlank()) {
            return rejected(c, "data_name is empty; " + family.accepted());
        }
        String expanded = DeviceKeys.PREFIX + key + SensorFamily.SUFFIX;
        if (family.reads(expanded)) {
            return rejected(c, "data_name \"" + key + "\" names a sensor, not its ALMemory key; ask for " + expanded);
        }
        SensorFamily other = SensorFamily.reading(key);
        if (other == null) {
            other = SensorFamily.reading(expanded);
        }
        if (other != null) {
            return rejected(c, "data_name \"" + key + "\" is a sensor of " + other.receptor() + " ([RAPP] " + other.section() + "), not of "
                    + family.receptor() + "; " + family.accepted());
        }
        return rejected(c, "data_name \"" + key + "\" is not the ALMemory key of a sensor of " + family.receptor() + "; " + family.accepted());
    }

    private static String rejected(SensorCommand c, String why) {
        return c.cmd + " rejected: " + why;
    }
}
