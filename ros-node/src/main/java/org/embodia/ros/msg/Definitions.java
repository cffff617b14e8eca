package org.embodia.ros.msg;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The definition texts of this package's types under ros-msgs/&lt;package&gt;/ in this bundle: the .msg and .srv files
 * of Debian's ROS packages, copied unchanged; control_msgs' written from ROS Noetic's definitions, and
 * embodia_velma_msgs' our own, each action's .msg files as actionlib's genaction makes them from its .action file.
 */
final class Definitions {
    private Definitions() {
    }

    /** The text of the message type {@code name}, "package/Name", as in its .msg file. */
    static String text(String name) {
        return read(name + ".msg");
    }

    /**
     * Half of a .srv file, as ROS's genmsg makes it: the request (0) or response (1) lines, each with its comment and
     * surrounding blanks removed, each ended by a newline.
     */
    static String serviceHalf(String name, int half) {
        StringBuilder[] halves = {new StringBuilder(), new StringBuilder()};
        int current = 0;
        for (String line : read(name + ".srv").split("\n", -1)) {
            int hash = line.indexOf('#');
            String clean = (hash < 0 ? line : line.substring(0, hash)).strip();
            if (clean.startsWith("---")) {
                current = 1;
            } else {
                halves[current].append(clean).append('\n');
            }
        }
        return halves[half].toString();
    }

    private static String read(String file) {
        String path = "/ros-msgs/" + file;
        try (InputStream in = Definitions.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the bundle lacks " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + path, e);
        }
    }
}
