package org.embodia.web.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;

import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code POST /api/command}: one shell command line, run in a Gogo session of its own, so the page's commands are the
 * shells' commands with the shells' checks and errors. Only with the token (header {@value #TOKEN_HEADER}), only the
 * configured scopes, and only plain words: a Gogo pipe, closure or variable could reach any command of the framework.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/api/command")
public final class CommandServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    static final String TOKEN_HEADER = "X-Embodia-Token";
    private static final int MAX_LENGTH = 1000;
    private static final Pattern LINE = Pattern.compile("([A-Za-z]\\w*):([A-Za-z]\\w*)((?:\\s+[\\w.,+/=-]+)*)\\s*");

    private final transient Access access;
    private transient volatile CommandProcessor shell;

    @Activate
    public CommandServlet(@Reference Access access) {
        this.access = access;
    }

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void setShell(CommandProcessor processor) {
        shell = processor;
    }

    void unsetShell(CommandProcessor processor) {
        if (shell == processor) {
            shell = null;
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!access.commandsEnabled()) {
            reply(response, HttpServletResponse.SC_FORBIDDEN, false, "this view is read-only (configuration " + Access.PID + " commands=false)");
            return;
        }
        if (!access.permits(request.getHeader(TOKEN_HEADER))) {
            reply(response, HttpServletResponse.SC_FORBIDDEN, false,
                    "refused: this page has no valid token; open the address with ?token= that the console printed at start");
            return;
        }
        byte[] body = request.getInputStream().readNBytes(MAX_LENGTH + 1);
        String line = new String(body, StandardCharsets.UTF_8).strip();
        if (body.length > MAX_LENGTH) {
            reply(response, HttpServletResponse.SC_BAD_REQUEST, false, "malformed command: longer than " + MAX_LENGTH + " characters");
            return;
        }
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            reply(response, HttpServletResponse.SC_BAD_REQUEST, false, "malformed command '" + line
                    + "': one command, scope:name then words or numbers (letters, digits, . , + - / = _), as the shell takes them");
            return;
        }
        if (!access.scopes().contains(m.group(1))) {
            reply(response, 422, false, "'" + m.group(1) + ":" + m.group(2) + "' cannot be sent from the page: it takes the commands of "
                    + String.join(", ", access.scopes().stream().map(s -> s + ":").toList()));
            return;
        }
        CommandProcessor processor = shell;
        if (processor == null) {
            reply(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, false, "no shell runs in this framework to carry out '" + line + "'");
            return;
        }
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
                CommandSession session = processor.createSession(new ByteArrayInputStream(new byte[0]), out, out)) {
            Object result = session.execute(line);
            String text = printed.toString(StandardCharsets.UTF_8) + (result == null ? "" : String.valueOf(session.format(result, 0)));
            reply(response, HttpServletResponse.SC_OK, true, text.strip());
        } catch (Exception e) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            reply(response, 422, false, message);
        }
    }

    private static void reply(HttpServletResponse response, int status, boolean ok, String text) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        StringBuilder json = new StringBuilder("{\"ok\":").append(ok).append(ok ? ",\"output\":" : ",\"error\":");
        Json.string(text, json);
        response.getWriter().write(json.append('}').toString());
    }
}
