package org.embodia.web.internal;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.servlet.runtime.HttpServiceRuntime;
import org.osgi.service.servlet.runtime.HttpServiceRuntimeConstants;
import org.osgi.framework.ServiceReference;

/**
 * Who may command the robot from the page: only a page that carries the token printed on the console at start, as
 * Jupyter does; a page without it is read-only. Configuration PID {@value #PID}: {@code token} (a fixed one; default a
 * fresh random one per start), {@code commands} (false: read-only for everyone), {@code scopes} (the shell scopes a
 * page may use).
 */
@Component(service = Access.class, configurationPid = Access.PID, immediate = true)
public final class Access {
    static final String PID = "org.embodia.web";
    private static final Pattern TOKEN = Pattern.compile("[0-9A-Za-z_-]{16,128}");

    @interface Config {
        String token() default "";

        boolean commands() default true;

        String[] scopes() default {"velma", "nao", "rapp"};
    }

    private final byte[] token;
    private final boolean commands;
    private final List<String> scopes;
    private volatile boolean announced;

    @Activate
    public Access(Config config) {
        String t = config.token().isBlank() ? HexFormat.of().formatHex(random())
                : config.token().trim();
        if (!TOKEN.matcher(t).matches()) {
            throw new IllegalArgumentException("web view: configuration " + PID + ": token must be 16 to 128 letters, digits, '-' or '_'");
        }
        this.token = t.getBytes(StandardCharsets.US_ASCII);
        this.commands = config.commands();
        this.scopes = List.of(config.scopes());
    }

    private static byte[] random() {
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        return b;
    }

    /** Prints the view's address with the token once the HTTP runtime tells where it listens. */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void setRuntime(HttpServiceRuntime runtime, ServiceReference<HttpServiceRuntime> ref) {
        if (announced) {
            return;
        }
        Object endpoints = ref.getProperty(HttpServiceRuntimeConstants.HTTP_SERVICE_ENDPOINT);
        List<String> urls = endpoints instanceof String s ? List.of(s)
                : endpoints instanceof String[] a ? List.of(a) : endpoints instanceof Collection<?> c ? c.stream().map(String::valueOf).toList() : List.of();
        for (String url : urls) {
            String base = url.endsWith("/") ? url : url + "/";
            System.out.println("web view: " + base + (commands ? "?token=" + token() : "") + "  (read-only without "
                    + (commands ? "the token)" : "commands: configuration " + PID + " commands=false)"));
            announced = true;
        }
    }

    void unsetRuntime(HttpServiceRuntime runtime) {
    }

    /** The token, as printed. */
    String token() {
        return new String(token, StandardCharsets.US_ASCII);
    }

    boolean commandsEnabled() {
        return commands;
    }

    List<String> scopes() {
        return scopes;
    }

    /** Whether {@code presented} is the token, compared in constant time. */
    boolean permits(String presented) {
        return commands && presented != null && MessageDigest.isEqual(token, presented.trim().getBytes(StandardCharsets.US_ASCII));
    }
}
