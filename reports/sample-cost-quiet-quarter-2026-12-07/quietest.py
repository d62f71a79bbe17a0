"""Estimators of a same-CPU duet's ratio, judged on the same duets: each run's pooled stray per kind of pair
(mode beside plain, FI beside XML), and each ratio's distance from a reference run's (quiet host).
  median   : the median of the iterations' log ratios (the report's, today)
  quiet-K  : the same median over the K iterations whose pair was fastest (both forks' times over their own
             medians, summed in logs): the moments the neighbour left the CPU alone
  min-K    : the ratio of each fork's mean of its K fastest iterations
usage: quietest.py REF RUN..."""
import math, collections, os, sys, statistics as st
import numpy as np
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'sample-cost-designs-busy-host-2026-12-06'))
from duets import forks_by_duet

def duets(run):
    """{(a, b): [(ln a, ln b) per duet]}, configurations named stack/security/encoding."""
    by, _ = forks_by_duet(run, lambda p: '%s/%s/%s' % (p['stack'], p['security'], p['encoding']))
    return {k: [(np.log(ta), np.log(tb)) for ta, tb in v] for k, v in by.items()}

def est(kind, la, lb):
    r = 100 * (la - lb)
    if kind == 'median': return float(np.median(r))
    k = int(kind.split('-')[1])
    if kind.startswith('quiet'):
        load = (la - np.median(la)) + (lb - np.median(lb))
        idx = np.argsort(load)[:k]
        return float(np.median(r[idx]))
    if kind.startswith('min'):
        return 100 * (np.mean(np.sort(la)[:k]) - np.mean(np.sort(lb)[:k]))

KINDS = ['median', 'quiet-8', 'quiet-4', 'min-8', 'min-4']
def kind_of(pair):
    (a, b) = pair; sa, sb = a.split('/'), b.split('/')
    return 'FI/XML' if sa[1] == sb[1] else 'mode/plain'

def table(run):
    by = duets(run); out = {}
    for kind in KINDS:
        ss = collections.Counter(); df = collections.Counter(); means = {}
        for pair, ds in by.items():
            v = [est(kind, la, lb) for la, lb in ds]
            means[pair] = st.mean(v)
            if len(v) > 1:
                m = st.mean(v); ss[kind_of(pair)] += sum((x - m) ** 2 for x in v); df[kind_of(pair)] += len(v) - 1
        out[kind] = ({k: math.sqrt(ss[k] / df[k]) for k in ss}, means)
    return out

if __name__ == '__main__':
    ref = table(sys.argv[1])
    for run in sys.argv[2:]:
        t = table(run)
        print('==', run)
        for kind in KINDS:
            stray, means = t[kind]
            rm = ref[kind][1]
            d = [means[p] - rm[p] for p in means if p in rm]
            dm = [means[p] - rm[p] for p in means if p in rm and kind_of(p) == 'mode/plain']
            print('  %-8s stray %s | vs reference: mean |diff| %.1f%% (mode/plain %.1f%%, signed mean %+.1f%%)' % (kind,
                  ', '.join('%s %.2f%%' % (k, v) for k, v in sorted(stray.items())), np.mean(np.abs(d)), np.mean(np.abs(dm)), np.mean(dm)))

