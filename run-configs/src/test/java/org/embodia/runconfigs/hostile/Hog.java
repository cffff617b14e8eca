package org.embodia.runconfigs.hostile;

import java.util.ArrayList;
import java.util.List;

import org.embodia.rapp.api.Rapp;

/** Takes memory until there is none (4.4 GiB were asked of the robot's JVM this way), and holds it. */
public final class Hog extends HostileApp {
    private final List<byte[]> held = new ArrayList<>();

    @Override
    public void run(Rapp rapp) {
        for (int k = 0; k < 4500; k++) {
            held.add(new byte[1 << 20]);
        }
    }
}
