package org.embodia.nao.cs;

import java.util.ArrayDeque;
import java.util.List;

import org.embodia.nao.cs.api.RappCall;
import org.embodia.nao.cs.api.RappCore;

/** The last RAPP calls, written by the apps' calling threads (never the loop's), read by the operator's views. */
final class CallLog {
    private final ArrayDeque<RappCall> calls = new ArrayDeque<>();

    synchronized void add(String app, Call.Fn fn, String outcome) {
        if (calls.size() == RappCore.CALLS_KEPT) {
            calls.removeFirst();
        }
        calls.addLast(new RappCall(System.currentTimeMillis(), app, fn.name(), outcome));
    }

    synchronized List<RappCall> snapshot() {
        return List.copyOf(calls);
    }
}
