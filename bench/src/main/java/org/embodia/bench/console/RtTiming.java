package org.embodia.bench.console;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Activity rt's figures in an answer of {@code agent:diag}: compute p50 and p99, period p99 (µs), and its overruns. */
public record RtTiming(double p50, double p99, double periodP99, long overruns) {
    private static final Pattern ACTIVITY = Pattern.compile("activity rt .*: (\\d+) cycles, (\\d+) overruns");
    private static final Pattern P50_P99 = Pattern.compile("p50 ([\\d.]+)\\s+p99 ([\\d.]+)");

    /** agent:diag's lines so far hold the activity rt's compute line (the first after its own line): {@code ask}'s end. */
    public static boolean complete(List<String> lines) {
        boolean rt = false;
        for (String l : lines) {
            rt |= ACTIVITY.matcher(l).find();
            if (rt && l.trim().startsWith("compute")) {
                return true;
            }
        }
        return false;
    }

    /** The figures of activity rt in agent:diag's lines, which {@link #complete} passed. */
    public static RtTiming parse(List<String> diag) {
        Matcher activity = null;
        double periodP99 = Double.NaN;
        for (String line : diag) {
            Matcher m = P50_P99.matcher(line);
            if (activity == null) {
                Matcher a = ACTIVITY.matcher(line);
                activity = a.find() ? a : null;
            } else if (line.trim().startsWith("period") && m.find()) {
                periodP99 = Double.parseDouble(m.group(2));
            } else if (line.trim().startsWith("compute") && m.find()) {
                return new RtTiming(Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)), periodP99, Long.parseLong(activity.group(2)));
            }
        }
        throw new IllegalStateException("no compute line for activity rt in agent:diag core:\n" + String.join("\n", diag));
    }
}
