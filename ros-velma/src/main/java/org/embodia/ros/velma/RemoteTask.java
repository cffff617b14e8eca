package org.embodia.ros.velma;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import org.embodia.transport.MessageLink;
import org.embodia.velma.cs.api.CartesianImpedanceCommand;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.embodia.velma.cs.api.Motion;
import org.embodia.velma.cs.api.VelmaTaskInterface;
import org.embodia.velma.cs.api.VelmaView;
import org.embodia.velma.link.LinkMessage;
import org.embodia.velma.link.LinkMessage.Reply;

/**
 * core/a's task interface, in ros_interface/a's process: each method a call over the link, answered by core/a's
 * {@link VelmaTaskInterface}. What core/a refuses is refused here alike (an {@link IllegalArgumentException} with its
 * text); a core/a that does not answer is an {@link IllegalStateException}, which the actions and services report as
 * a refusal.
 */
final class RemoteTask implements VelmaTaskInterface {
    private final Sender sender;
    private final Duration timeout;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<Reply>> pending = new ConcurrentHashMap<>();

    /** Sends whole messages on the link, one thread at a time: the link takes one sender. */
    static final class Sender {
        private final MessageLink link;

        Sender(MessageLink link) {
            this.link = link;
        }

        synchronized boolean send(ByteBuffer message) {
            return link.send(message);
        }
    }

    RemoteTask(Sender sender, Duration timeout) {
        this.sender = sender;
        this.timeout = timeout;
    }

    /** A reply from core/a, handed over by the link's thread. */
    void answered(Reply reply) {
        CompletableFuture<Reply> f = pending.get(reply.id());
        if (f != null) {
            f.complete(reply);
        }
    }

    private Reply call(LinkMessage.Request request) {
        long id = ids.incrementAndGet();
        CompletableFuture<Reply> f = new CompletableFuture<>();
        pending.put(id, f);
        try {
            if (!sender.send(new LinkMessage.Call(id, request).encode())) {
                throw new IllegalStateException("core/a is not linked to ros_interface/a's process");
            }
            Reply r = f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (r.refused() != null) {
                throw new IllegalArgumentException(r.refused());
            }
            if (r.failed() != null) {
                throw new IllegalStateException(r.failed());
            }
            return r;
        } catch (TimeoutException e) {
            throw new IllegalStateException("core/a did not answer within " + timeout.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while core/a answered", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pending.remove(id);
        }
    }

    @Override
    public Motion exitSafeMode() {
        return call(new LinkMessage.ExitSafeMode()).motion();
    }

    @Override
    public Motion jointImpedance(JointImpedanceCommand command) {
        return call(new LinkMessage.Joint(command)).motion();
    }

    @Override
    public Motion cartesianImpedance(CartesianImpedanceCommand command) {
        return call(new LinkMessage.Cartesian(command)).motion();
    }

    @Override
    public Motion relax() {
        return call(new LinkMessage.Relax()).motion();
    }

    @Override
    public Motion head(double pan, double tilt, double seconds) {
        return call(new LinkMessage.Head(pan, tilt, seconds)).motion();
    }

    @Override
    public VelmaView view() {
        return call(new LinkMessage.View()).view();
    }

    @Override
    public Motion motion(long id) {
        return call(new LinkMessage.MotionOf(id)).motion();
    }
}
