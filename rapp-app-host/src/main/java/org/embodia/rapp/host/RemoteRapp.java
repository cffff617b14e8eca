package org.embodia.rapp.host;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.embodia.rapp.api.Rapp;
import org.embodia.rapp.api.RappException;
import org.embodia.rapp.process.AppMessage;

/**
 * The {@link Rapp} the app's agent gets in its process: each call is an {@link AppMessage.Call} to the core agent,
 * whose cs carries it out with its own validation, and blocks until the {@link AppMessage.Reply}. The app's threads
 * call one at a time, as the API says; an interrupt while waiting ends the wait with a {@link RappException}.
 */
final class RemoteRapp implements InvocationHandler {
    private final Consumer<AppMessage> send;
    private final Object oneAtATime = new Object();
    private final AtomicReference<AppMessage.Reply> reply = new AtomicReference<>();
    private volatile Thread waiting;
    private long calls;

    RemoteRapp(Consumer<AppMessage> send) {
        this.send = send;
    }

    Rapp proxy() {
        return (Rapp) Proxy.newProxyInstance(Rapp.class.getClassLoader(), new Class<?>[] {Rapp.class}, this);
    }

    /** From the link's thread: the answer to the call under way. */
    void answered(AppMessage.Reply r) {
        reply.set(r);
        Thread t = waiting;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                default -> "Rapp of the core agent";
            };
        }
        synchronized (oneAtATime) {
            long id = ++calls;
            reply.set(null);
            waiting = Thread.currentThread();
            try {
                send.accept(new AppMessage.Call(id, method, args == null ? new Object[0] : args));
                while (true) {
                    AppMessage.Reply r = reply.get();
                    if (r != null && r.id() == id) {
                        if (r.failure() != null) {
                            throw new RappException(r.failure());
                        }
                        return r.result();
                    }
                    if (Thread.interrupted()) {
                        throw new RappException(method.getName() + " interrupted");
                    }
                    LockSupport.park(this);
                }
            } finally {
                waiting = null;
            }
        }
    }
}
