package org.soapbench.report;

import org.soapbench.render.Charts;

/** One part of the report, written into its document; nothing when the results hold nothing for it. */
interface Section {

    void write(RunResults results, Document doc, Charts charts);

    /**
     * Whether the section sees results over every transport and thread count; the others see the
     * pipe's one-thread results alone, so a thread sweep or an http run adds rows only where it is the subject.
     */
    default boolean everyTransportAndThreadCount() {
        return false;
    }

    /**
     * Whether the section judges (names winners, costs, findings) and so sees the results on the
     * report's judged metric ({@link org.soapbench.results.Metric#auto}: CPU time where the run carries
     * it), not on JMH's wall time.
     */
    default boolean judges() {
        return false;
    }
}
