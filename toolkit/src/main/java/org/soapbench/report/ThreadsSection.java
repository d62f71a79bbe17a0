package org.soapbench.report;

import static org.soapbench.report.Cells.score;

import java.util.Comparator;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.Configuration;
import org.soapbench.results.JmhResult;

/** Thread-count scaling, when results were measured with several thread counts. */
final class ThreadsSection implements Section {

    @Override
    public boolean everyTransportAndThreadCount() {
        return true;
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        Set<Integer> counts = results.all().stream().map(JmhResult::threads).collect(Collectors.toCollection(TreeSet::new));
        if (counts.size() < 2) {
            return;
        }
        doc.heading(2, "Thread-count scaling");
        DisplayUnit u = DisplayUnit.timeOf(results.all());
        Table t = new Table("benchmark", "stack", "security", "encoding", "transport", "threads", "time per request (" + u.name() + ")",
                "throughput / 1 thread's");
        for (JmhResult r : results.all().stream().sorted(Comparator.comparing(JmhResult::benchmark)
                .thenComparing(r -> r.configuration().params().toString()).thenComparingInt(JmhResult::threads)).toList()) {
            JmhResult one = results.all().stream().filter(o -> o.run().equals(r.run()) && o.benchmark().equals(r.benchmark())
                    && o.configuration().params().equals(r.configuration().params()) && o.threads() == 1)
                    .findFirst().orElse(null);
            String scaling = one == null ? "" : String.format(Locale.ROOT, "%.2f", (r.threads() / r.score()) / (1 / one.score()));
            Configuration c = r.configuration();
            t.row(r.shortName(), c.stack(), c.security(), c.encoding(), c.transport(),
                    Integer.toString(r.threads()),
                    score(results, r, u), scaling);
        }
        doc.table(t);
    }
}
