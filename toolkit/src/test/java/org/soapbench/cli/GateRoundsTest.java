package org.soapbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.soapbench.paired.Design;

class GateRoundsTest {

    @Test
    void theDesignIsTheCommandLinesElseTheProfilesElseSameMoment() {
        GateRounds plan = new GateRounds();
        assertEquals(Design.SAME_MOMENT, plan.design(null));
        assertEquals(Design.SAME_MOMENT, plan.design(Design.JMH), "JMH's own order is no gate design");
        assertEquals(Design.SAME_CPU, plan.design(Design.SAME_CPU));
        plan.design = "interleaved";
        assertEquals(Design.INTERLEAVED, plan.design(Design.SAME_CPU), "the command line wins");
        plan.design = "jmh";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plan.design(null));
        assertEquals("--design 'jmh' is not a design; expected same-moment, same-cpu or interleaved.", e.getMessage());
    }

    @Test
    void ciSecuredRunsItsRoundsOnOneSharedCpuAndCiOnACpuEach() {
        GateRounds plan = new GateRounds();
        assertEquals(Design.SAME_CPU, plan.design(RunOptions.parse(new String[] {"--profile=ci-secured"}).design()));
        assertEquals(Design.SAME_MOMENT, plan.design(RunOptions.parse(new String[] {"--profile=ci"}).design()));
    }
}
