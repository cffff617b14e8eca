package org.embodia.web.nao;

import java.io.IOException;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;

import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** {@code /api/camera.png}: the last image NAO's camera receptor delivered. */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/api/camera.png")
public final class CameraServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private final transient NaoSection nao;

    @Activate
    public CameraServlet(@Reference NaoSection nao) {
        this.nao = nao;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] png = nao.png();
        if (png == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND, "no camera image yet (nao:image asks for one)");
            return;
        }
        response.setContentType("image/png");
        response.setHeader("Cache-Control", "no-cache");
        response.setContentLength(png.length);
        response.getOutputStream().write(png);
    }
}
