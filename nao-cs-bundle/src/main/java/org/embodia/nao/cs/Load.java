package org.embodia.nao.cs;

import java.nio.file.Files;
import java.nio.file.Path;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.embodia.rapp.store.api.StoreClient;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * c_core,cs's load (§3.8.8): downloads the app's package from the store off the loop (downloadDAPackage() on the
 * worker); tm when downloaded, its outcome, is new.
 */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=load"})
public final class Load implements Behavior {
    private final NaoCs cs;

    @Activate
    public Load(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        CsMemory next = cs.nextMemory();
        if (iteration == 0) {
            cs.entered("load");
            cs.loadEntered = System.nanoTime();
            String app = cs.memory().appName;
            next.pkg = null;
            next.tm = false;
            Path target = cs.settings.recordings().resolve("apps").resolve(app + ".jar");
            StoreWorker worker = cs.worker;
            worker.ask(() -> {
                try {
                    StoreClient client = worker.client();
                    if (client == null) {
                        worker.answer(new WorkerOutcome.Failed("app '" + app + "' could not be loaded: "
                                + StoreWorker.NO_STORE));
                        return;
                    }
                    Files.createDirectories(target.getParent());
                    worker.answer(new WorkerOutcome.Downloaded(client.download(app, target)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    worker.answer(new WorkerOutcome.Failed("app '" + app + "' could not be loaded: " + e.getMessage()));
                }
            });
        } else if (!cs.memory().tm) {
            WorkerOutcome o = cs.worker.take();
            if (o instanceof WorkerOutcome.Downloaded downloaded) {
                next.pkg = downloaded.jar().toString();
                next.tm = true;
            } else if (o instanceof WorkerOutcome.Failed failed) {
                cs.error(failed.why());
                next.say = "The app " + cs.memory().appName + " could not be loaded";
                next.tm = true;
            }
        }
    }
}
