package org.embodia.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.fsm.engine.FsmCatalog;
import org.embodia.fsm.engine.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/** The engine's extender inside Felix: definitions come from the subsystem bundles' Embodia-FSM headers. */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class FsmCatalogTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 60_000)
    FsmCatalog catalog;

    @Test
    void loadsTheVelmaDefinitionsFromTheirBundles() {
        FsmDefinition veBody = catalog.definition("velma.ve_body").orElseThrow();
        FsmDefinition cs = catalog.definition("velma.cs").orElseThrow();
        assertEquals("idle", veBody.initialState());
        assertEquals(List.of("idle", "safe", "safe_st", "safe_st_ok", "transp", "transp_st"),
                veBody.states().stream().map(s -> s.name()).toList());
        assertEquals(List.of("idle", "safe", "safe_col", "cart_imp", "jnt_imp"), cs.states().stream().map(s -> s.name()).toList());
        assertEquals("org.embodia.velma.vebody:fsm/velma.ve_body.yaml", veBody.source());
    }

    @Test
    void refusesABrokenDefinitionAndSaysWhere() {
        assertTrue(catalog.definition("itest.broken").isEmpty(), "a definition with an error must not be loaded");
        List<Problem> problems = catalog.problems();
        assertEquals(1, problems.size(), problems.toString());
        Problem p = problems.get(0);
        assertEquals("org.embodia.itests:fsm/broken.yaml", p.location().file());
        assertEquals(7, p.location().line());
        assertEquals(22, p.location().column());
        assertTrue(p.message().startsWith("unknown predicate 'gone'"), p.message());
    }

    @Test
    void forgetsTheDefinitionsOfAStoppedBundleAndReloadsThemOnStart() throws Exception {
        Bundle cs = Arrays.stream(context.getBundles()).filter(b -> "org.embodia.velma.cs".equals(b.getSymbolicName()))
                .findFirst().orElseThrow();
        cs.stop();
        try {
            assertTrue(catalog.definition("velma.cs").isEmpty());
            assertTrue(catalog.definition("velma.ve_body").isPresent(), "other bundles' definitions stay");
        } finally {
            cs.start();
        }
        assertTrue(catalog.definition("velma.cs").isPresent());
    }
}
