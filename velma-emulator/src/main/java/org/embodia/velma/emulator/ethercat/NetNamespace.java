package org.embodia.velma.emulator.ethercat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A wire for tests: a network namespace of its own and a veth pair whose one end ({@link #segmentInterface()})
 * is inside it, for the simulated segment, and the other ({@link #hostInterface()}) stays here, for the
 * master. Both ends are up. {@link #close()} removes the pair and the namespace; creation that fails half-way
 * removes what it made. Needs root (ip netns add, ip link).
 */
public final class NetNamespace implements AutoCloseable {
    private final String name;
    private final String hostInterface;
    private final String segmentInterface;
    private final List<List<String>> undo = new ArrayList<>();

    private NetNamespace(String name, String hostInterface, String segmentInterface) {
        this.name = name;
        this.hostInterface = hostInterface;
        this.segmentInterface = segmentInterface;
    }

    /** A new namespace and veth pair with unique names; fails with what ip said and what to fix. */
    public static NetNamespace create() throws IOException {
        String tag = Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000000, 0x10000000));
        // Interface names have at most 15 characters.
        return create("embodia-ec-" + tag, "ecm" + tag, "ecs" + tag);
    }

    /**
     * The namespace {@code name} with the veth pair {@code hostInterface} (here) – {@code segmentInterface}
     * (inside it); fails when any of them exists already, as when an earlier run was killed before cleaning up.
     */
    public static NetNamespace create(String name, String hostInterface, String segmentInterface) throws IOException {
        if (hostInterface.length() > 15 || segmentInterface.length() > 15) {
            throw new IllegalArgumentException("network interface names have at most 15 characters: " + hostInterface + ", " + segmentInterface);
        }
        NetNamespace ns = new NetNamespace(name, hostInterface, segmentInterface);
        try {
            ns.run(List.of("ip", "netns", "add", ns.name), List.of("ip", "netns", "del", ns.name));
            ns.run(List.of("ip", "link", "add", ns.hostInterface, "type", "veth", "peer", "name", ns.segmentInterface),
                    List.of("ip", "link", "del", ns.hostInterface));
            ns.run(List.of("ip", "link", "set", ns.segmentInterface, "netns", ns.name), null);
            ns.run(List.of("ip", "link", "set", ns.hostInterface, "up"), null);
            ns.run(List.of("ip", "-n", ns.name, "link", "set", ns.segmentInterface, "up"), null);
        } catch (IOException | RuntimeException e) {
            ns.close();
            throw e;
        }
        return ns;
    }

    private void run(List<String> command, List<String> reverse) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", command) + " interrupted");
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (" + output
                    + "): network namespaces and veth pairs need root (CAP_SYS_ADMIN and CAP_NET_ADMIN) and the iproute2 ip command");
        }
        if (reverse != null) {
            undo.add(0, reverse);
        }
    }

    public String name() {
        return name;
    }

    /** The master's end, in this namespace. */
    public String hostInterface() {
        return hostInterface;
    }

    /** The segment's end, inside {@link #name()}. */
    public String segmentInterface() {
        return segmentInterface;
    }

    /** Removes the veth pair (both ends go together) and the namespace. */
    @Override
    public void close() {
        for (List<String> command : undo) {
            try {
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                        .waitFor(10, TimeUnit.SECONDS);
            } catch (IOException e) {
                // Best effort: the next command still runs; a leftover shows in ip netns list.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        undo.clear();
    }
}
