package org.embodia.rapp.host;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.jna.Function;
import com.sun.jna.Native;

/**
 * Installs {@link NoNewProcesses} in its own JVM, since the filter cannot be lifted and would stop the test JVM from
 * starting anything, and prints what each step saw; exits 1, saying why, on anything unexpected.
 * The argument says which thread tries to start a process after the install: {@code this-thread} or
 * {@code earlier-thread}, one started before the install.
 */
final class NoNewProcessesProbe {
    private static final int THREADS = 50;

    private NoNewProcessesProbe() {
    }

    public static void main(String[] args) {
        try {
            Process before = new ProcessBuilder("true").start();
            if (before.waitFor() != 0) {
                throw fail("before: true exited " + before.exitValue());
            }
            System.out.println("before: exec ok");
            switch (args[0]) {
                case "this-thread" -> thisThread();
                case "earlier-thread" -> earlierThread();
                default -> throw fail("no such scenario " + args[0]);
            }
        } catch (Throwable e) {
            e.printStackTrace();
            throw fail(e.toString());
        }
        System.exit(0);
    }

    private static void thisThread() throws InterruptedException {
        NoNewProcesses.install();
        System.out.println("after: " + exec());
        System.out.println("after: " + fork());
        AtomicInteger done = new AtomicInteger();
        Thread[] threads = new Thread[THREADS];
        for (int i = 0; i < THREADS; i++) {
            int n = i;
            threads[i] = new Thread(() -> {
                long sum = 0;
                for (int k = 1; k <= n; k++) {
                    sum += k;
                }
                if (sum == (long) n * (n + 1) / 2) {
                    done.incrementAndGet();
                }
            });
            threads[i].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (done.get() != THREADS) {
            throw fail("after: only " + done.get() + " of " + THREADS + " threads did their work");
        }
        System.out.println("after: threads ok " + done.get());
    }

    /** The filter covers a thread that was running before the install (SECCOMP_FILTER_FLAG_TSYNC). */
    private static void earlierThread() throws InterruptedException {
        CountDownLatch installed = new CountDownLatch(1);
        AtomicReference<String> outcome = new AtomicReference<>("not run");
        Thread earlier = new Thread(() -> {
            try {
                installed.await();
                outcome.set(exec());
            } catch (InterruptedException e) {
                outcome.set("interrupted");
            }
        });
        earlier.start();
        NoNewProcesses.install();
        installed.countDown();
        earlier.join(TimeUnit.SECONDS.toMillis(30));
        if (earlier.isAlive()) {
            throw fail("earlier thread: still trying after 30 s");
        }
        System.out.println("earlier thread: " + outcome.get());
    }

    /** Tries to start a process, which must fail. */
    private static String exec() {
        Process process;
        try {
            process = new ProcessBuilder("true").start();
        } catch (IOException e) {
            return "exec denied: " + e.getMessage();
        }
        process.destroyForcibly();
        throw fail("a process was started after the install: " + process.pid());
    }

    /**
     * Forks by glibc's fork, a clone without CLONE_THREAD, which must fail too. Only this shows the clone rule at work: a
     * child the JDK forked but could not exec gives the same IOException as a refused fork, since execve is refused too.
     */
    private static String fork() {
        Function fork = Function.getFunction("c", "fork");
        Function exit = Function.getFunction("c", "_exit");
        int pid = fork.invokeInt(new Object[0]);
        if (pid == 0) {
            exit.invokeVoid(new Object[] {0});
        }
        if (pid > 0) {
            throw fail("fork started process " + pid);
        }
        return "fork denied: errno " + Native.getLastError();
    }

    /** Says why and exits 1; never returns, but lets a caller write {@code throw fail(...)}. */
    private static AssertionError fail(String why) {
        System.out.println("unexpected: " + why);
        System.out.flush();
        Runtime.getRuntime().halt(1);
        return new AssertionError(why);
    }
}
