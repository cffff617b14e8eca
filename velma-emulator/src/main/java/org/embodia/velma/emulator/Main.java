package org.embodia.velma.emulator;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The simulated hardware of the velma-hw profile as a process of its own: {@link VelmaPeers} until it is
 * stopped (SIGTERM, Ctrl-C), then the namespace and veth pair are removed. Options, with their defaults
 * (those of run-configs/velma-hw's configuration): {@code --namespace embodia-velma --interface velma-ec
 * --segment velma-ec-seg --right 127.0.0.1:49938 --left 127.0.0.1:49939 --cpu 1}, the CPU velma-hw's agent pins its
 * loop to ({@code --cpu -1}, or a machine with one CPU: any). Prints one line when ready.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws InterruptedException {
        Map<String, String> options = new LinkedHashMap<>(Map.of("namespace", "embodia-velma", "interface", "velma-ec", "segment",
                "velma-ec-seg", "right", "127.0.0.1:49938", "left", "127.0.0.1:49939", "cpu",
                Runtime.getRuntime().availableProcessors() > 1 ? "1" : "-1"));
        for (int i = 0; i < args.length; i++) {
            String key = args[i].startsWith("--") ? args[i].substring(2) : "";
            if (!options.containsKey(key) || i + 1 >= args.length) {
                fail("usage: velma-peers [--namespace n] [--interface host-end] [--segment ns-end] [--right host:port] [--left host:port]"
                        + " [--cpu n]"
                        + " (bad argument '" + args[i] + "')");
            }
            options.put(key, args[++i]);
        }
        VelmaPeers peers;
        try {
            peers = VelmaPeers.start(options.get("namespace"), options.get("interface"), options.get("segment"), address(options.get("right")),
                    address(options.get("left")), cpu(options.get("cpu")));
        } catch (IOException | IllegalArgumentException e) {
            fail("velma-peers: " + e.getMessage());
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            peers.close();
            stopped.countDown();
        }, "velma-peers shutdown"));
        System.out.println("velma-peers ready: EtherCAT segment behind " + peers.hostInterface() + ", FRI to " + options.get("right")
                + " (right) and " + options.get("left") + " (left)");
        System.out.flush();
        // Every 10 s, how the KRC's clock kept time: what a loop triggered by its measurements depends on.
        while (!stopped.await(10, TimeUnit.SECONDS)) {
            System.out.printf(Locale.ROOT, "velma-peers: %d ticks, longest gap %.2f ms, %d gaps over 3 ms, %d stalls past a tick sat out%s%n",
                    peers.ticks(), peers.maxGapNanos() / 1e6, peers.longGaps(), peers.stallsSatOut(), peers.clockRefused() != null ? ", the clock's thread: " + peers.clockRefused() : "");
            System.out.flush();
        }
    }

    private static int cpu(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a CPU is a number (-1: any), got '" + text + "'");
        }
    }

    private static InetSocketAddress address(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("an address is host:port, got '" + text + "'");
        }
        try {
            return new InetSocketAddress(text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("an address is host:port, got '" + text + "'");
        }
    }

    private static void fail(String message) {
        System.err.println(message);
        System.exit(2);
    }
}
