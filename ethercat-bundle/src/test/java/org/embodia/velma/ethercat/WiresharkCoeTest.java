package org.embodia.velma.ethercat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.embodia.velma.emulator.ethercat.SimulatedBus;
import org.embodia.velma.emulator.ethercat.SimulatedSegment;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Wireshark's EtherCAT dissectors as an outside judge of the master's frames: a capture of a start-up against the
 * simulated segment (every frame both ways on the host's end of the veth pair, {@link PcapSniffer}) and two more
 * SDO uploads, one aborted, read back by {@code tshark}. No frame may be malformed or carry an expert error, and
 * the CoE SDO requests and responses of every transfer must decode as such. Needs root, as {@link MasterTest},
 * and tshark (.ci/setup installs it); without tshark the test is skipped and says so.
 */
class WiresharkCoeTest {
    /** Kept for a look with {@code tshark -r ... -V} or Wireshark. */
    static final Path CAPTURE = Path.of("target", "ethercat-coe-startup.pcap");
    private static final long CYCLE_TIMEOUT_NANOS = 50_000_000L;
    private static final long PATIENT_NANOS = 30_000_000_000L;
    /** tshark's value of _ws.expert.severity for an error (PI_ERROR). */
    private static final String EXPERT_ERROR = "8388608";
    private static final int SDO_DOWNLOAD = 1;
    private static final int SDO_UPLOAD = 2;
    private static final int SDO_ABORT = 4;
    private static final int SCS_DOWNLOAD = 3;
    private static final int SCS_UPLOAD = 2;

    private SimulatedBus bus;
    private Master master;

    @AfterEach
    void close() {
        if (master != null) {
            master.close();
        }
        if (bus != null) {
            bus.close();
        }
    }

    private static Path tshark() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, "tshark");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    @Test
    void wiresharkDecodesTheStartUpsCoeTrafficWithNothingMalformed() throws Exception {
        Path tshark = tshark();
        Assumptions.assumeTrue(tshark != null, "tshark is not installed, so Wireshark's dissectors cannot check the capture: run .ci/setup"
                + " (it installs Debian's tshark)");
        bus = SimulatedBus.start();
        SimulatedSegment segment = bus.segment();
        int sniffed;
        try (PcapSniffer sniffer = new PcapSniffer(bus.hostInterface())) {
            master = new Master(RawSocket.open(bus.hostInterface()), VelmaBus.slaves(), CYCLE_TIMEOUT_NANOS);
            master.start();
            master.sdoUpload(3, 0x1008, 0);
            assertThrows(EthercatException.class, () -> master.sdoUpload(3, 0x1234, 0));
            long deadline = System.nanoTime() + PATIENT_NANOS;
            while (sniffer.frames() < 2 * segment.frames() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertNull(sniffer.failure());
            sniffed = sniffer.frames();
            assertEquals(2 * segment.frames(), sniffed, "every frame the segment answered, captured going and coming back");
            sniffer.write(CAPTURE);
        }
        int drives = (int) VelmaBus.slaves().stream().filter(SlaveDescription::hasMailbox).count();
        int downloads = VelmaBus.slaves().stream().mapToInt(s -> s.startup().size()).sum();
        // Each drive's rated torque, the device name, the object that does not exist.
        int uploads = drives + 2;

        List<String[]> rows = fields(tshark, "frame.number", "_ws.malformed", "_ws.expert.severity", "ecat_mailbox.type",
                "ecat_mailbox.coe.type", "ecat_mailbox.coe.sdoreq", "ecat_mailbox.coe.sdores", "ecat_mailbox.coe.abortcode");
        int malformed = 0;
        int expertErrors = 0;
        int mailboxes = 0;
        int coe = 0;
        int[] requests = new int[5];
        int[] responses = new int[4];
        List<String> abortCodes = new ArrayList<>();
        for (String[] r : rows) {
            malformed += r[1].isEmpty() ? 0 : 1;
            expertErrors += count(r[2], EXPERT_ERROR);
            mailboxes += occurrences(r[3]);
            coe += occurrences(r[4]);
            for (String v : values(r[5])) {
                requests[Integer.decode(v)]++;
            }
            for (String v : values(r[6])) {
                responses[Integer.decode(v)]++;
            }
            abortCodes.addAll(values(r[7]));
        }
        System.out.printf("Wireshark's dissectors (%s) on a start-up's capture (%s): %d frames, %d mailboxes, %d CoE (SDO requests: %d"
                + " downloads, %d uploads, each captured going and coming back; responses: %d downloads, %d uploads; aborts: %d);"
                + " %d malformed, %d expert errors%n", version(tshark), CAPTURE, rows.size(), mailboxes, coe, requests[SDO_DOWNLOAD],
                requests[SDO_UPLOAD], responses[SCS_DOWNLOAD], responses[SCS_UPLOAD], requests[SDO_ABORT], malformed, expertErrors);
        assertEquals(sniffed, rows.size(), "tshark read every frame of the capture");
        assertEquals(0, malformed, "malformed packets");
        assertEquals(0, expertErrors, "expert errors");
        assertEquals(downloads, responses[SCS_DOWNLOAD], "a download response per start-up SDO");
        assertEquals(uploads - 1, responses[SCS_UPLOAD], "an upload response per upload but the aborted one");
        assertEquals(List.of("0x06020000"), abortCodes, "the abort, decoded");
        assertTrue(requests[SDO_DOWNLOAD] >= 2 * downloads, "each download request seen going and coming back: " + requests[SDO_DOWNLOAD]);
        assertTrue(requests[SDO_UPLOAD] >= 2 * uploads, "each upload request seen going and coming back: " + requests[SDO_UPLOAD]);
        assertEquals(mailboxes, coe, "every mailbox is CoE");
        assertEquals(coe, requests[SDO_DOWNLOAD] + requests[SDO_UPLOAD] + requests[SDO_ABORT] + responses[SCS_DOWNLOAD] + responses[SCS_UPLOAD],
                "every CoE message is an SDO request, response or abort the dissector names");
    }

    /** One row per frame, the fields tab-separated, several occurrences of a field comma-separated. */
    private static List<String[]> fields(Path tshark, String... names) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(tshark.toString(), "-r", CAPTURE.toString(), "-T", "fields", "-E", "occurrence=a", "-E",
                "aggregator=,"));
        for (String n : names) {
            command.add("-e");
            command.add(n);
        }
        List<String[]> rows = new ArrayList<>();
        for (String line : run(command).split("\n")) {
            if (!line.isEmpty()) {
                String[] r = line.split("\t", -1);
                assertEquals(names.length, r.length, line);
                rows.add(r);
            }
        }
        return rows;
    }

    private static String version(Path tshark) throws IOException, InterruptedException {
        return run(List.of(tshark.toString(), "--version")).lines().findFirst().orElse("tshark");
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Path errors = Files.createTempFile("tshark", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectError(errors.toFile()).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "tshark finished");
            assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + Files.readString(errors));
            return out;
        } finally {
            Files.delete(errors);
        }
    }

    private static List<String> values(String field) {
        return field.isEmpty() ? List.of() : List.of(field.split(","));
    }

    private static int occurrences(String field) {
        return values(field).size();
    }

    private static int count(String field, String value) {
        return (int) values(field).stream().filter(value::equals).count();
    }
}
