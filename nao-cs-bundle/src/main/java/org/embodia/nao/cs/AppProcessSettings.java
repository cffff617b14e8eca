package org.embodia.nao.cs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** {@link CsConfig}'s app.* values checked: how cs starts an app's process. */
record AppProcessSettings(Path hostPath, int memoryMiB, boolean sandbox, boolean spare, Duration startTimeout, String channel,
        int firstStream, Path processes) {

    /** The isolation values of app.isolation. */
    static final String PROCESS = "process";
    static final String FRAMEWORK = "framework";

    /** Whether the configuration runs apps in processes of their own; a value that is neither is an error. */
    static boolean inProcess(CsConfig c) {
        if (PROCESS.equals(c.app_isolation())) {
            return true;
        }
        if (FRAMEWORK.equals(c.app_isolation())) {
            return false;
        }
        throw new IllegalArgumentException("app.isolation is '" + c.app_isolation() + "'; it must be " + PROCESS + " or " + FRAMEWORK);
    }

    /** {@code recordings}: cs's directory, under which each app process gets one of its own. */
    static AppProcessSettings of(CsConfig c, Path recordings) {
        Path host = Path.of(c.app_host_path()).toAbsolutePath().normalize();
        if (!Files.isDirectory(host.resolve("bundles"))) {
            throw new IllegalArgumentException("app.host.path " + host + " is not the app host's class path (no bundles folder in"
                    + " it): build rapp-app-host, or name its target/lib");
        }
        if (c.app_memory() < 32) {
            throw new IllegalArgumentException("app.memory is " + c.app_memory() + " MiB; an app's JVM needs 32 at least");
        }
        if (c.app_streams() <= 0 || c.app_streams() > Integer.MAX_VALUE / 2) {
            throw new IllegalArgumentException("app.streams is " + c.app_streams() + "; it must be a positive stream number");
        }
        if (c.app_channel() == null || c.app_channel().isBlank()) {
            throw new IllegalArgumentException("app.channel is empty");
        }
        return new AppProcessSettings(host, c.app_memory(), c.app_sandbox(), c.app_spare(),
                CsSettings.seconds("app.start.timeout", c.app_start_timeout()), c.app_channel(), c.app_streams(),
                recordings.resolve("apps").resolve("processes"));
    }
}
