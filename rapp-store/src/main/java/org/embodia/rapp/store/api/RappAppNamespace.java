package org.embodia.rapp.store.api;

/**
 * What makes a bundle a RAPP app (a dynamic agent): two manifest headers, which the store turns into a capability of
 * the namespace {@value #RAPP_APP_NAMESPACE} in its repository index. The control subsystem's keyword map
 * {@code app = [(word, app_name), ...]} ([RAPP] §3.8.1) is made of the keywords and names of these capabilities.
 */
public final class RappAppNamespace {
    /** The namespace of an app's capability in the store's index. */
    public static final String RAPP_APP_NAMESPACE = "rapp.app";
    /** The capability's attribute holding the app's name (String), the spec's {@code app_name}. */
    public static final String NAME_ATTRIBUTE = "name";
    /** The capability's attribute holding the app's keywords ({@code List<String>}), the spec's {@code word}s. */
    public static final String KEYWORDS_ATTRIBUTE = "keywords";
    /** The manifest header naming the app. */
    public static final String APP_NAME_HEADER = "RAPP-App-Name";
    /** The manifest header listing the app's keywords, comma-separated. */
    public static final String APP_KEYWORDS_HEADER = "RAPP-App-Keywords";
    /** The media type of a bundle (OSGi Compendium §132.4, osgi.content's mime). */
    public static final String BUNDLE_MIME_TYPE = "application/vnd.osgi.bundle";

    private RappAppNamespace() {
    }
}
