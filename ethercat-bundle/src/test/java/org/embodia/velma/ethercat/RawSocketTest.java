package org.embodia.velma.ethercat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class RawSocketTest {
    @Test
    void aMissingInterfaceIsAClearError() {
        EthercatException e = assertThrows(EthercatException.class, () -> RawSocket.open("ecnosuch0"));
        assertEquals("no network interface 'ecnosuch0': no such device in this network namespace; check the name with ip link and set"
                + " 'interface' to it", e.getMessage());
    }

    @Test
    void noInterfaceConfiguredIsAClearError() {
        EthercatException e = assertThrows(EthercatException.class, () -> RawSocket.open(""));
        assertEquals("no network interface configured: set 'interface' to the NIC the EtherCAT bus is on (see ip link)", e.getMessage());
    }

    /** A JVM whose capability bounding set lacks CAP_NET_RAW (setpriv, as root) gets the error that says what to do. */
    @Test
    void missingPrivilegesAreAClearErrorNamingTheCapability() throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "setpriv (util-linux) drops the capability");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder("/usr/bin/setpriv", "--bounding-set", "-net_raw", "--inh-caps", "-net_raw", "--", java, "-cp",
                System.getProperty("java.class.path"), OpenWithoutPrivilege.class.getName(), "lo").redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the unprivileged JVM ended");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(out.startsWith("a raw EtherCAT socket on 'lo' needs CAP_NET_RAW: run as root or setcap cap_net_raw+ep on the java binary"),
                out);
    }
}
