package org.embodia.nao.cs;

import java.nio.file.Path;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.rapp.api.AgentStatus;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's activate (§3.8.9): installs and starts the package off the loop and runs its agent (activateDA(package)
 * on the worker); da_status Working once the agent's thread runs; tm when da_status is new.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=activate"})
public final class ActivateDa implements Behavior {
    private final NaoCs cs;

    @Activate
    public ActivateDa(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        CsMemory next = cs.nextMemory();
        if (iteration == 0) {
            cs.entered("activate");
            String app = cs.memory().appName;
            Path jar = Path.of(cs.memory().pkg);
            cs.daStatus(next, null);
            next.tm = false;
            cs.slot.set(null);
            next.call = null;
            CsSettings settings = cs.settings;
            AgentRapp rapp = new AgentRapp(app, cs.slot, settings.callTimeout(), settings.recordings(), cs.calls);
            cs.worker.ask(() -> {
                try {
                    cs.start(app, cs.host.install(app, jar, settings.activateTimeout()), rapp);
                    cs.worker.answer(new WorkerOutcome.Started());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    cs.worker.answer(new WorkerOutcome.Failed("app '" + app + "' could not be activated: " + e));
                }
            });
        } else if (!cs.memory().tm) {
            WorkerOutcome o = cs.worker.take();
            if (o instanceof WorkerOutcome.Started) {
                cs.daStatus(next, AgentStatus.WORKING);
                cs.console.activated(System.nanoTime() - cs.loadEntered);
                next.tm = true;
            } else if (o instanceof WorkerOutcome.Failed failed) {
                cs.error(failed.why());
                cs.daStatus(next, AgentStatus.ERROR);
                next.tm = true;
            }
        }
    }
}
