package org.embodia.web.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletAsyncSupported;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code /api/events}: server-sent events, one snapshot every {@value #PERIOD_MILLIS} ms to every open page. One
 * thread builds each snapshot once for all pages, and only while one is open, so ten pages cost the robot what one
 * does.
 */
@Component(service = Servlet.class)
@HttpWhiteboardServletPattern("/api/events")
@HttpWhiteboardServletAsyncSupported
public final class EventStream extends HttpServlet {
    private static final long serialVersionUID = 1L;
    static final long PERIOD_MILLIS = 100;
    private static final Logger LOG = Logger.getLogger(EventStream.class.getName());

    private final transient ViewState view;
    private final transient List<AsyncContext> pages = new CopyOnWriteArrayList<>();
    private final transient ScheduledExecutorService publisher = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "embodia-web-events");
        t.setDaemon(true);
        return t;
    });

    @Activate
    public EventStream(@Reference ViewState view) {
        this.view = view;
        publisher.scheduleWithFixedDelay(this::publish, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Deactivate
    void deactivate() {
        publisher.shutdownNow();
        pages.forEach(AsyncContext::complete);
        pages.clear();
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/event-stream");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-cache");
        AsyncContext page = request.startAsync();
        page.setTimeout(0);
        response.getOutputStream().write("retry: 1000\n\n".getBytes(StandardCharsets.UTF_8));
        response.flushBuffer();
        pages.add(page);
    }

    private void publish() {
        if (pages.isEmpty()) {
            return;
        }
        byte[] event;
        try {
            event = ("data: " + view.snapshot() + "\n\n").getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            // A section or an agent going away mid-snapshot: the next one will do.
            LOG.log(Level.FINE, "web view: snapshot failed", e);
            return;
        }
        for (AsyncContext page : pages) {
            try {
                ServletOutputStream out = page.getResponse().getOutputStream();
                out.write(event);
                out.flush();
            } catch (IOException | IllegalStateException closed) {
                pages.remove(page);
                try {
                    page.complete();
                } catch (IllegalStateException alreadyDone) {
                    // the container already ended it
                }
            }
        }
        if (pages.isEmpty()) {
            view.idle();
        }
    }
}
