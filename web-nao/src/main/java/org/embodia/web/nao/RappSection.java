package org.embodia.web.nao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.embodia.nao.cs.api.RappCore;
import org.embodia.nao.cs.api.RappStatus;
import org.embodia.web.api.ViewSection;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/** The RAPP core agent in the web view: the store's apps and their keywords, what cs does, the apps' last RAPP calls. */
@Component
public final class RappSection implements ViewSection {
    private final RappCore core;

    @Activate
    public RappSection(@Reference RappCore core) {
        this.core = core;
    }

    @Override
    public String name() {
        return "rapp";
    }

    @Override
    public Map<String, Object> model() {
        return Map.of();
    }

    @Override
    public Map<String, Object> snapshot() {
        List<Object> apps = new ArrayList<>();
        core.apps().forEach((app, keywords) -> apps.add(Map.of("name", app, "keywords", keywords)));
        RappStatus s = core.status();
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("state", s.state());
        status.put("app", s.app());
        status.put("agentStatus", s.agentStatus());
        status.put("lastError", s.lastError());
        status.put("activated", s.activated());
        status.put("destroyed", s.destroyed());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("apps", apps);
        m.put("status", status);
        m.put("calls", core.calls());
        return m;
    }
}
