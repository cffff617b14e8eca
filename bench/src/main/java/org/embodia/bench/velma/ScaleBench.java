package org.embodia.bench.velma;

import static org.embodia.velma.model.VelmaModel.READY_LEFT;
import static org.embodia.velma.model.VelmaModel.READY_RIGHT;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.embodia.api.agent.Subsystem;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.scheduler.internal.ActivityHarness;
import org.embodia.velma.api.BodyCommand;
import org.embodia.velma.api.BodyStatus;
import org.embodia.velma.cs.TaskInterface;
import org.embodia.velma.cs.api.JointImpedanceCommand;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code ./embodia bench scale}: how far one 500 Hz activity of the scheduler goes on these machines.
 * <ol>
 * <li>Subsystems per activity: N synthetic subsystems in a chain, each with Velma's message sizes (the body's status
 * forward, 454 bytes; the body's command back, 137 bytes) and the smallest FSM (wait for fresh input, then work), for
 * N = 1, 2, 4, ... until the cycle's compute p99 passes the period.</li>
 * <li>Simulated Velmas per activity: K whole velma-sim systems (ODE physics, the three real effectors, ve_body and cs
 * in jnt_imp, moving), one after the other in the cycle, K = 1, 2, ... until the same.</li>
 * </ol>
 * Overruns are reported beside each point. Each point: one second of warm-up, then {@code --seconds} measured. Prints a table per part and a JSON line, and plots
 * the compute against N and K as PNGs ({@code --png-dir}, default target/bench). A benchmark: nothing is asserted.
 */
public final class ScaleBench {
    static final double RATE = 500;
    static final double PERIOD_US = 1e6 / RATE;
    static final int MOST_VELMAS = 64;
    /** Ticks one Velma runs, as fast as it can, before the Velmas are measured. */
    static final int JIT_WARM_UP_TICKS = 5000;

    private ScaleBench() {
    }

    record Point(int n, ActivityHarness.Figures figures) {
        double p50() {
            return figures.compute().p50();
        }

        double p99() {
            return figures.compute().p99();
        }

