package org.embodia.nao.cs;

import java.util.Map;

import org.embodia.api.buffer.Message;
import org.embodia.nao.api.WordList;
import org.embodia.rapp.api.AgentStatus;

/**
 * The internal memory c_core,cs of the control subsystem ([RAPP] §3.8.1). References are copied, not the objects
 * they name: the app map is replaced whole by init, never changed in place, the strings are immutable, and the call
 * is the agent's, so a copy allocates nothing.
 */
public final class CsMemory implements Message<CsMemory> {
    /** getAppName's answer for Abort, Empty, Long and words no app claims. */
    public static final String ERROR = "Error";

    /** tm: the termination marker of the behaviour running. */
    public boolean tm;
    /** threshold: the least recognition probability a word is taken with. */
    public double threshold;
    /** app_name: the app the recognized word or sentence asks for, or {@link #ERROR}. */
    public String appName = ERROR;
    /** app: the store's apps by keyword (keyword → app_name), read by init from the store. */
    public Map<String, String> app = Map.of();
    /** language: the language spoken and recognized, e.g. English. */
    public String language;
    /** dictionary: the words listen spots, the apps' keywords with Long and Abort. */
    public final WordList dictionary = new WordList();
    /** recog_word: the word listen heard ("" for Empty). */
    public String recogWord;
    /** recog_sentence: what interpret_long got from the RAPP Platform. */
    public String recogSentence;
    /** rd: the file record_cmd records the user's long command into. */
    public String rd;
    /** package: the downloaded jar of the app, or null. */
    public String pkg;
    /** da_status: the dynamic agent's status, or null while none is activated. */
    public AgentStatus daStatus;
    /** What inform says: the spec's "Command was not recognized", or why an app could not be loaded. */
    public String say;
    /**
     * The RAPP call wait_cmd took from the agent (ξ = Call) and execute carries out, or null; the agent's thread waits
     * on it until execute completes or fails it.
     */
    Call call;

    @Override
    public void copyFrom(CsMemory m) {
        tm = m.tm;
        threshold = m.threshold;
        appName = m.appName;
        app = m.app;
        language = m.language;
        dictionary.copyFrom(m.dictionary);
        recogWord = m.recogWord;
        recogSentence = m.recogSentence;
        rd = m.rd;
        pkg = m.pkg;
        daStatus = m.daStatus;
        say = m.say;
        call = m.call;
    }

    @Override
    public String toString() {
        return "CsMemory[tm=" + tm + ", threshold=" + threshold + ", app_name=" + appName + ", apps=" + app.keySet()
                + ", language=" + language + ", dictionary=" + dictionary + ", recog_word=" + recogWord
                + ", recog_sentence=" + recogSentence + ", rd=" + rd + ", package=" + pkg + ", da_status=" + daStatus
                + ", say=" + say + ", call=" + (call == null ? null : call.fn) + "]";
    }
}
