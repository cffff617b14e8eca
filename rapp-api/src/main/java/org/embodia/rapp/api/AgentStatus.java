package org.embodia.rapp.api;

/** da_status ([RAPP] §3.8.1): how a dynamic agent is doing, as the core agent's cs sees it. */
public enum AgentStatus {
    /** Installed and started; its {@link DynamicAgent#run} has not begun. */
    INIT,
    /** Its {@link DynamicAgent#run} is under way: it may call the RAPP API. */
    WORKING,
    /** {@link DynamicAgent#run} returned, or the agent called {@link Rapp#terminate()}. */
    FINISHED,
    /** {@link DynamicAgent#run} threw, or the agent did not answer within its time and was destroyed. */
    ERROR
}
