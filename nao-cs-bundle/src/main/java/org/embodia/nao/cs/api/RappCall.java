package org.embodia.nao.cs.api;

/**
 * One RAPP call a dynamic agent made (RAPP Core Agent specification §3.8.17), as the operator's views list them.
 *
 * @param millis when it returned or failed, ms since the epoch
 * @param app the app that made it
 * @param call the call, e.g. {@code TEXT_TO_SPEECH}
 * @param outcome {@code ok}, or why it failed
 * @since 1.2
 */
public record RappCall(long millis, String app, String call, String outcome) {
}
