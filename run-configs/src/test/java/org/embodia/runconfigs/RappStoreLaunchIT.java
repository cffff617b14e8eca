package org.embodia.runconfigs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exported rapp-store jar as {@code ./embodia run rapp-store} starts it, from the checkout's root: the store
 * serves the example apps the build published, over HTTP on 127.0.0.1:8585.
 */
class RappStoreLaunchIT {
    @TempDir
    Path dir;

    @Test
    void theStoreServesTheExampleAppsOfTheBuild() throws IOException, InterruptedException {
        Path jar = Path.of("target", "rapp-store.jar").toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "bnd-export wrote " + jar);
        Process felix = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dgosh.args=--nointeractive", "-jar", jar.toString()))
                .directory(Path.of("..").toAbsolutePath().normalize().toFile())
                .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile()).start();
        try {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
            HttpRequest apps = HttpRequest.newBuilder(URI.create("http://127.0.0.1:8585/apps")).timeout(Duration.ofSeconds(5)).build();
            String body = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (body == null && System.nanoTime() < deadline) {
                try {
                    HttpResponse<String> r = http.send(apps, HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, r.statusCode(), r.body());
                    body = r.body();
                } catch (IOException notYet) {
                    Thread.sleep(200);
                }
            }
            assertTrue(body != null, "the store answered within 60 s: " + Files.readString(dir.resolve("stderr")));
            for (String app : List.of("greeter", "walker", "photographer")) {
                assertTrue(body.contains("\"name\":\"" + app + "\""), body);
            }
            HttpResponse<String> index = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:8585/index.xml")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, index.statusCode());
            assertTrue(index.body().contains("http://www.osgi.org/xmlns/repository/v1.0.0"), index.body());
        } finally {
            felix.destroy();
            felix.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
