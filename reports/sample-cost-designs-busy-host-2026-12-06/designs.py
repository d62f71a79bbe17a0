"""Two designs in one sitting: per configuration, each fork's median thread CPU time per call, and how much
sharing a CPU (same-cpu) adds over a CPU of one's own (same-moment): the ratio of geometric means of the
forks, with a 99% Welch interval on the log scale. Then each design's duet ratios (FI/XML etc.) and their stray.
Usage: python3 designs.py SAME_MOMENT_DIR[,DIR..] SAME_CPU_DIR[,DIR..] (needs scipy)"""
import math, sys, collections, statistics as st
from scipy import stats
from duets import duets, pooled
def forks(dirs):
    out = collections.defaultdict(list); medians = collections.defaultdict(list)
    for d in dirs.split(','):
        by, results = duets(d)
        for r in results:
            p = r['params']
            out['%s/%s' % (p['security'], p['encoding'])] += [math.log(st.median(t)) for t in r['secondaryMetrics']['·cpu.thread']['rawData']]
        for k, v in by.items():
            medians[k] += [st.median(lr) for lr in v]
    return out, medians
A, dA = forks(sys.argv[1]); B, dB = forks(sys.argv[2])
print('%-14s %-28s %-28s %s' % ('config', 'own CPU: forks, geo mean µs', 'shared CPU: forks, geo mean', 'shared/own [99%]'))
for k in sorted(A):
    a, b = A[k], B.get(k, [])
    if len(b) < 2: continue
    d = st.mean(b) - st.mean(a); va, vb = st.variance(a) / len(a), st.variance(b) / len(b)
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1)); q = stats.t.ppf(0.995, df) * math.sqrt(va + vb)
    print('%-14s %2d %10.1f (sd %4.1f%%)      %2d %10.1f (sd %4.1f%%)      %.3f [%.3f, %.3f]' % (k, len(a), math.exp(st.mean(a)), 100 * st.stdev(a),
          len(b), math.exp(st.mean(b)), 100 * st.stdev(b), math.exp(d), math.exp(d - q), math.exp(d + q)))
for name, dd in (('own CPU', dA), ('shared CPU', dB)):
    for k, v in sorted(dd.items()):
        print('  %-10s %-13s / %-13s ratio %.3f  duets %s' % (name, k[0], k[1], math.exp(st.mean(v) / 100), ' '.join('%.1f' % x for x in v)))
    print('  %-10s a duet strays %.2f%% (%d df)' % (name, *pooled(dd)))
