package org.soapbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.function.Executable;

/** Shared test verdicts: documented findings that must stay true, and one-sentence command errors. */
public final class Findings {

    private Findings() {
    }

    /**
     * Runs a check that must pass, unless {@code known} lists its key with a documented reason: then it
     * must still fail, so a list of findings cannot go stale. Nothing is ever skipped.
     */
    public static void check(Map<String, String> known, String listName, String key, Executable check) throws Throwable {
        String reason = known.get(key);
        if (reason == null) {
            check.execute();
            return;
        }
        assertThrows(Throwable.class, check,
                key + " is listed in " + listName + " (" + reason + ") but no longer fails: remove it from the list");
    }

    /** A command given bad input exits 2 with one line on stderr that names the input and what was expected. */
    public static void assertOneSentenceError(ToIntFunction<String[]> command, Path input, String expected) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = command.applyAsInt(new String[] {input.toString()});
        } finally {
            System.setErr(err);
        }
        String message = captured.toString(StandardCharsets.UTF_8).strip();
        assertEquals(2, exit, message);
        assertTrue(message.contains(input.toString()) && message.contains(expected), message);
        assertEquals(1, message.lines().count(), "one sentence, one line: " + message);
    }
}
