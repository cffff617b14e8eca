package org.embodia.nao.cs;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.behavior.Behavior;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** c_core,cs's interpret_short (§3.8.6): app_name = getAppName(recog_word), Error for Abort, Empty, Long and unknown words. */
@Component(property = {Subsystem.SUBSYSTEM_PROPERTY + "=" + NaoCs.NAME, Subsystem.BEHAVIOR_PROPERTY + "=interpret_short"})
public final class InterpretShort implements Behavior {
    private final NaoCs cs;

    @Activate
    public InterpretShort(@Reference NaoCs cs) {
        this.cs = cs;
    }

    @Override
    public void step(int iteration) {
        cs.entered("interpret_short");
        CsMemory next = cs.nextMemory();
        next.appName = NaoCs.getAppName(next);
        cs.console.dealing(CsMemory.ERROR.equals(next.appName) ? null : next.appName);
        next.say = NaoCs.NOT_RECOGNIZED;
    }
}
