package org.embodia.nao.cs.api;

import org.embodia.rapp.api.AgentStatus;

/**
 * A snapshot of c_core,cs: its FSM state, the app it deals with (null in listen), the app's da_status (null when
 * none), the last error it reported (null when none), and how many apps it has activated and destroyed so far.
 */
public record RappStatus(String state, String app, AgentStatus agentStatus, String lastError, long activated, long destroyed) {
}
