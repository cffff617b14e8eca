package org.embodia.rapp.store;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Tiny bundles written with java.util.jar, and what the tests need to look at a store from outside. */
final class TestBundles {
    private TestBundles() {
    }

    /** An app: a bundle with the RAPP headers, exporting a package of its own and importing one. */
    static Path app(Path directory, String file, String appName, String keywords, String bsn, String version)
            throws IOException {
        Map<String, String> headers = bundleHeaders(bsn, version);
        headers.put("Export-Package", bsn + ".api;version=\"" + version + "\"");
        headers.put("Import-Package", "org.embodia.rapp.api;version=\"[2.0,3)\"");
        headers.put("RAPP-App-Name", appName);
        headers.put("RAPP-App-Keywords", keywords);
        return jar(directory.resolve(file), headers, appName + " " + version);
    }

    static Map<String, String> bundleHeaders(String bsn, String version) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Bundle-ManifestVersion", "2");
        headers.put("Bundle-SymbolicName", bsn);
        headers.put("Bundle-Version", version);
        return headers;
    }

    /** A jar with the manifest headers and one text entry, whose content makes the jar's bytes differ. */
    static Path jar(Path file, Map<String, String> headers, String content) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        headers.forEach((name, value) -> manifest.getMainAttributes().putValue(name, value));
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(file), manifest)) {
            out.putNextEntry(new JarEntry("content.txt"));
            out.write(content.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return file;
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** An HTTP answer read off the socket. */
    record RawResponse(int status, List<String> headers, String body) {
    }

    /**
     * Sends the request line exactly as given (no client normalizes "..", or re-encodes), and reads the answer until
     * the server closes the connection.
     */
    static RawResponse raw(int port, String method, String target) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            // Only a store that never answers takes this long, on any machine.
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write((method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            int end = answer.indexOf("\r\n\r\n");
            String[] head = answer.substring(0, end).split("\r\n");
            int status = Integer.parseInt(head[0].split(" ")[1]);
            List<String> headers = new ArrayList<>(List.of(head).subList(1, head.length));
            return new RawResponse(status, headers, answer.substring(end + 4));
        }
    }

    /** Collects what the store logs. */
    static final class Log implements StoreLog {
        final List<String> lines = new ArrayList<>();

        @Override
        public synchronized void info(String message) {
            lines.add("INFO " + message);
        }

        @Override
        public synchronized void warn(String message) {
            lines.add("WARN " + message);
        }

        synchronized List<String> lines() {
            return List.copyOf(lines);
        }
    }
}
