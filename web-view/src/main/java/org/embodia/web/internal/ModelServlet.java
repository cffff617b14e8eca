package org.embodia.web.internal;

import java.io.IOException;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;

import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** {@code /api/model}: what the page draws once — the agents' graphs, the FSM definitions, the sections' fixed parts. */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/api/model")
public final class ModelServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final transient ViewState view;

    @Activate
    public ModelServlet(@Reference ViewState view) {
        this.view = view;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-cache");
        response.getWriter().write(view.model());
    }
}
