package org.embodia.nao.cs;

import java.net.URI;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;

import org.embodia.rapp.store.api.RappStore;
import org.embodia.rapp.store.api.StoreApp;
import org.embodia.rapp.store.api.StoreClient;
import org.embodia.rapp.store.api.StoreException;

/**
 * c_core,cs's worker: what blocks (the store, installing a bundle, stopping an agent) runs on its one thread, in
 * order. A behaviour hands it a job at its i0 and takes the job's {@link WorkerOutcome} at a later step, without
 * locks, so the loop never waits for I/O. It also knows the store (the configured store_uri, else the
 * {@link RappStore} service's address) and reads its apps, again every store_retry while they could not be read.
 */
final class StoreWorker {
    /** Why a job that needs the store could not ask it. */
    static final String NO_STORE = "store.uri is empty and no " + RappStore.class.getSimpleName()
            + " service is registered";

    private final CsSettings settings;
    /** A store client for an address; called on the worker only. */
    private final Function<URI, StoreClient> stores;
    private final OperatorConsole console;
    private final Consumer<String> errors;
    private final ExecutorService executor;
    /** The answer to the last job, taken by the behaviour that gave it. */
    private final AtomicReference<WorkerOutcome> outcome = new AtomicReference<>();
    private volatile StoreClient store;
    /** The {@link RappStore} service's address, used when the configuration names none; null while none is bound. */
    private volatile URI serviceStore;
    /** Whether the store's apps have been read; while not, listen asks for them again every store_retry. */
    private volatile boolean appsRead;
    private volatile boolean readingApps;
    /** volatile: a store bound by DS makes the next read due at once. */
    private volatile long nextAppsRead;
    private final Runnable readApps = this::readAppsNow;

    /** {@code errors}: where a job's clear error goes when no behaviour takes it as an outcome. */
    StoreWorker(CsSettings settings, Function<URI, StoreClient> stores, OperatorConsole console,
            Consumer<String> errors) {
        this.settings = settings;
        this.stores = stores;
        this.console = console;
        this.errors = errors;
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "nao-cs-worker");
            t.setDaemon(true);
            return t;
        });
    }

    /** Hands over a job whose outcome the behaviour will take: one not taken from an earlier job is dropped. */
    void ask(Runnable job) {
        outcome.set(null);
        executor.execute(job);
    }

    /** Hands over a job whose end nobody waits for. */
    void submit(Runnable job) {
        executor.execute(job);
    }

    /** On the worker: the job's outcome, for the behaviour that asked. */
    void answer(WorkerOutcome o) {
        outcome.set(o);
    }

    /** The outcome waiting, left there; null when there is none. */
    WorkerOutcome peek() {
        return outcome.get();
    }

    /** The outcome waiting, taken; null when there is none. */
    WorkerOutcome take() {
        return outcome.getAndSet(null);
    }

    /** On the worker: the client of the configured store, else of the service's, else null. */
    StoreClient client() {
        URI uri = settings.store() != null ? settings.store() : serviceStore;
        if (uri == null) {
            return null;
        }
        StoreClient c = store;
        if (c == null || !c.store().equals(uri)) {
            c = stores.apply(uri);
            store = c;
        }
        return c;
    }

    /** unregister: the core agent leaves the store; its client is made again should it be asked once more. */
    void leaveStore() {
        store = null;
    }

    /** The service's address: the apps are read again from it at listen's next step (when store_uri is empty). */
    void storeFound(URI uri) {
        serviceStore = uri;
        if (settings.store() == null) {
            appsRead = false;
            nextAppsRead = System.nanoTime();
        }
    }

    /** The service at {@code uri} is gone: it is no longer the store when store_uri is empty. */
    void storeLost(String uri) {
        if (uri.equals(String.valueOf(serviceStore))) {
            serviceStore = null;
        }
    }

    /** init's i0: the store's apps are read anew; {@link #peek()} then holds them as {@link WorkerOutcome.AppsRead}. */
    void readApps() {
        appsRead = false;
        readAppsAgain();
    }

    /** Whether a read of the store's apps is under way. */
    boolean readingApps() {
        return readingApps;
    }

    /**
     * listen: another read of the store's apps when they could not be read and store_retry has passed since the last
     * try; also while no store is known, the worker says so and the next try comes a store_retry later. Only hands the
     * job over, allocating nothing.
     */
    void readAppsWhenDue() {
        if (!appsRead && !readingApps && System.nanoTime() - nextAppsRead >= 0) {
            readAppsAgain();
        }
    }

    private void readAppsAgain() {
        readingApps = true;
        nextAppsRead = System.nanoTime() + settings.storeRetry().toNanos();
        executor.execute(readApps);
    }

    /**
     * The apps' keywords the platform cannot pronounce: word spotting could never hear one, and one in r_core,mic's
     * dictionary would only make every recognition uncertain. A platform that cannot tell leaves them all in.
     */
    private Set<String> unknownKeywords(StoreClient client, List<StoreApp> apps) throws InterruptedException {
        Set<String> keywords = new LinkedHashSet<>();
        apps.forEach(a -> keywords.addAll(a.keywords()));
        if (keywords.isEmpty()) {
            return Set.of();
        }
        try {
            return Set.copyOf(client.unknownWords(keywords, settings.language()));
        } catch (StoreException e) {
            errors.accept("init: the RAPP Platform could not say which of the apps' keywords it can pronounce, all are"
                    + " listened for: " + e.getMessage());
            return Set.of();
        }
    }

    /** On the worker: the store's apps into the outcome and the console, or a clear error (listen then asks again). */
    private void readAppsNow() {
        try {
            StoreClient client = client();
            if (client == null) {
                errors.accept("init: no store known yet, the dictionary has only " + settings.dictionary()
                        + " until one is (" + NO_STORE + ")");
                return;
            }
            List<StoreApp> apps = client.apps();
            Set<String> unknown = unknownKeywords(client, apps);
            Map<String, String> app = new HashMap<>();
            Map<String, List<String>> byName = new LinkedHashMap<>();
            for (StoreApp a : apps) {
                byName.put(a.name(), List.copyOf(a.keywords()));
                for (String k : a.keywords()) {
                    if (unknown.contains(k)) {
                        errors.accept("init: app '" + a.name() + "': its keyword '" + k + "' is left out of the dictionary:"
                                + " the RAPP Platform's speech recognition has no pronunciation for it, so nobody could say it");
                    } else {
                        app.putIfAbsent(k, a.name());
                    }
                }
            }
            Map<String, String> map = Map.copyOf(app);
            console.appsRead(Collections.unmodifiableMap(byName), map);
            outcome.set(new WorkerOutcome.AppsRead(map));
            appsRead = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            errors.accept("init: the store's apps could not be read, the dictionary has only " + settings.dictionary()
                    + " until they can (tried again every " + settings.storeRetry().toMillis() + " ms): "
                    + e.getMessage());
        } finally {
            readingApps = false;
        }
    }

    /** Waits (not on the loop) until the worker has done what was handed to it before; false after {@code millis}. */
    boolean awaitIdle(long millis) throws InterruptedException {
        try {
            executor.submit(() -> { }).get(millis, TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException | TimeoutException e) {
            return false;
        }
    }

    /** deactivate: the job under way is interrupted and those waiting are dropped. */
    void shutdown() {
        executor.shutdownNow();
    }
}
