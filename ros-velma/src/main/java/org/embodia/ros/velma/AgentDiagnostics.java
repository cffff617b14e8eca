package org.embodia.ros.velma;

import java.util.List;
import java.util.Locale;

import org.embodia.ros.msg.DiagnosticArray;
import org.embodia.ros.msg.DiagnosticStatus;
import org.embodia.ros.msg.KeyValue;
import org.embodia.scheduler.ActivityDiagnostics;
import org.embodia.scheduler.Percentiles;
import org.embodia.scheduler.SubsystemDiagnostics;

/**
 * agent:diag's figures as diagnostic_msgs/DiagnosticArray for {@code /diagnostics}, where rqt_robot_monitor and the
 * diagnostic aggregator look: one status per activity (ERROR when it is at fault, WARN while it overruns) and one per
 * subsystem (its state; ERROR when it failed or is at fault, WARN while absent).
 */
final class AgentDiagnostics {
    private final DiagnosticArray array = new DiagnosticArray();

    DiagnosticArray of(String agent, List<ActivityDiagnostics> activities, List<SubsystemDiagnostics> subsystems, long epochNanos) {
        array.header.seq++;
        array.header.stamp.setNanos(epochNanos);
        array.status.resize(activities.size() + subsystems.size());
        int i = 0;
        for (ActivityDiagnostics a : activities) {
            DiagnosticStatus s = array.status.get(i++);
            s.name = agent + ": activity " + a.name();
            s.hardwareId = a.clock();
            s.level = a.fault() ? DiagnosticStatus.ERROR : a.consecutiveOverruns() > 0 ? DiagnosticStatus.WARN : DiagnosticStatus.OK;
            s.message = a.fault() ? "FAULT: " + a.consecutiveOverruns() + " overruns in a row" : a.cycles() + " cycles, " + a.overruns() + " overruns";
            s.values.resize(0);
            put(s, "cycles", Long.toString(a.cycles()));
            put(s, "overruns", Long.toString(a.overruns()));
            put(s, "missed triggers", Long.toString(a.missedTriggers()));
            put(s, "realtime", a.realtime());
            percentiles(s, "period", a.period());
            percentiles(s, "wake latency", a.wakeLatency());
            percentiles(s, "compute", a.compute());
        }
        for (SubsystemDiagnostics d : subsystems) {
            DiagnosticStatus s = array.status.get(i++);
            s.name = agent + ": " + d.name();
            s.hardwareId = d.activity() == null ? "" : d.activity();
            boolean failed = d.fault() != null && !d.fault().isEmpty();
            s.level = failed ? DiagnosticStatus.ERROR : !d.present() ? DiagnosticStatus.WARN : DiagnosticStatus.OK;
            s.message = !d.present() ? "absent" : failed ? d.fault() : d.state() == null ? "running" : "state " + d.state();
            s.values.resize(0);
            put(s, "state", d.state() == null ? "" : d.state());
            put(s, "iterations", Long.toString(d.iterations()));
            put(s, "failures", Long.toString(d.failures()));
            put(s, "last failure", d.lastFailure() == null ? "" : d.lastFailure());
            percentiles(s, "compute", d.compute());
        }
        return array;
    }

    private static void percentiles(DiagnosticStatus s, String what, Percentiles p) {
        put(s, what + " p50 (us)", format(p.p50()));
        put(s, what + " p99 (us)", format(p.p99()));
        put(s, what + " p99.9 (us)", format(p.p999()));
        put(s, what + " max (us)", format(p.max()));
    }

    private static String format(double micros) {
        return String.format(Locale.ROOT, "%.1f", micros);
    }

    private static void put(DiagnosticStatus s, String key, String value) {
        KeyValue kv = s.values.add();
        kv.key = key;
        kv.value = value == null ? "" : value;
    }
}
