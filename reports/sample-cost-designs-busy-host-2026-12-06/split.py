"""How much of a duet's stray is its own iterations' noise? Per duet, the median log ratio of its odd and of its
even iterations: half their difference's sd estimates the sd of a duet's median that iteration noise alone would
give (white noise); set against the pooled stray of duet medians about their pair's mean. Also the first-half/
second-half split (slow drift shows as a larger split than odd/even). Usage: python3 split.py DIR ..."""
import sys, math, statistics as st
from duets import duets, pooled
for d in sys.argv[1:]:
    by, _ = duets(d)
    lrs = [lr for v in by.values() for lr in v]
    oe = [st.median(lr[0::2]) - st.median(lr[1::2]) for lr in lrs]
    fh = [st.median(lr[:len(lr) // 2]) - st.median(lr[len(lr) // 2:]) for lr in lrs]
    stray, df = pooled({k: [st.median(lr) for lr in v] for k, v in by.items()})
    rms = lambda v: math.sqrt(sum(x * x for x in v) / len(v))
    print('%-34s duet stray %5.2f%% (%2d df) | from iteration noise alone: odd/even %5.2f%%, halves %5.2f%%' % (
        d[-34:], stray, df, rms(oe) / 2, rms(fh) / 2))
