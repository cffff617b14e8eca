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

    /**
     * The least confidence with which interpret_long takes an app's keyword heard in a long command, [0, 1] (ours: the
     * specification's getAppName takes any). Higher than threshold because a free decoding of a sentence always hears
     * some word, where listen's word spotting only rates the one word said: "what" heard as "walk" gets about 0.35
     * (`./embodia bench voice` gives the sweep).
     */
    double sentence_threshold() default 0.5;

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

    /** The longest an app may take to install, start and register its agent once its process is ready, s. */
    double activate_timeout() default 10;

    /** The longest wait_cmd waits for an agent that neither calls nor ends before destroying it, s. */
    double idle_limit() default 120;

    /** How often listen tries again to read the store's apps when init could not, s. */
    double store_retry() default 5;

    /** The longest destroy waits for an agent's thread and bundle to stop, s. */
    double destroy_timeout() default 5;

    /**
     * Where a dynamic agent runs: {@code process}, a JVM of its own with only its bundle, SCR and the RAPP API, its
     * Rapp the core's over the Aeron transport (a MessageTransport service must be registered); {@code framework}, a
     * bundle in cs's own framework, which shares everything with the robot (for developing an app only).
     */
    String app_isolation() default "process";

    /** The app process's class path: a directory of jars whose {@code bundles} folder holds what its framework installs. */
    String app_host_path() default "rapp-app-host/target/lib";

    /** The most heap an app's process may take, MiB: past it, its OutOfMemoryError ends the process. */
    int app_memory() default 256;

    /**
     * Whether an app's process runs in Debian's bubblewrap sandbox ({@code bwrap}): it sees only its own directory,
     * the JDK and the system's libraries, read-only, as an unprivileged user with no network. Without it the process
     * sees what the robot's user sees.
     */
    boolean app_sandbox() default true;

    /** Whether a spare app process is started ahead, so that an app's load waits for no JVM to start. */
    boolean app_spare() default true;

    /**
     * The longest an app's process may take to get ready for its app, s: its JVM's start, which is the platform's work,
     * not the app's, and which runs under SCHED_IDLE, so on a busy machine it waits for what CPU the robot leaves.
     */
    double app_start_timeout() default 120;

    /**
     * The transport's channel to an app's process; its term length bounds a message (a term of 32 MiB: 4 MiB, a
     * k4VGA image), and sparse files take memory only for what is written.
     */
    String app_channel() default "aeron:ipc?term-length=32m|sparse=true";

    /** The first stream of the app processes' links; each process takes two from there on. */
    int app_streams() default 7000;
}
