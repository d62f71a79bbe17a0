package org.soapbench.core.spi;

/** A stack cannot run a requested configuration; the message is one sentence naming stack, configuration and reason. */
public class StackUnavailableException extends RuntimeException {

    public StackUnavailableException(String message) {
        super(message);
    }

    public StackUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
