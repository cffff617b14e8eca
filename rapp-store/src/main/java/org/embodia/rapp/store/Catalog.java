package org.embodia.rapp.store;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.Manifest;
import java.util.regex.Pattern;

import org.embodia.rapp.store.api.RappAppNamespace;
import org.embodia.rapp.store.api.StoreApp;
import org.osgi.framework.Version;
import org.osgi.framework.namespace.IdentityNamespace;
import org.osgi.resource.Capability;
import org.osgi.resource.Resource;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import aQute.bnd.osgi.Domain;
import aQute.bnd.osgi.Jar;
import aQute.bnd.osgi.repository.XMLResourceGenerator;
import aQute.bnd.osgi.resource.CapabilityBuilder;
import aQute.bnd.osgi.resource.ResourceBuilder;

/**
 * The store's directory of bundles read into what it serves: an OSGi Repository index (Compendium §132, namespace
 * {@code http://www.osgi.org/xmlns/repository/v1.0.0}) with one resource per app, and the JSON list of the apps.
 *
 * <p>Each {@link #current()} lists the directory and compares every {@code *.jar}'s size, modification time and file
 * key with those the last snapshot was built from; on a difference the snapshot is built again, re-reading only the
 * jars that changed. So every answer reflects the directory as it is when asked, with no watcher thread whose events
 * could arrive late or be lost (e.g. on a network file system). A jar's hash, manifest and content capability come
 * from one read of its bytes, so they always describe the same bytes.
 *
 * <p>A jar becomes an app when its manifest has {@value RappAppNamespace#APP_NAME_HEADER} and
 * {@value RappAppNamespace#APP_KEYWORDS_HEADER} and it is a bundle that can be started (a Bundle-SymbolicName, no
 * Fragment-Host). Anything else is skipped with a reason, logged once per version of the file.
 */
final class Catalog {
    /**
     * The file names served: a plain name without path separators, so a request's name can be looked up and never
     * resolved as a path.
     */
    static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*\\.jar");
    /** The index's repository name. */
    static final String REPOSITORY_NAME = "RAPP Store";
    /** The directory under the store's address where the jars are served. */
    static final String BUNDLES = "bundles/";
    /** A jar is read whole into memory to hash and index it; a dynamic agent is far smaller than this. */
    static final long MAX_JAR_SIZE = 64L << 20;

    private final Path directory;
    private final StoreLog log;
    private final JsonFactory json = new JsonFactory();
    /** Held while a snapshot is built; {@link #indexed} is only touched under it. */
    private final Object building = new Object();
    private Map<String, Indexed> indexed = Map.of();
    private volatile Snapshot snapshot;

    Catalog(Path directory, StoreLog log) {
        this.directory = directory;
        this.log = log;
        synchronized (building) {
            snapshot = build(scan(), 0);
        }
    }

    Path directory() {
        return directory;
    }

    /** What the directory holds now, built again if it changed since the last call. */
    Snapshot current() {
        Scan scan = scan();
        Snapshot last = snapshot;
        if (last.scan().equals(scan)) {
            return last;
        }
        synchronized (building) {
            // Listed again under the lock: a thread that listed earlier must not replace a newer snapshot.
            Scan now = scan();
            last = snapshot;
            if (!last.scan().equals(now)) {
                snapshot = build(now, last.increment());
            }
            return snapshot;
        }
    }

    /** The directory's jars and their stamps; {@code missing} when the directory itself is gone. */
    record Scan(boolean missing, Map<String, Stamp> jars) {
    }

    /** What tells a changed file: a rewrite changes the size or time, a replacement by rename the file key. */
    record Stamp(long size, long modifiedNanos, Object fileKey) {
    }

    /** One jar read: an app with its index resource, or the reason it is not served. */
    record Indexed(String file, Stamp stamp, Resource resource, StoreApp app, String skipped) {
    }

    /**
     * What the store serves until the directory changes.
     *
     * @param apps the apps served, by file name, in file-name order
     * @param skipped why each other jar is not served, by file name
     * @param index the repository index
     * @param appsJson the JSON list of the apps
     */
    record Snapshot(Scan scan, long increment, Map<String, Indexed> apps, Map<String, String> skipped, byte[] index,
            byte[] appsJson) {
        List<StoreApp> storeApps() {
            return apps.values().stream().map(Indexed::app).toList();
        }
    }

