package org.soapbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The prior that pools a run's pair variances: fitted to the pairs that agree, whichever way one strays. */
class VarianceModerationTest {

    /** Eleven pairs of Yuen's five-round test (two degrees of freedom) whose variances spread as chi²(2)/2 does. */
    private static List<LogDifference> agreeing() {
        List<LogDifference> pairs = new ArrayList<>();
        double[] chiSquaredOverTwo = {0.11, 0.26, 0.42, 0.58, 0.73, 0.89, 1.06, 1.26, 1.53, 1.93, 2.67};
        for (double v : chiSquaredOverTwo) {
            pairs.add(pair(v * 1e-4));
        }
        return pairs;
    }

    private static LogDifference pair(double variance) {
        return new LogDifference(0, variance, 2, Math.sqrt(4.0 / 6), 5, 5, true, 1);
    }

    @Test
    void aPairWhoseRoundsNearlyTiedLeavesThePriorAsTheOthersMadeIt() {
        VarianceModeration others = VarianceModeration.fit(agreeing());
        List<LogDifference> withTie = new ArrayList<>(agreeing());
        LogDifference tie = pair(1e-9);
        withTie.add(tie);
        VarianceModeration fitted = VarianceModeration.fit(withTie);

        assertTrue(others.priorDf() > 20, "the eleven agree: " + others.priorDf());
        assertTrue(fitted.tooQuiet(tie));
        assertEquals(others.priorDf(), fitted.priorDf(), 1e-9, "the near-tie is left out of the fit");
        assertEquals(others.priorSd(), fitted.priorSd(), 1e-12);
        assertEquals(11, fitted.pairs());
        assertTrue(fitted.variance(tie) >= 0.5 * fitted.priorSd() * fitted.priorSd(),
                "tested with the moderated variance, not its own: " + fitted.variance(tie));
        assertTrue(fitted.df(tie) > tie.df(), "and the degrees of freedom it borrows");
    }

    @Test
    void aPairFarNoisierIsTestedAloneAndAPlainOneIsNeitherTooNoisyNorTooQuiet() {
        List<LogDifference> pairs = new ArrayList<>(agreeing());
        LogDifference stray = pair(1e-1);
        pairs.add(stray);
        VarianceModeration fitted = VarianceModeration.fit(pairs);
        assertTrue(fitted.tooNoisy(stray));
        assertEquals(stray.variance(), fitted.variance(stray), 0);
        assertEquals(stray.df(), fitted.df(stray), 0);
        LogDifference plain = pairs.get(5);
        assertFalse(fitted.tooNoisy(plain) || fitted.tooQuiet(plain));
    }
}
