package org.embodia.runconfigs.hostile;

import java.util.concurrent.CountDownLatch;

import org.embodia.rapp.api.Rapp;

/** A thousand non-daemon threads that wait for ever, then an agent that never returns either. */
public final class Threads extends HostileApp {
    static final int COUNT = 1000;

    @Override
    public void run(Rapp rapp) throws InterruptedException {
        CountDownLatch never = new CountDownLatch(1);
        for (int k = 0; k < COUNT; k++) {
            Thread t = new Thread(() -> {
                while (true) {
                    try {
                        never.await();
                    } catch (InterruptedException e) {
                        Thread.interrupted();
                    }
                }
            }, "held-" + k);
            t.start();
        }
        rapp.textToSpeech("I hold " + COUNT + " threads", "English");
        never.await();
    }
}
