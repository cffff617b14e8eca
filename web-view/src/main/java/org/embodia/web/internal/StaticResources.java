package org.embodia.web.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Map;
import java.util.regex.Pattern;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;

import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The page itself and its scripts, from the bundle's {@code web/} folder ({@code /} is {@code index.html}), and the
 * libraries it uses under {@code /lib/}, from their WebJars' paths in the bundle.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/*")
public final class StaticResources extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** Plain names only: no "..", no hidden files, nothing outside web/. */
    private static final Pattern PATH = Pattern.compile("(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*");
    private static final Map<String, String> TYPES = Map.of("html", "text/html", "js", "text/javascript", "css", "text/css", "svg",
            "image/svg+xml", "png", "image/png", "ico", "image/x-icon");

    private static final Map<String, String> LIBRARIES = Map.of("lib/three.min.js", "META-INF/resources/webjars/three.js/r88/three.min.js");

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo() == null || request.getPathInfo().equals("/") ? "index.html" : request.getPathInfo().substring(1);
        String name = LIBRARIES.getOrDefault(path, "web/" + path);
        URL resource = PATH.matcher(path).matches() && !path.contains("..") ? getClass().getClassLoader().getResource(name) : null;
        String type = TYPES.get(path.substring(path.lastIndexOf('.') + 1));
        if (resource == null || type == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND, "no " + path + " here");
            return;
        }
        response.setContentType(type);
        response.setCharacterEncoding("UTF-8");
        try (InputStream in = resource.openStream()) {
            in.transferTo(response.getOutputStream());
        }
    }
}
