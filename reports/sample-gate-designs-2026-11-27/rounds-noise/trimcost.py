#!/usr/bin/env python3
"""What Yuen's trimming costs at seven rounds: each configuration's 99% half-width of the paired log
ratio (faster halves, as the gate) by the plain t-test and by Yuen's, each with its own variance and
with the variance pooled over configurations (no moderation here). Usage: trimcost.py RUN_DIR..."""
import math, os, statistics as st, sys
from scipy import stats
sys.path.insert(0, os.path.dirname(__file__))
from estimators import rounds, e_fasthalf

def yuen(d):
    n = len(d); g = int(0.2 * n); h = n - 2 * g; s = sorted(d)
    w = [s[g]] * g + s[g:n - g] + [s[n - g - 1]] * g
    return st.mean(s[g:n - g]), st.variance(w) * (n - 1) / (h * (h - 1)), h - 1

for run in sys.argv[1:]:
    ds = [[100 * e_fasthalf(x, y, c) for x, y, c in zip(X, Y, C)] for _, X, Y, C in rounds(run)]
    n = len(ds[0])
    t_own = [stats.t.ppf(0.995, n - 1) * st.stdev(d) / math.sqrt(n) for d in ds]
    pooled = math.sqrt(st.mean(st.variance(d) for d in ds))
    t_pool = stats.t.ppf(0.995, len(ds) * (n - 1)) * pooled / math.sqrt(n)
    y = [yuen(d) for d in ds]
    y_own = [stats.t.ppf(0.995, df) * math.sqrt(v) for _, v, df in y]
    vy = st.mean(v for _, v, _ in y); y_pool = stats.t.ppf(0.995, len(ds) * y[0][2]) * math.sqrt(vy)
    print(f'{os.path.basename(run.rstrip("/"))}: {n} rounds, median half-width '
          f't own {st.median(t_own):.1f}%, t pooled {t_pool:.1f}%; Yuen own {st.median(y_own):.1f}%, Yuen pooled {y_pool:.1f}%')
