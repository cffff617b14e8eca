package org.embodia.rapp.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.felix.framework.FrameworkFactory;
import org.embodia.rapp.api.DynamicAgent;
import org.embodia.rapp.api.Rapp;
import org.embodia.rapp.process.AppMessage;
import org.embodia.transport.MessageLink;
import org.embodia.transport.aeron.internal.AeronBufferTransport;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;

/**
 * The process one dynamic agent runs in ([RAPP] §3.8: the core agent runs each dynamic agent as a process of its own):
 * a small Felix framework with SCR, the RAPP API exported by the system bundle, and later the app's bundle; its
 * {@link Rapp} is the core agent's, over the Aeron transport. The process may start no other process
 * ({@link NoNewProcesses}); the core agent's sandbox lets it see only its own directory, which is its working
 * directory.
 *
 * <p>Arguments: the media driver's directory, the channel, the stream it sends on, the stream it receives on, the
 * directory of the bundles its framework installs besides the app, the token its Ready carries. It says {@link AppMessage.Ready}, then follows
 * {@link AppMessage.Load} and {@link AppMessage.Stop}; it exits when told to stop, when the core agent is gone, or
 * when its agent has ended and the core agent stops it.
 */
public final class AppHost {
    /** How long the core agent may be out of reach before this process ends itself. */
    private static final long ORPHAN_NANOS = 5_000_000_000L;
    private static final Pattern RAPP_API_VERSION = Pattern.compile("org\\.embodia\\.rapp\\.api;version=\"?([0-9.]+)");

    private final MessageLink link;
    private final long token;
    private final Path home;
    private final RemoteRapp rapp;
    /** What the last poll brought, handled on the main thread once the poll is over. */
    private final ArrayDeque<AppMessage> inbox = new ArrayDeque<>();
    private Framework framework;
    private volatile Thread agentThread;

    private AppHost(MessageLink link, Path home, long token) {
        this.link = link;
        this.token = token;
        this.home = home;
        this.rapp = new RemoteRapp(this::send);
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 6) {
            System.err.println("usage: AppHost <media driver directory> <channel> <send stream> <receive stream> <bundles directory> <token>");
            System.exit(2);
        }
        NoNewProcesses.install();
        AeronBufferTransport transport = new AeronBufferTransport(args[0], false);
        MessageLink link = transport.link(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]));
        AppHost host = new AppHost(link, Path.of("").toAbsolutePath(), Long.parseLong(args[5]));
        int code = host.run(Path.of(args[4]));
        System.exit(code);
    }

    /** Sends from any of this process's threads, one at a time (a link has one sender). */
    private void send(AppMessage m) {
        ByteBuffer bytes = m.encode();
        synchronized (link) {
            long deadline = System.nanoTime() + ORPHAN_NANOS;
            while (!link.send(bytes.duplicate())) {
                if (System.nanoTime() - deadline >= 0) {
                    throw new IllegalStateException("the core agent does not take " + m.getClass().getSimpleName());
                }
                Thread.onSpinWait();
            }
        }
    }

    private int run(Path bundles) throws Exception {
        framework = startFramework(bundles);
        long lost = System.nanoTime();
        boolean readySent = false;
        while (true) {
            if (link.connected()) {
                lost = System.nanoTime();
                if (!readySent) {
                    send(new AppMessage.Ready(token));
                    readySent = true;
                }
            } else if (System.nanoTime() - lost > ORPHAN_NANOS) {
                System.err.println("app host: the core agent is out of reach; ending");
                return 3;
            }
            link.poll(bytes -> inbox.add(AppMessage.decode(bytes)), 16);
            for (AppMessage m; (m = inbox.poll()) != null; ) {
                if (m instanceof AppMessage.Reply r) {
                    rapp.answered(r);
                } else if (m instanceof AppMessage.Load l) {
                    load(l);
                } else if (m instanceof AppMessage.Stop) {
                    stop();
                    return 0;
                } else {
                    System.err.println("app host: the core agent sent " + m + ", which an app's process does not take");
                }
            }
            Thread.sleep(1);
        }
    }

    private Framework startFramework(Path bundles) throws Exception {
        Map<String, String> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, home.resolve("framework").toString());
        config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        config.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, "org.embodia.rapp.api;version=" + rappApiVersion());
        Framework fw = new FrameworkFactory().newFramework(config);
        fw.start();
        BundleContext context = fw.getBundleContext();
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(bundles, "*.jar")) {
            for (Path jar : jars) {
                context.installBundle(jar.toUri().toString());
            }
        }
        for (Bundle b : context.getBundles()) {
            if (b.getHeaders().get(Constants.FRAGMENT_HOST) == null) {
                b.start();
            }
        }
        return fw;
    }

    /** The version rapp-api's jar exports its package at, which the system bundle then exports for the app. */
    private static String rappApiVersion() throws IOException {
        Path jar;
        try {
            jar = Path.of(Rapp.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
        try (JarFile j = new JarFile(jar.toFile())) {
            String exports = j.getManifest().getMainAttributes().getValue(Constants.EXPORT_PACKAGE);
            Matcher m = RAPP_API_VERSION.matcher(exports == null ? "" : exports);
            if (!m.find()) {
                throw new IOException(jar + " exports no org.embodia.rapp.api with a version: " + exports);
            }
            return m.group(1);
        }
    }

    /**
     * Installs and starts the app, looks for its agent and runs it. A start that never returns holds only its own
     * thread: the core agent's activate time-out ends the process.
     */
    private void load(AppMessage.Load load) {
        String app = load.app();
        Thread starter = new Thread(() -> {
            try {
                if (load.jar().contains("/") || load.jar().contains("\\")) {
                    throw new IllegalArgumentException("the jar must be a file of the process's directory: " + load.jar());
                }
                Bundle bundle;
                try (InputStream in = Files.newInputStream(home.resolve(load.jar()))) {
                    bundle = framework.getBundleContext().installBundle("rapp:" + app + ":" + load.jar(), in);
                }
                bundle.start();
                DynamicAgent agent = awaitAgent(bundle, app);
                Thread t = new Thread(() -> runAgent(agent), "rapp-agent-" + app);
                agentThread = t;
                send(new AppMessage.Started());
                t.start();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                send(new AppMessage.Failed(e.toString()));
            }
        }, "rapp-start-" + app);
        starter.setDaemon(true);
        starter.start();
    }

    /** The bundle's DynamicAgent with rapp.app = app, once registered: the core agent bounds the wait. */
    private static DynamicAgent awaitAgent(Bundle bundle, String app) throws Exception {
        BundleContext context = bundle.getBundleContext();
        String filter = "(" + DynamicAgent.APP_PROPERTY + "=" + app + ")";
        while (true) {
            ServiceReference<?>[] refs = bundle.getRegisteredServices();
            if (refs != null) {
                for (ServiceReference<?> ref : refs) {
                    if (context.createFilter(filter).match(ref) && context.getService(ref) instanceof DynamicAgent agent) {
                        return agent;
                    }
                }
            }
            Thread.sleep(5);
        }
    }

    private void runAgent(DynamicAgent agent) {
        try {
            agent.run(rapp.proxy());
            send(new AppMessage.Finished());
        } catch (Throwable e) {
            send(new AppMessage.Error(e.toString()));
        }
    }

    /** Stop: the agent is interrupted and the framework stopped; the core agent ends the process if this hangs. */
    private void stop() throws Exception {
        Thread t = agentThread;
        if (t != null) {
            t.interrupt();
        }
        framework.stop();
        framework.waitForStop(2_000);
    }
}
