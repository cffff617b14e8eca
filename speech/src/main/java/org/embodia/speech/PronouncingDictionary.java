package org.embodia.speech;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import edu.cmu.sphinx.linguist.dictionary.Dictionary;
import edu.cmu.sphinx.util.props.ConfigurationManager;

/**
 * The CMU en-us pronunciation dictionary that {@link SpeechRecognizer} recognizes words of, without its acoustic model
 * (a fraction of a second to load): which words the recognizer can say at all. A word it lacks can be neither spotted
 * nor heard in a sentence.
 */
public final class PronouncingDictionary {
    /** The characters of the dictionary's entries; anything else could not be a single grammar token. */
    private static final Pattern ENTRY = Pattern.compile("[a-z0-9'._-]+");

    private final Dictionary dictionary;

    private PronouncingDictionary(Dictionary dictionary) {
        this.dictionary = dictionary;
    }

    /** Loads the dictionary from the speech bundle's model. */
    public static PronouncingDictionary load() {
        ConfigurationManager components = new ConfigurationManager(SpeechRecognizer.class.getResource("recognizer.config.xml"));
        Dictionary d = components.lookup("dictionary");
        try {
            d.allocate();
        } catch (IOException e) {
            throw new UncheckedIOException("the CMU en-us dictionary does not load: " + e.getMessage(), e);
        }
        return new PronouncingDictionary(d);
    }

    /** Wraps the recognizer's own, allocated dictionary. */
    static PronouncingDictionary of(Dictionary allocated) {
        return new PronouncingDictionary(allocated);
    }

    /** Whether the word, in any letter case and without surrounding blanks, has a pronunciation. */
    public synchronized boolean contains(String word) {
        String entry = word.strip().toLowerCase(Locale.ROOT);
        return ENTRY.matcher(entry).matches() && dictionary.getWord(entry) != null;
    }

    /** The words that have no pronunciation, spelled and ordered as given. */
    public List<String> unknown(Collection<String> words) {
        List<String> unknown = new ArrayList<>();
        for (String word : words) {
            if (!contains(word)) {
                unknown.add(word);
            }
        }
        return unknown;
    }
}
