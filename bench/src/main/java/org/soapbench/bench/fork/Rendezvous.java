package org.soapbench.bench.fork;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Two processes meet at numbered points through a directory, then go on at the same instant. At
 * point {@code k} each writes {@code k.<pid>} holding the {@link System#nanoTime()} at which it
 * arrived (on Linux a clock every process of the machine shares), waits until a second such file
 * appears, and both start at the later arrival plus {@link #MARGIN_NANOS}: the same instant for both,
 * whatever the delay each had in seeing the other's file. A file {@value #GONE} (written by whoever
 * runs the two, when either ends) or a timeout lets the one left go on alone. What each side must do
 * once both are there, before they start (moving to another CPU), runs in that margin.
 */
public final class Rendezvous {

    /** Written into the directory when either side has ended: the other stops waiting for it. */
    public static final String GONE = "gone";
    /** Time for the later side's arrival to be seen by the other: a poll, a directory listing, a file read. */
    static final long MARGIN_NANOS = 50_000_000;
    private static final long POLL_NANOS = 1_000_000;

    private final Path dir;
    private final long timeoutNanos;
    private final String self = Long.toString(ProcessHandle.current().pid());

    public Rendezvous(Path dir, long timeoutNanos) {
        this.dir = dir;
        this.timeoutNanos = timeoutNanos;
        try {
            Files.createDirectories(dir);
            other(0); // loads the classes a meeting uses now, so the first meeting is not late by class loading
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /**
     * Arrives at point {@code k} and returns when both may start, or when the other side is gone or
     * late past the timeout. Returns the nanoseconds waited, negative when it went on alone.
     */
    public long meet(int k) {
        return meet(k, () -> { });
    }

    /**
     * As {@link #meet(int)}, running {@code whenBoth} once the other side has arrived, before the common
     * start; not when this side goes on alone.
     */
    public long meet(int k, Runnable whenBoth) {
        long arrived = System.nanoTime();
        try {
            Files.createDirectories(dir);
            Path mine = dir.resolve(k + "." + self);
            Path tmp = dir.resolve(k + "." + self + ".tmp");
            Files.writeString(tmp, Long.toString(arrived), StandardCharsets.US_ASCII);
            Files.move(tmp, mine, StandardCopyOption.ATOMIC_MOVE); // the other never reads half a number
            while (true) {
                long other = other(k);
                if (other != Long.MIN_VALUE) {
                    long start = Math.max(arrived, other) + MARGIN_NANOS;
                    whenBoth.run();
                    until(start);
                    return start - arrived;
                }
                if (Files.exists(dir.resolve(GONE)) || System.nanoTime() - arrived > timeoutNanos) {
                    return -(System.nanoTime() - arrived) - 1;
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /**
     * Raises or lowers this side's flag {@code name} (a file {@code name.<pid>}): a state each side keeps
     * showing the other, where {@link #meet} marks an instant.
     */
    public void flag(String name, boolean up) {
        Path mine = dir.resolve(name + "." + self);
        try {
            if (!up) {
                Files.deleteIfExists(mine);
            } else if (!Files.exists(mine)) {
                Files.writeString(mine, "", StandardCharsets.US_ASCII); // empty: being there is what it says
            }
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /** Whether the other side's flag {@code name} is up, or the other side is gone. */
    public boolean flagged(String name) {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, name + ".*")) {
            for (Path f : files) {
                if (!f.getFileName().toString().equals(name + "." + self)) {
                    return true;
                }
            }
            return gone();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /** Whether the other side is gone (a fork that failed, or ended). */
    public boolean gone() {
        return Files.exists(dir.resolve(GONE));
    }

    /** Whether the other side has arrived at point {@code k}. */
    public boolean arrived(int k) {
        try {
            return other(k) != Long.MIN_VALUE;
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private UncheckedIOException failed(IOException e) {
        return new UncheckedIOException("Same-moment rendezvous in " + dir + " failed: " + e.getMessage(), e);
    }

    /** The other side's arrival at {@code k}, or {@link Long#MIN_VALUE} while it has not arrived. */
    private long other(int k) throws IOException {
        List<Path> others = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, k + ".*")) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                if (!name.endsWith(".tmp") && !name.equals(k + "." + self)) {
                    others.add(f);
                }
            }
        }
        return others.isEmpty() ? Long.MIN_VALUE
                : Long.parseLong(Files.readString(others.get(0), StandardCharsets.US_ASCII).strip());
    }

    /** Sleeps to just before {@code deadline}, then spins to it: a wake-up from sleep is late by up to a tick. */
    private static void until(long deadline) {
        long left;
        while ((left = deadline - System.nanoTime()) > 2_000_000) {
            LockSupport.parkNanos(left - 2_000_000);
        }
        while (System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
    }
}
