package org.embodia.fsm.engine.internal;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.embodia.api.fsm.StateMachineDefinition;
import org.embodia.fsm.engine.Executor;
import org.embodia.fsm.engine.ExecutorError;
import org.embodia.fsm.engine.FsmCatalog;
import org.embodia.fsm.engine.FsmLoadException;
import org.embodia.fsm.engine.RunningFsm;
import org.embodia.fsm.engine.StateLibrary;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * Runs one mc_rtc-style FSM of the catalog with the framework's state services, on its own thread
 * at its time step, or stepped by hand. One instance per configuration of {@value RunningFsm#FACTORY_PID}.
 * The robot's own FSMs run in the scheduler's activities instead; this is for task-level FSMs.
 */
@Component(configurationPid = RunningFsm.FACTORY_PID, configurationPolicy = ConfigurationPolicy.REQUIRE)
public final class FsmRunner implements RunningFsm {

    /** The configuration of a running FSM. */
    public @interface Config {
        /** The name of the definition in the catalog. */
        String fsm();

        /** The name it runs under; the definition's name when empty. */
        String name() default "";

        /** The time step, in seconds. */
        double dt() default 0.02;

        /** False to step it only by hand (fsm:step). */
        boolean periodic() default true;
    }

    private final String name;
    private final Executor executor;
    private final ScheduledExecutorService thread;

    @Activate
    public FsmRunner(@Reference FsmCatalog catalog, @Reference StateLibrary states, Config config) throws FsmLoadException {
        StateMachineDefinition definition = catalog.stateMachine(config.fsm()).orElseThrow(() -> new IllegalArgumentException(
                "no mc_rtc-style FSM '" + config.fsm() + "' in the catalog (loaded: " + String.join(", ", catalog.stateMachines().keySet())
                        + ")"));
        this.name = config.name().isEmpty() ? definition.name() : config.name();
        this.executor = Executor.create(definition, states, config.dt(), null);
        if (config.periodic()) {
            thread = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "embodia-fsm-" + name);
                t.setDaemon(true);
                return t;
            });
            long period = Math.max(1, Math.round(config.dt() * 1e6));
            thread.scheduleAtFixedRate(this::stepOnce, period, period, TimeUnit.MICROSECONDS);
        } else {
            thread = null;
        }
    }

    private synchronized void stepOnce() {
        executor.step();
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        if (thread != null) {
            thread.shutdown();
            thread.awaitTermination(5, TimeUnit.SECONDS);
        }
        synchronized (this) {
            executor.close();
        }
    }

    @Override
    public void step(int iterations) {
        if (thread != null) {
            throw new IllegalStateException(name + " steps on its own period; configure periodic=false to step it by hand");
        }
        for (int i = 0; i < iterations; i++) {
            stepOnce();
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public StateMachineDefinition definition() {
        return executor.definition();
    }

    @Override
    public String state() {
        return executor.state();
    }

    @Override
    public String output() {
        return executor.output();
    }

    @Override
    public String nextState() {
        return executor.nextState();
    }

    @Override
    public boolean complete() {
        return executor.complete();
    }

    @Override
    public long iteration() {
        return executor.iteration();
    }

    @Override
    public ExecutorError error() {
        return executor.error();
    }

    @Override
    public boolean next() {
        return executor.next();
    }

    @Override
    public void interrupt() {
        executor.interrupt();
    }

    @Override
    public void play(String state) {
        executor.play(state);
    }
}
