package org.embodia.nao.ls;

import org.embodia.api.behavior.TmMemory;

/** The internal memory e_core,ls of the loudspeaker virtual effector ([RAPP] §3.2.1): only tm. */
public final class LsMemory extends TmMemory<LsMemory> {
}
