package org.embodia.ros.velma;

import java.time.Duration;
import java.util.function.Supplier;

import org.embodia.ros.RosNode;
import org.embodia.ros.RosServiceServer;
import org.embodia.ros.msg.Trigger;
import org.embodia.ros.msg.TriggerResponse;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.VelmaTaskInterface;

/**
 * The task interface's commands without arguments as std_srvs/Trigger services that answer when the motion has
 * ended: {@code ~exit_safe_mode} (velma:exitsafe) and {@code ~relax} (velma:relax, cs's safe_col). {@code success} is
 * whether it reached its end; {@code message} says "reached", "aborted: why" or "refused: why", as velma: does.
 */
final class TaskServices implements AutoCloseable {
    private final RosServiceServer exitSafe;
    private final RosServiceServer relax;

    TaskServices(RosNode node, VelmaTaskInterface task, Duration timeout) {
        exitSafe = node.advertiseService("~exit_safe_mode", Trigger.TYPE,
                (q, r) -> answer(r, task, timeout, task::exitSafeMode));
        relax = node.advertiseService("~relax", Trigger.TYPE, (q, r) -> answer(r, task, timeout, task::relax));
    }

    private static void answer(TriggerResponse r, VelmaTaskInterface task, Duration timeout,
            Supplier<Motion> command) throws InterruptedException {
        Motion m;
        try {
            m = command.get();
        } catch (IllegalArgumentException | IllegalStateException e) {
            r.success = false;
            r.message = "refused: " + e.getMessage();
            return;
        }
        Motion end = Motions.await(task, m, timeout);
        r.success = end.phase() == Motion.Phase.DONE;
        r.message = Motions.outcome(end, timeout);
    }

    @Override
    public void close() {
        exitSafe.close();
        relax.close();
    }
}
