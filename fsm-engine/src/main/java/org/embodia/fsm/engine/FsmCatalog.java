package org.embodia.fsm.engine;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.embodia.api.fsm.FsmDefinition;
import org.embodia.api.fsm.StateMachineDefinition;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The FSM definitions shipped by the bundles in the framework: every bundle whose
 * {@value #HEADER} manifest header lists definition files, as long as it is active. A file holds
 * an Embodied Agent FSM or an mc_rtc-style FSM. A definition with any problem is not loaded; its
 * problems are kept here for the shell and tools.
 */
@ProviderType
public interface FsmCatalog {
    /** The manifest header listing a bundle's definition files, comma-separated paths inside the bundle. */
    String HEADER = "Embodia-FSM";
    /** The extender capability definition bundles require, so that a resolver brings the engine along. */
    String EXTENDER = "org.embodia.fsm";

    /** The loaded Embodied Agent definitions by FSM name. */
    Map<String, FsmDefinition> definitions();

    Optional<FsmDefinition> definition(String name);

    /** The loaded mc_rtc-style definitions by FSM name. */
    Map<String, StateMachineDefinition> stateMachines();

    Optional<StateMachineDefinition> stateMachine(String name);

    /** Why definitions of active bundles were not loaded, each with its bundle, file and line. */
    List<Problem> problems();
}
