package org.embodia.rapp.process;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.Arrays;

import org.embodia.rapp.api.Rapp;

/** One message between the core agent and an app's process: its kind, its fields, its bytes. */
public sealed interface AppMessage {

    /**
     * App → core: its framework runs; it waits for {@link Load}. {@code token} is the one the core started the process
     * with: a Ready with another comes from a process the core no longer knows.
     */
    record Ready(long token) implements AppMessage {
    }

    /** Core → app: install and start {@code jar}, a file in the process's own directory, whose agent is {@code app}. */
    record Load(String app, String jar) implements AppMessage {
    }

    /** App → core: the app's DynamicAgent is there and its run has begun. */
    record Started() implements AppMessage {
    }

    /** App → core: the bundle could not be installed or started, or registered no agent: why. */
    record Failed(String why) implements AppMessage {
    }

    /** App → core: a call of {@code method}, one of {@link Rapp}'s, with {@code args}; {@code id} pairs it with its reply. */
    record Call(long id, Method method, Object[] args) implements AppMessage {
        @Override
        public boolean equals(Object o) {
            return o instanceof Call c && c.id == id && c.method.equals(method) && Arrays.deepEquals(c.args, args);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id) * 31 + method.hashCode();
        }

        @Override
        public String toString() {
            return "Call[" + id + ", " + RappMethods.signature(method) + ", " + Arrays.deepToString(args) + "]";
        }
    }

    /**
     * Core → app: the answer to call {@code id} of {@code method}: its {@code result} (null for void), or, when
     * {@code failure} is not null, why it failed (the agent sees a RappException with that message).
     */
    record Reply(long id, Method method, Object result, String failure) implements AppMessage {
        public static Reply of(long id, Method method, Object result) {
            return new Reply(id, method, result, null);
        }

        public static Reply failed(long id, Method method, String failure) {
            return new Reply(id, method, null, failure);
        }
    }

    /** App → core: the agent's run returned (Terminate, status Finished). */
    record Finished() implements AppMessage {
    }

    /** App → core: the agent's run threw (status Error): what it threw. */
    record Error(String why) implements AppMessage {
    }

    /** Core → app: end now; the core ends the process by force after its grace period. */
    record Stop() implements AppMessage {
    }

    /** The message's bytes, from position 0 to the limit. */
    default ByteBuffer encode() {
        Wire out = new Wire();
        if (this instanceof Ready r) {
            out.kind(Wire.READY).int64(r.token());
        } else if (this instanceof Load l) {
            out.kind(Wire.LOAD).string(l.app()).string(l.jar());
        } else if (this instanceof Started) {
            out.kind(Wire.STARTED);
        } else if (this instanceof Failed f) {
            out.kind(Wire.FAILED).string(f.why());
        } else if (this instanceof Call c) {
            out.kind(Wire.CALL).int64(c.id()).string(RappMethods.signature(c.method()));
            java.lang.reflect.Type[] types = c.method().getGenericParameterTypes();
            if (c.args().length != types.length) {
                throw new IllegalArgumentException(RappMethods.signature(c.method()) + " takes " + types.length
                        + " arguments, not " + c.args().length);
            }
            for (int k = 0; k < types.length; k++) {
                out.value(types[k], c.args()[k]);
            }
        } else if (this instanceof Reply r) {
            out.kind(Wire.REPLY).int64(r.id()).string(RappMethods.signature(r.method()));
            out.bool(r.failure() != null);
            if (r.failure() != null) {
                out.string(r.failure());
            } else {
                out.value(r.method().getGenericReturnType(), r.result());
            }
        } else if (this instanceof Finished) {
            out.kind(Wire.FINISHED);
        } else if (this instanceof Error e) {
            out.kind(Wire.ERROR).string(e.why());
        } else {
            out.kind(Wire.STOP);
        }
        return out.bytes();
    }

    /**
     * The message in {@code in}'s bytes from its position to its limit.
     *
     * @throws MalformedMessageException when they are none
     */
    static AppMessage decode(ByteBuffer in) {
        Wire.Reader r = new Wire.Reader(in);
        byte kind = r.kind();
        AppMessage m = switch (kind) {
            case Wire.READY -> new Ready(r.int64());
            case Wire.LOAD -> new Load(r.string(), r.string());
            case Wire.STARTED -> new Started();
            case Wire.FAILED -> new Failed(r.string());
            case Wire.CALL -> {
                long id = r.int64();
                Method method = RappMethods.bySignature(r.string());
                java.lang.reflect.Type[] types = method.getGenericParameterTypes();
                Object[] args = new Object[types.length];
                for (int k = 0; k < types.length; k++) {
                    args[k] = r.value(types[k]);
                }
                yield new Call(id, method, args);
            }
            case Wire.REPLY -> {
                long id = r.int64();
                Method method = RappMethods.bySignature(r.string());
                yield r.bool() ? Reply.failed(id, method, r.string())
                        : Reply.of(id, method, r.value(method.getGenericReturnType()));
            }
            case Wire.FINISHED -> new Finished();
            case Wire.ERROR -> new Error(r.string());
            case Wire.STOP -> new Stop();
            default -> throw new MalformedMessageException("a message of unknown kind " + kind);
        };
        r.end();
        return m;
    }
}