    private Scan scan() {
        if (!Files.isDirectory(directory)) {
            return new Scan(true, Map.of());
        }
        Map<String, Stamp> jars = new TreeMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                // Hidden files are copies in progress (rsync, editors); they count once renamed into place.
                if (name.startsWith(".") || !name.toLowerCase(Locale.ROOT).endsWith(".jar")) {
                    continue;
                }
                try {
                    BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
                    if (attributes.isRegularFile()) {
                        jars.put(name, new Stamp(attributes.size(),
                                attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS), attributes.fileKey()));
                    }
                } catch (IOException e) {
                    // Removed since it was listed: it is not in the store.
                }
            }
        } catch (IOException e) {
            return new Scan(true, Map.of());
        }
        return new Scan(false, jars);
    }

    private Snapshot build(Scan scan, long lastIncrement) {
        if (scan.missing()) {
            log.warn("RAPP Store directory " + directory + " does not exist or cannot be listed: serving no apps");
        }
        Map<String, Indexed> read = new LinkedHashMap<>();
        for (Map.Entry<String, Stamp> jar : scan.jars().entrySet()) {
            Indexed known = indexed.get(jar.getKey());
            if (known != null && known.stamp().equals(jar.getValue())) {
                read.put(jar.getKey(), known);
            } else {
                Indexed fresh = read(jar.getKey(), jar.getValue());
                if (fresh.skipped() != null) {
                    log.warn("RAPP Store skips " + directory.resolve(fresh.file()) + ": " + fresh.skipped());
                }
                read.put(jar.getKey(), fresh);
            }
        }
        indexed = Map.copyOf(read);

        Map<String, String> skipped = new TreeMap<>();
        read.values().stream().filter(i -> i.skipped() != null).forEach(i -> skipped.put(i.file(), i.skipped()));
        Map<String, Indexed> apps = new TreeMap<>();
        for (Indexed candidate : served(read.values(), skipped)) {
            apps.put(candidate.file(), candidate);
        }
        warnSharedKeywords(apps.values());

        long increment = Math.max(lastIncrement + 1, System.currentTimeMillis());
        // Unmodifiable views of the sorted maps: the store lists apps and files in file-name order.
        Snapshot built = new Snapshot(scan, increment, Collections.unmodifiableMap(apps),
                Collections.unmodifiableMap(skipped),
                index(apps.values(), increment), appsJson(apps.values()));
        log.info("RAPP Store index of " + directory + " built: " + apps.size() + " app(s) "
                + apps.values().stream().map(i -> i.app().name() + " " + i.app().version() + " (" + i.file() + ")")
                        .toList()
                + (skipped.isEmpty() ? "" : ", " + skipped.size() + " jar(s) skipped"));
        return built;
    }

    /**
     * The apps that are served: of several jars with the same app name, or the same Bundle-SymbolicName and version,
     * only the one with the highest version (then the first file name) is, so a name asks for one bundle.
     */
    private List<Indexed> served(Iterable<Indexed> read, Map<String, String> skipped) {
        List<Indexed> candidates = new ArrayList<>();
        read.forEach(i -> {
            if (i.app() != null) {
                candidates.add(i);
            }
        });
        candidates.sort(Comparator.comparing((Indexed i) -> Version.parseVersion(i.app().version())).reversed()
                .thenComparing(Indexed::file));
        Map<String, Indexed> byName = new HashMap<>();
        Map<String, Indexed> byIdentity = new HashMap<>();
        List<Indexed> served = new ArrayList<>();
        for (Indexed candidate : candidates) {
            StoreApp app = candidate.app();
            Indexed sameName = byName.get(app.name());
            Indexed sameIdentity = byIdentity.get(app.bsn() + ";" + app.version());
            Indexed kept = sameName != null ? sameName : sameIdentity;
            if (kept != null) {
                String reason = sameName != null
                        ? "app '" + app.name() + "' is served from " + kept.file() + " (version " + kept.app().version()
                                + ")"
                        : "bundle " + app.bsn() + " " + app.version() + " is served from " + kept.file();
                skipped.put(candidate.file(), reason);
                log.warn("RAPP Store skips " + directory.resolve(candidate.file()) + ": " + reason);
                continue;
            }
            byName.put(app.name(), candidate);
            byIdentity.put(app.bsn() + ";" + app.version(), candidate);
            served.add(candidate);
        }
        return served;
    }

    /** A keyword of two apps leaves the control subsystem's keyword map ambiguous: worth a warning, not a refusal. */
    private void warnSharedKeywords(Iterable<Indexed> apps) {
        Map<String, String> owner = new HashMap<>();
        for (Indexed i : apps) {
            for (String keyword : i.app().keywords()) {
                String other = owner.putIfAbsent(keyword, i.app().name());
                if (other != null && !other.equals(i.app().name())) {
                    log.warn("RAPP Store: keyword '" + keyword + "' belongs to both app '" + other + "' and app '"
                            + i.app().name() + "'");
                }
            }
        }
    }

    private Indexed read(String file, Stamp stamp) {
        if (!FILE_NAME.matcher(file).matches()) {
            return skip(file, stamp, "its name is not served: use letters, digits and . _ + - only, ending in .jar");
        }
        if (stamp.size() > MAX_JAR_SIZE) {
            return skip(file, stamp, "larger than " + (MAX_JAR_SIZE >> 20) + " MiB");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(directory.resolve(file));
        } catch (IOException e) {
            return skip(file, stamp, "cannot be read: " + e);
        }
        Manifest manifest;
        try (Jar jar = new Jar(file, new ByteArrayInputStream(bytes))) {
            manifest = jar.getManifest();
        } catch (Exception e) {
            return skip(file, stamp, "not a readable jar: " + e);
        }
        if (manifest == null) {
            return skip(file, stamp, "not a jar with a META-INF/MANIFEST.MF");
        }
        Domain domain = Domain.domain(manifest);
        String name = Objects.requireNonNullElse(domain.get(RappAppNamespace.APP_NAME_HEADER), "").strip();
        if (name.isEmpty()) {
            return skip(file, stamp, "not an app: its manifest has no " + RappAppNamespace.APP_NAME_HEADER + " header");
        }
        List<String> keywords = keywords(domain.get(RappAppNamespace.APP_KEYWORDS_HEADER));
        if (keywords.isEmpty()) {
            return skip(file, stamp, "not an app: its manifest has no " + RappAppNamespace.APP_KEYWORDS_HEADER
                    + " header listing at least one keyword");
        }
        if (domain.getFragmentHost() != null) {
            return skip(file, stamp, "app '" + name + "' is a fragment (Fragment-Host), which cannot be started");
        }
        ResourceBuilder builder = new ResourceBuilder();
        try {
            if (!builder.addManifest(domain)) {
                return skip(file, stamp, "app '" + name + "' is not an OSGi bundle: no Bundle-SymbolicName");
            }
        } catch (RuntimeException e) {
            // bnd refuses malformed headers (a bad version, an unparsable clause) by throwing
            return skip(file, stamp, "app '" + name + "' has an invalid manifest: " + e.getMessage());
        }
        String sha256 = sha256(bytes);
        builder.addContentCapability(URI.create(BUNDLES + file), sha256, bytes.length,
                RappAppNamespace.BUNDLE_MIME_TYPE);
        builder.addCapability(new CapabilityBuilder(RappAppNamespace.RAPP_APP_NAMESPACE)
                .addAttribute(RappAppNamespace.NAME_ATTRIBUTE, name)
                .addAttribute(RappAppNamespace.KEYWORDS_ATTRIBUTE, keywords));
        Resource resource = builder.build();
        Capability identity = resource.getCapabilities(IdentityNamespace.IDENTITY_NAMESPACE).get(0);
        String bsn = (String) identity.getAttributes().get(IdentityNamespace.IDENTITY_NAMESPACE);
        Object version = identity.getAttributes().get(IdentityNamespace.CAPABILITY_VERSION_ATTRIBUTE);
        StoreApp app = new StoreApp(name, keywords, bsn, String.valueOf(version), sha256, bytes.length,
                BUNDLES + file);
        return new Indexed(file, stamp, resource, app, null);
    }

    private static Indexed skip(String file, Stamp stamp, String reason) {
        return new Indexed(file, stamp, null, null, reason);
    }

    /** The header's comma-separated words, trimmed, without empty or repeated ones. */
    static List<String> keywords(String header) {
        if (header == null) {
            return List.of();
        }
        LinkedHashSet<String> words = new LinkedHashSet<>();
        for (String word : header.split(",")) {
            if (!word.isBlank()) {
                words.add(word.strip());
            }
        }
        return List.copyOf(words);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static byte[] index(Iterable<Indexed> apps, long increment) {
        List<Resource> resources = new ArrayList<>();
        apps.forEach(i -> resources.add(i.resource()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new XMLResourceGenerator().name(REPOSITORY_NAME).increment(increment).indent(0).resources(resources)
                    .save(out);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return out.toByteArray();
    }

    private byte[] appsJson(Iterable<Indexed> apps) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator generator = json.createGenerator(out)) {
            generator.writeStartArray();
            for (Indexed i : apps) {
                StoreApp app = i.app();
                generator.writeStartObject();
                generator.writeStringField("name", app.name());
                generator.writeArrayFieldStart("keywords");
                for (String keyword : app.keywords()) {
                    generator.writeString(keyword);
                }
                generator.writeEndArray();
                generator.writeStringField("bsn", app.bsn());
                generator.writeStringField("version", app.version());
                generator.writeStringField("sha256", app.sha256());
                generator.writeNumberField("size", app.size());
                generator.writeStringField("url", app.url());
                generator.writeEndObject();
            }
            generator.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return out.toByteArray();
    }
}
