package org.embodia.api.fsm.state;

/**
 * A convenient base for states, as mc_rtc's default implementation: {@link #configure} merges every
 * configuration it is given into {@link #config()}, and {@link #output(String)} sets the output.
 */
public abstract class BaseState implements State {
    private Configuration config = Configuration.empty();
    private String output = "";

    @Override
    public void configure(Configuration next) {
        config = config.merge(next);
    }

    /** Everything configured so far. */
    protected Configuration config() {
        return config;
    }

    protected void output(String value) {
        output = value;
    }

    @Override
    public String output() {
        return output;
    }
}
