package org.soapbench.paired;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a run in duets measures each configuration beside, at the same moment, so that the report
 * divides two times of one moment: other stacks (every stack beside each other one, the default: which
 * stack is fastest), its plain twin (each security mode beside the same stack's {@code plain}: what
 * security costs), its XML twin (Fast Infoset beside XML: what FI saves). Each kind adds forks: stacks
 * two a configuration a round, security one a mode and three a plain, encoding one each.
 */
public record Beside(Set<Kind> kinds) {

    /** One kind of neighbour. */
    public enum Kind {
        STACKS, SECURITY, ENCODING;

        /** How the command line names it. */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The default: stacks beside stacks. */
    public static final Beside STACKS = new Beside(EnumSet.of(Kind.STACKS));

    public Beside {
        kinds = kinds.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kinds));
    }

    /** "stacks", "stacks,security,encoding", ...; anything else is one sentence naming what is accepted. */
    public static Beside parse(String text, String where) {
        EnumSet<Kind> kinds = EnumSet.noneOf(Kind.class);
        for (String part : text.split(",")) {
            Kind kind = Arrays.stream(Kind.values()).filter(k -> k.id().equals(part.strip().toLowerCase(Locale.ROOT)))
                    .findFirst().orElseThrow(() -> new IllegalArgumentException((where.isEmpty() ? "" : where + ": ")
                            + "--beside '" + text + "' names no neighbour; expected one or more of stacks, security, "
                            + "encoding, separated by commas."));
            kinds.add(kind);
        }
        return new Beside(kinds);
    }

    public boolean has(Kind kind) {
        return kinds.contains(kind);
    }

    /** As the command line writes it, in the kinds' own order. */
    public String text() {
        return EnumSet.copyOf(kinds).stream().map(Kind::id).collect(Collectors.joining(","));
    }
}
