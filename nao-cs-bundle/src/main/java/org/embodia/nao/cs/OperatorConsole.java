package org.embodia.nao.cs;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.embodia.nao.cs.api.RappCore;
import org.embodia.nao.cs.api.RappStatus;
import org.embodia.rapp.api.AgentStatus;

/**
 * c_core,cs's side facing the operator ({@link RappCore}): what the shell's thread hands the loop (deploy's word,
 * destroy's request) through an atomic reference and a volatile flag, and what the loop and the worker publish for it
 * (the state cs entered, the app it deals with, da_status, the counts, the last error, the store's apps) in volatile
 * fields. So the operator never takes a lock the loop could wait on, and the loop never waits for the operator.
 */
final class OperatorConsole implements RappCore {
    /** The word deploy hands listen: taken (and cleared) by the loop alone. */
    private final AtomicReference<String> word = new AtomicReference<>();
    /** The operator asked for the running agent to be destroyed; the loop honours it in wait_cmd and execute. */
    private volatile boolean destroyRequested;
    private volatile String state = NaoCs.INIT;
    private volatile String dealing;
    private volatile AgentStatus published;
    private volatile String lastError;
    private volatile long activated;
    private volatile long destroyed;
    /** lastStart in nanoseconds; negative until an app reached Working. A long, so the loop allocates nothing. */
    private volatile long lastStartNanos = -1;
    /** The store's apps as the worker last read them: name → keywords, in the store's order. */
    private volatile Map<String, List<String>> apps = Map.of();
    /** keyword → app, the map init puts in memory, for deploy's keyword. */
    private volatile Map<String, String> keywordMap = Map.of();

    // The operator's thread.

    @Override
    public Map<String, List<String>> apps() {
        return apps;
    }

    @Override
    public void deploy(String app) {
        List<String> keywords = app == null ? null : apps.get(app);
        if (keywords == null) {
            throw new IllegalArgumentException("the store has no app '" + app + "'; it has " + apps.keySet());
        }
        // The first keyword the keyword map gives to this app: an earlier app may have claimed a shared one.
        String first = null;
        Map<String, String> byKeyword = keywordMap;
        for (String k : keywords) {
            if (app.equals(byKeyword.get(k))) {
                first = k;
                break;
            }
        }
        if (first == null) {
            throw new IllegalArgumentException("app '" + app + "' has no keyword of its own: " + keywords
                    + " are all claimed by other apps");
        }
        String now = state;
        if (!NaoCs.LISTEN.equals(now)) {
            throw new IllegalStateException("cs is in " + now + ", not listen: " + (dealing != null
                    ? "app '" + dealing + "' is under way; destroy it first" : "it takes an app only while it listens"));
        }
        if (!word.compareAndSet(null, first)) {
            throw new IllegalStateException("a deploy of '" + word.get() + "' is already waiting for listen");
        }
    }

    @Override
    public void destroy() {
        if (dealing != null && !NaoCs.LISTEN.equals(state)) {
            destroyRequested = true;
        }
    }

    @Override
    public RappStatus status() {
        return new RappStatus(state, dealing, published, lastError, activated, destroyed);
    }

    @Override
    public Duration lastStart() {
        long nanos = lastStartNanos;
        return nanos < 0 ? null : Duration.ofNanos(nanos);
    }

    String lastError() {
        return lastError;
    }

    // The loop's thread (and the worker's, for the apps and errors).

    /** The state a behaviour of nao.cs entered; a volatile write of a constant, nothing allocated. */
    void entered(String name) {
        state = name;
    }

    /** The app cs deals with, or null. */
    void dealing(String app) {
        dealing = app;
    }

    void published(AgentStatus status) {
        published = status;
    }

    void error(String message) {
        lastError = message;
    }

    /** An app reached Working {@code startNanos} after cs entered load; written before the count its reader goes by. */
    void activated(long startNanos) {
        lastStartNanos = startNanos;
        activated++;
    }

    void destroyed() {
        destroyed++;
    }

    /** The store's apps, as the worker read them. */
    void appsRead(Map<String, List<String>> byName, Map<String, String> byKeyword) {
        keywordMap = byKeyword;
        apps = byName;
    }

    /** listen's i0: a deploy or destroy that raced with the end of the last app is not carried over to the next one. */
    void newApp() {
        word.set(null);
        destroyRequested = false;
        dealing = null;
        published = null;
    }

    /** Whether deploy handed listen a word, without taking it. */
    boolean wordWaiting() {
        return word.get() != null;
    }

    /** deploy's word, taken; null when there is none. */
    String takeWord() {
        return word.getAndSet(null);
    }

    boolean destroyRequested() {
        return destroyRequested;
    }

    /** wait_cmd honoured the operator's destroy. */
    void destroyHonoured() {
        destroyRequested = false;
    }
}
