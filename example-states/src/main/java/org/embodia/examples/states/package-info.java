/** Example states: a states library is a bundle of prototype-scoped State components. */
package org.embodia.examples.states;
