package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** c_core,cs's record_cmd (§3.8.15): REGISTER into rd until silence; tm on rec. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=record_cmd"})
public final class RecordCmd implements Behavior {
    private final NaoCs cs;
    /** r_core,mic's rec and reason counts at i0: the recording ended, or was rejected, once one moved. */
    private long mic0;
    private long micReason0;

    @Activate
    public RecordCmd(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        CsMemory next = cs.nextMemory();
        if (iteration == 0) {
            cs.entered("record_cmd");
            NaoCs.register(cs.micCommand.message(), cs.memory().rd, cs.settings.energy(), cs.settings.silenceTime());
            cs.micCommand.send();
            mic0 = cs.micStatus.get().recSeq;
            micReason0 = cs.micStatus.get().reasonSeq;
            next.tm = false;
        } else if (!cs.memory().tm && cs.micStatus.isNew()
                && (cs.micStatus.get().recSeq != mic0 || cs.micStatus.get().reasonSeq != micReason0)) {
            next.tm = true;
        }
    }
}
