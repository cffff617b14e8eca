package org.embodia.runconfigs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** The exported fsm-shell jar starts as a user starts it, and its Gogo shell answers. */
class FsmShellLaunchIT {

    @Test
    void theExportedProfileStartsFelixWithTheFsmCommands() throws IOException, InterruptedException {
        Path jar = Path.of("target", "fsm-shell.jar");
        assertTrue(Files.isRegularFile(jar), "bnd-export wrote " + jar);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process felix = new ProcessBuilder(java, "-jar", jar.toString()).redirectErrorStream(true).start();
        StringBuffer output = new StringBuffer();
        Thread reader = new Thread(() -> {
            byte[] chunk = new byte[4096];
            try (InputStream out = felix.getInputStream()) {
                for (int n; (n = out.read(chunk)) >= 0;) {
                    output.append(new String(chunk, 0, n, StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                output.append(e);
            }
        });
        reader.start();
        // Typed before the shell is up, as a script would: the shell starts after DS registered the commands.
        try (OutputStream in = felix.getOutputStream()) {
            in.write(("fsm:definitions\nfsm:check velma.cs\nfsm:run examples.counting\nfsm:step examples.counting 4\nstop 0\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(felix.waitFor(60, TimeUnit.SECONDS), "the framework stops on 'stop 0'");
        reader.join();
        String out = output.toString();
        assertTrue(out.contains("velma.ve_body  Embodied Agent, 6 states, initial idle"), out);
        assertTrue(out.contains("NONE    cart_imp:"), out);
        assertTrue(out.contains("examples.counting  iteration 4  state -  output warm  waiting"), out);
        assertFalse(out.contains("Exception"), out);
        assertFalse(out.contains("not found"), out);
        assertEquals(117, felix.exitValue(), "the bnd launcher's exit code after 'stop 0'");
    }
}
