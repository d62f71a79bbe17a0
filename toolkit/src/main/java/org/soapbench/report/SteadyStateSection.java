package org.soapbench.report;


import java.util.Locale;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.JmhResult;
import org.soapbench.results.SteadyVerdict;

/** The evidence that each result was measured after the fork settled (see {@link SteadyVerdict}). */
final class SteadyStateSection implements Section {

    @Override
    public boolean everyTransportAndThreadCount() {
        return true;
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        doc.heading(2, "Steady state");
        long unknown = results.all().stream().filter(r -> !SteadyVerdict.of(r).known()).count();
        long unsteady = results.all().stream().filter(r -> !SteadyVerdict.of(r).steady()).count();
        doc.paragraph("Each fork first calls its benchmark until, over the last 5 s, the JIT compiled for under 1% of the "
                + "time and calls stopped getting faster (or until the ceiling), then runs JMH's warm-up and "
                + "measurement. A result is flagged ◷ when a fork hit the ceiling, when the JIT compiled for more than "
                + "1% of the measured time, or when the measured iterations still fell by more than 2% (significant at "
                + "99%). " + (unsteady == 0 ? "No result is flagged." : unsteady + " of " + results.all().size()
                + " results are flagged.") + (unknown > 0 ? " " + unknown + " results carry no evidence (run "
                + "without the launcher's profiler)." : ""));
        Table t = new Table("benchmark", "params", "settled after (s)", "JIT during measurement", "trend over measurement",
                "± error (%)", "verdict");
        boolean severalRuns = results.all().stream().map(JmhResult::run).distinct().count() > 1;
        for (JmhResult r : results.all()) {
            SteadyVerdict st = SteadyVerdict.of(r);
            t.row(r.shortName() + (severalRuns ? " (" + r.run() + ")" : ""), r.configuration().text(),
                    Double.isNaN(st.warmupSeconds()) ? "—" : String.format(Locale.ROOT, "%.1f", st.warmupSeconds()),
                    Double.isNaN(st.jitPercent()) ? "—" : String.format(Locale.ROOT, "%.2f%%", st.jitPercent()),
                    Double.isNaN(st.trend()) ? "—" : String.format(Locale.ROOT, "%+.1f%%", 100 * st.trend()),
                    Cells.errorPercent(results, r), st.verdict());
        }
        doc.table(t);
    }
}
