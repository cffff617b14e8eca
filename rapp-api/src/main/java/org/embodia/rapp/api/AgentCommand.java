package org.embodia.rapp.api;

/** cmd ([RAPP] §3.8.1): what a dynamic agent asks of the core agent's cs. */
public enum AgentCommand {
    /** A RAPP API function, with its arguments. */
    CALL,
    /** The agent is done: cs destroys it and listens again. */
    TERMINATE
}
