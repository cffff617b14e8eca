package org.embodia.runconfigs.hostile;

import org.embodia.rapp.api.Rapp;

/** Nine threads that spin and swallow every interrupt, the agent's among them: none ever ends by itself. */
public final class Spin extends HostileApp {
    static final int THREADS = 9;
    private volatile long sink;

    @Override
    public void run(Rapp rapp) {
        for (int k = 1; k < THREADS; k++) {
            new Thread(this::spin, "spin-" + k).start();
        }
        spin();
    }

    private void spin() {
        while (true) {
            try {
                sink++;
                Thread.interrupted();
            } catch (Throwable t) {
                sink--;
            }
        }
    }
}
