package org.embodia.velma.link.internal;

import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.link.LinkMessage;
import org.embodia.velma.link.LinkMessage.Call;
import org.embodia.velma.link.LinkMessage.Reply;

/** The task interface's side of the link: each call made on it, its result or its refusal as the reply. */
final class Calls {
    private final VelmaTaskInterface task;

    Calls(VelmaTaskInterface task) {
        this.task = task;
    }

    Reply answer(Call call) {
        long id = call.id();
        LinkMessage.Request r = call.request();
        try {
            if (r instanceof LinkMessage.View) {
                return Reply.of(id, task.view());
            }
            if (r instanceof LinkMessage.MotionOf m) {
                return Reply.of(id, task.motion(m.id()));
            }
            if (r instanceof LinkMessage.ExitSafeMode) {
                return Reply.of(id, task.exitSafeMode());
            }
            if (r instanceof LinkMessage.Relax) {
                return Reply.of(id, task.relax());
            }
            if (r instanceof LinkMessage.Head h) {
                return Reply.of(id, task.head(h.pan(), h.tilt(), h.seconds()));
            }
            if (r instanceof LinkMessage.Joint j) {
                return Reply.of(id, task.jointImpedance(j.command()));
            }
            return Reply.of(id, task.cartesianImpedance(((LinkMessage.Cartesian) r).command()));
        } catch (IllegalArgumentException e) {
            return new Reply(id, null, null, String.valueOf(e.getMessage()), null);
        } catch (RuntimeException e) {
            return new Reply(id, null, null, null, e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }
}
