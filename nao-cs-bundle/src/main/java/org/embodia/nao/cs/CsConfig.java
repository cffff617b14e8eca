package org.embodia.nao.cs;

/**
 * c_core,cs's configuration under PID {@value NaoCs#PID}: the spec's getFromConfigureFile() (§3.8.2). As DS maps a
 * component property type, an underscore in a method's name is a dot in the property's: {@code store.uri},
 * {@code recording.path}, {@code idle.limit}, ...
 */
public @interface CsConfig {
    /**
     * The RAPP Store's address; empty: the address (service property rapp.store.uri) of the RappStore service
     * registered in the framework, whichever port its store was started on, followed as it comes and goes.
     */
    String store_uri() default "";

    /**
     * dictionary: the words listen spots besides the store's app keywords; it must hold Long (a long command follows)
     * and Abort (the core agent ends). A word no app claims is "not recognized".
     */
    String[] dictionary() default {"Long", "Abort"};

    /** threshold: the least recognition probability a spoken word is taken with, [0, 1]. */
    double threshold() default 0.4;

    /** language of textToSpeech and the recognition. */
    String language() default "English";

    /** rd's directory: where record_cmd and the agents' recordings go; downloaded apps go to its "apps" folder. */
    String recording_path() default "rapp-cs";

    /** The energy under which a recording ends on silence (record_cmd's ENERGY, voiceRecord's threshold). */
    double energy() default 400;

    /** record_cmd's SILENCE_TIME, s. */
    double silence_time() default 1.0;

    /** The longest a RAPP call may take before it fails, s. */
    double call_timeout() default 30;

    /** The longest the store may take to answer, s. */
    double store_timeout() default 10;

    /** The longest an app may take to install, start and register its agent, s. */
    double activate_timeout() default 10;

    /** The longest wait_cmd waits for an agent that neither calls nor ends before destroying it, s. */
    double idle_limit() default 120;

    /** How often listen tries again to read the store's apps when init could not, s. */
    double store_retry() default 5;

    /** The longest destroy waits for an agent's thread and bundle to stop, s. */
    double destroy_timeout() default 5;
}
