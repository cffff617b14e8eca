/**
 * What the RAPP core agent and a dynamic agent in a process of its own say to each other ([RAPP] §3.8: the core agent
 * runs each dynamic agent as a process). The app's process says it is {@link AppMessage.Ready}, the core has it
 * {@link AppMessage.Load} the app's bundle, the process answers {@link AppMessage.Started} (its agent runs) or
 * {@link AppMessage.Failed}; each call of {@link org.embodia.rapp.api.Rapp} is an {@link AppMessage.Call} answered by an
 * {@link AppMessage.Reply}; the agent's end is {@link AppMessage.Finished} or {@link AppMessage.Error}; the core ends
 * the process with {@link AppMessage.Stop}, then by force.
 *
 * <p>A message is bytes of any length (a link of {@code org.embodia.transport.MessageTransport} carries it). Decoding
 * trusts nothing: a message the other side got wrong, or made up, is a {@link MalformedMessageException}.
 */
@Version("1.0.0")
@Export
package org.embodia.rapp.process;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
