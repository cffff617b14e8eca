package org.embodia.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Dictionary;
import java.util.Hashtable;

import org.embodia.api.buffer.Freshness;
import org.embodia.api.buffer.InputBuffer;
import org.embodia.api.buffer.OutputBuffer;
import org.embodia.api.buffer.WireMessage;
import org.embodia.transport.BufferTransport;
import org.embodia.transport.RemoteReader;
import org.embodia.transport.RemoteWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;
import org.osgi.util.tracker.ServiceTracker;

/** The Aeron transport bundle in Felix: nothing runs until it is configured; configured, its links carry buffers. */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class TransportTest {

    /** A small message that crosses processes. */
    static final class Ping implements WireMessage<Ping> {
        long sequence;
        double value;

        @Override
        public void copyFrom(Ping p) {
            sequence = p.sequence;
            value = p.value;
        }

        @Override
        public int wireSize() {
            return 16;
        }

        @Override
        public void write(ByteBuffer out) {
            out.putLong(sequence);
            out.putDouble(value);
        }

        @Override
        public void read(ByteBuffer in) {
            sequence = in.getLong();
            value = in.getDouble();
        }
    }

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 60_000)
    ConfigurationAdmin configAdmin;

    @Test
    void theConfiguredTransportLinksABufferAndStopsWhenItsConfigurationGoes() throws Exception {
        ServiceTracker<BufferTransport, BufferTransport> tracker = new ServiceTracker<>(context, BufferTransport.class, null);
        tracker.open();
        Path dir = Files.createTempDirectory("embodia-aeron");
        Configuration c = configAdmin.getConfiguration("org.embodia.transport.aeron", "?");
        try {
            assertNull(tracker.getService(), "unconfigured, the transport runs no media driver");
            Dictionary<String, Object> p = new Hashtable<>();
            p.put("directory", dir.resolve("aeron").toString());
            p.put("embedded.driver", true);
            c.update(p);
            BufferTransport transport = tracker.waitForService(60_000);
            assertNotNull(transport, "configured, the transport's service comes up");

            OutputBuffer<Ping> out = new OutputBuffer<>("ping", Ping.class, Ping::new);
            InputBuffer<Ping> in = new InputBuffer<>("ping", Ping.class, Ping::new);
            try (RemoteWriter writer = transport.writer("aeron:ipc", 21, out, Ping::new);
                    RemoteReader reader = transport.reader("aeron:ipc", 21, in, Ping::new)) {
                long deadline = System.nanoTime() + 60_000_000_000L;
                out.message().sequence = 7;
                out.message().value = -2.5;
                while (true) {
                    out.send();
                    writer.publish();
                    reader.poll();
                    if (in.receive() == Freshness.NEW_DATA) {
                        break;
                    }
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError("nothing crossed the link within 60 s: writer connected " + writer.connected());
                    }
                    Thread.sleep(1);
                }
                assertEquals(7, in.get().sequence);
                assertEquals(-2.5, in.get().value);
            }
            c.delete();
            long deadline = System.nanoTime() + 60_000_000_000L;
            // DS unregisters the service before it deactivates the component, which closes the driver.
            while ((tracker.getService() != null || Files.exists(dir.resolve("aeron"))) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertNull(tracker.getService(), "its configuration deleted, the transport is gone");
            assertEquals(false, Files.exists(dir.resolve("aeron")), "and its media driver with its directory");
        } finally {
            tracker.close();
        }
    }
}
