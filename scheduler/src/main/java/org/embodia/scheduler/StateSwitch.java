package org.embodia.scheduler;

import java.util.Map;

/** One state switch of a subsystem's FSM, as FABRIC's logger keeps them. */
public record StateSwitch(long cycle, String from, String to, Map<String, Boolean> predicates) {
}
