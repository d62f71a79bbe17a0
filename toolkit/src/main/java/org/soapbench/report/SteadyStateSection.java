package org.soapbench.report;


import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.soapbench.render.Charts;
import org.soapbench.render.Table;
import org.soapbench.results.JmhResult;
import org.soapbench.results.Metric;
import org.soapbench.results.SteadyVerdict;

/** The evidence that each result was measured after the fork settled (see {@link SteadyVerdict}), and why any was not. */
final class SteadyStateSection implements Section {

    @Override
    public boolean everyTransportAndThreadCount() {
        return true;
    }

    @Override
    public void write(RunResults results, Document doc, Charts charts) {
        doc.heading(2, "Steady state");
        long unknown = results.all().stream().filter(r -> !results.steadiness(r).known()).count();
        List<JmhResult> unsteady = results.all().stream().filter(r -> !results.steadiness(r).steady()).toList();
        String judged = results.judged() == Metric.CPU ? "CPU time" : "time";
        boolean onCpu = results.judged() == Metric.CPU;
        doc.paragraph("Each fork first calls its benchmark until its " + judged + " per call, what the report judges, "
                + "stopped falling (over the last 5 s or more, the second half no more than 3% faster than the first"
                + (onCpu ? ", on the faster half of each half's windows" : "") + ") and the JIT compiled for at most "
                + (onCpu ? "3%" : "1%") + " of that span, or until the ceiling (stretched, by at most JMH's own time and 5 s, for a fork that would "
                + "otherwise meet C2's wave of once-per-call code while measured), then runs JMH's warm-up and measurement. "
                + "A result is flagged ◷ when its measured iterations' " + judged + " still fell by more than 2% "
                + "(significant at 99%), or when its forks differ beyond what the run's other configurations show"
                + (onCpu ? String.format(Locale.ROOT, ", or when it rose in iterations the JIT spent mostly compiling, "
                        + "enough to lift its time per call more than %.0f%%", 100 * SteadyVerdict.RISE_LIMIT)
                        + ". Every figure is a time per call over all the calls a fork measured, so an iteration the JIT "
                        + "stalled down to one call weighs one call, not a sixth of the fork. "
                        + "A fork that reached the ceiling, and compilation that stalled calls (which costs wall time, "
                        + "not CPU time), are noted in the verdict, not flagged. "
                        : ", when a fork hit the ceiling, or when the JIT compiled for more than 1% of the measured time. ")
                + (unsteady.isEmpty() ? "No result is flagged." : unsteady.size() + " of " + results.all().size()
                + " results are flagged, each for the reason below the table.") + (unknown > 0 ? " " + unknown
                + " results carry no evidence (run without the launcher's profiler)." : ""));
        Table t = new Table("benchmark", "params", "settled after (s, forks)", "JIT during measurement", "trend over measurement",
                "± error (%)", "verdict");
        boolean severalRuns = results.all().stream().map(JmhResult::run).distinct().count() > 1;
        for (JmhResult r : results.all()) {
            SteadyVerdict st = results.steadiness(r);
            t.row(name(r, severalRuns), r.configuration().text(),
                    settled(st),
                    Double.isNaN(st.jitPercent()) ? "—" : String.format(Locale.ROOT, "%.2f%%", st.jitPercent()),
                    Double.isNaN(st.trend()) ? "—" : String.format(Locale.ROOT, "%+.1f%%", 100 * st.trend()),
                    Cells.errorPercent(results, r), st.verdict());
        }
        doc.table(t);
        if (!unsteady.isEmpty()) {
            List<String> why = new ArrayList<>();
            for (JmhResult r : unsteady) {
                why.add("◷ " + name(r, severalRuns) + " " + r.configuration().text() + ": "
                        + String.join("; ", results.steadiness(r).reasons()) + ".");
            }
            doc.list(why);
        }
    }

    /** The forks' settling times, shortest to longest: forks of one configuration in different rounds settle apart. */
    private static String settled(SteadyVerdict st) {
        if (Double.isNaN(st.warmupSeconds())) {
            return "—";
        }
        double shortest = st.shortestWarmupSeconds();
        double longest = st.warmupSeconds();
        // a range in whole seconds, so it stays one short line in a narrow column; forks within the same second
        // read as one time, as the ceiling verdict reads them (not "180–180")
        return Math.round(shortest) == Math.round(longest) ? String.format(Locale.ROOT, "%.1f", longest)
                : String.format(Locale.ROOT, "%.0f–%.0f", shortest, longest);
    }

    private static String name(JmhResult r, boolean severalRuns) {
        return r.shortName() + (severalRuns ? " (" + r.run() + ")" : "");
    }
}