        /**
         * The cycle's compute p99 within the period. Not the overruns: a stall of the VM overruns a loop of any size now
         * and then, so they are reported beside each point rather than deciding it.
         */
        boolean within() {
            return p99() <= PERIOD_US;
        }
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.awt.headless", "true");
        long measuredMillis = 3000;
        int priority = 80;
        Path pngDir = Path.of("target", "bench");
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--seconds" -> measuredMillis = Math.round(Double.parseDouble(args[i + 1]) * 1000);
                case "--priority" -> priority = Integer.parseInt(args[i + 1]);
                case "--png-dir" -> pngDir = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("usage: bench scale [--seconds <s>] [--priority <0-99>] [--png-dir <dir>]");
            }
        }
        List<Point> subsystems = new ArrayList<>();
        for (int n = 1; subsystems.isEmpty() || subsystems.get(subsystems.size() - 1).within(); n *= 2) {
            subsystems.add(new Point(n, ActivityHarness.run(RATE, priority, 1000, measuredMillis, chain(n))));
            print("subsystems", subsystems.get(subsystems.size() - 1));
        }
        // The JIT compiles the physics and the control subsystems first, which one second of a point's warm-up does not cover.
        try (VelmaSystem warm = moving()) {
            warm.sim.advance(JIT_WARM_UP_TICKS);
        }
        List<Point> velmas = new ArrayList<>();
        for (int k = 1; k <= MOST_VELMAS && (velmas.isEmpty() || velmas.get(velmas.size() - 1).within()); k++) {
            List<VelmaSystem> systems = new ArrayList<>();
            try {
                for (int v = 0; v < k; v++) {
                    systems.add(moving());
                }
                List<ActivityHarness.Pass> passes = new ArrayList<>();
                for (int v = 0; v < k; v++) {
                    VelmaSystem velma = systems.get(v);
                    Subsystem tick = ActivityHarness.subsystem("scale/a.velma" + v + "/re", List.of(), List.of(), () -> velma.sim.advance(1));
                    passes.add(new ActivityHarness.Pass(tick, new InputBuffer<?>[0], null));
                }
                velmas.add(new Point(k, ActivityHarness.run(RATE, priority, 1000, measuredMillis, passes)));
                print("velmas", velmas.get(velmas.size() - 1));
            } finally {
                systems.forEach(VelmaSystem::close);
            }
        }
        int mostSubsystems = lastWithin(subsystems);
        int mostVelmas = lastWithin(velmas);
        System.out.printf(Locale.ROOT, "one %.0f Hz activity: up to %d synthetic subsystems and %d simulated Velmas with the compute p99 "
                + "within the %.0f µs period%n", RATE, mostSubsystems, mostVelmas, PERIOD_US);
        Files.createDirectories(pngDir);
        plot(subsystems, "Synthetic subsystems per activity (Velma's message sizes)", "subsystems", true, pngDir.resolve("scale-subsystems.png"));
        plot(velmas, "Simulated Velmas per activity", "Velmas", false, pngDir.resolve("scale-velmas.png"));
        System.out.printf(Locale.ROOT, "plots: %s, %s%n", pngDir.resolve("scale-subsystems.png"), pngDir.resolve("scale-velmas.png"));
        StringBuilder json = new StringBuilder("{\"bench\":\"scale\",\"rate\":500,\"subsystems\":[");
        append(json, subsystems);
        json.append("],\"velmas\":[");
        append(json, velmas);
        json.append(String.format(Locale.ROOT, "],\"most_subsystems\":%d,\"most_velmas\":%d}", mostSubsystems, mostVelmas));
        System.out.println(json);
    }

    private static void print(String what, Point p) {
        ActivityHarness.Figures f = p.figures();
        System.out.printf(Locale.ROOT, "%-10s %5d   compute p50 %8.1f  p99 %8.1f  p99.9 %8.1f µs   period p99 %8.1f µs   %d overruns in %d cycles%n",
                what, p.n(), f.compute().p50(), f.compute().p99(), f.compute().p999(), f.period().p99(), f.overruns(), f.cycles());
    }

    private static int lastWithin(List<Point> points) {
        int most = 0;
        for (Point p : points) {
            if (p.within()) {
                most = p.n();
            }
        }
        return most;
    }

    private static void append(StringBuilder json, List<Point> points) {
        for (int k = 0; k < points.size(); k++) {
            Point p = points.get(k);
            json.append(String.format(Locale.ROOT, "%s{\"n\":%d,\"compute_p50_us\":%.1f,\"compute_p99_us\":%.1f,\"overruns\":%d,\"cycles\":%d}",
                    k == 0 ? "" : ",", p.n(), p.p50(), p.p99(), p.figures().overruns(), p.figures().cycles()));
        }
    }

    /**
     * A source like a real effector, then {@code n} subsystems in a chain: each passes the status forward (received in
     * the same cycle) and the command back (received in the next), as ve_body and cs do.
     */
    private static List<ActivityHarness.Pass> chain(int n) throws Exception {
        List<ActivityHarness.Pass> passes = new ArrayList<>();
        OutputBuffer<BodyStatus> source = new OutputBuffer<>("status", BodyStatus.class, BodyStatus::new);
        passes.add(new ActivityHarness.Pass(ActivityHarness.subsystem("scale/a.src/re", List.of(), List.of(source), () -> {
            source.message().torso.position += 1e-6;
            source.send();
        }), new InputBuffer<?>[0], null));
        OutputBuffer<BodyStatus> statusIn = source;
        List<OutputBuffer<BodyCommand>> commandOuts = new ArrayList<>();
        List<InputBuffer<BodyCommand>> commandIns = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            InputBuffer<BodyStatus> status = new InputBuffer<>("status", BodyStatus.class, BodyStatus::new);
            InputBuffer<BodyCommand> command = new InputBuffer<>("command", BodyCommand.class, BodyCommand::new);
            OutputBuffer<BodyStatus> statusOut = new OutputBuffer<>("status_out", BodyStatus.class, BodyStatus::new);
            OutputBuffer<BodyCommand> commandOut = new OutputBuffer<>("command_out", BodyCommand.class, BodyCommand::new);
            statusIn.connect(status);
            Subsystem s = ActivityHarness.subsystem("scale/a.s" + k + "/ve", List.of(status, command), List.of(statusOut, commandOut), () -> {
                statusOut.write(status.get());
                commandOut.message().copyFrom(command.get());
                commandOut.message().torsoTorque += 1e-6;
                commandOut.send();
            });
            passes.add(new ActivityHarness.Pass(s, new InputBuffer<?>[] {status, command}, ActivityHarness.waitWork(status::isNew)));
            statusIn = statusOut;
            commandOuts.add(commandOut);
            commandIns.add(command);
        }
        for (int k = 0; k + 1 < n; k++) {
            commandOuts.get(k + 1).connect(commandIns.get(k));
        }
        return passes;
    }

    /** A velma-sim system out of safe mode, its arms moving slowly in jnt_imp for longer than a point's run. */
    private static VelmaSystem moving() throws Exception {
        VelmaSystem velma = new VelmaSystem();
        velma.sim.attach(velma::cycle);
        TaskInterface task = new TaskInterface(velma.cs);
        velma.sim.advance(300);
        task.exitSafeMode();
        velma.sim.advance(300);
        task.jointImpedance(new JointImpedanceCommand(READY_RIGHT, READY_LEFT, 0.2, 60, 1));
        velma.sim.advance(10);
        if (!"jnt_imp".equals(velma.csFsm.currentState())) {
            throw new IllegalStateException("a Velma did not start moving: cs " + velma.csFsm.currentState() + ", ve_body "
                    + velma.veBodyFsm.currentState());
        }
        return velma;
    }

    /** @param logX whether the x axis is logarithmic, for N doubling from point to point */
    private static void plot(List<Point> points, String title, String xName, boolean logX, Path png) throws IOException {
        XYChart chart = new XYChartBuilder().width(800).height(500).title(title).xAxisTitle(xName + " in one 500 Hz activity")
                .yAxisTitle("cycle compute (µs)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setXAxisLogarithmic(logX);
        double[] x = points.stream().mapToDouble(Point::n).toArray();
        chart.addSeries("compute p50", x, points.stream().mapToDouble(Point::p50).toArray());
        chart.addSeries("compute p99", x, points.stream().mapToDouble(Point::p99).toArray());
        chart.addSeries("period (2000 µs)", new double[] {x[0], x[x.length - 1]}, new double[] {PERIOD_US, PERIOD_US})
                .setMarker(SeriesMarkers.NONE);
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
