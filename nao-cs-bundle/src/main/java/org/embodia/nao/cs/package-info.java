/**
 * c_core,cs, the RAPP core agent's control subsystem ([RAPP] §3.8): private to this bundle. Its behaviours are DS
 * components named as the nao.cs definition names its states.
 */
package org.embodia.nao.cs;
