"""How much of a duet's stray is its own iterations' noise? Per duet, the median log ratio of its odd and of its
even iterations: half their difference's sd estimates the sd of a duet's median that iteration noise alone would
give (white noise); set against the pooled stray of duet medians about their pair's mean. Also the first-half/
second-half split (slow drift shows as a larger split than odd/even). Usage: python3 split.py DIR ..."""
import json, math, sys, collections, statistics as st
for d in sys.argv[1:]:
    forks = collections.defaultdict(list)
    for r in json.load(open(d + '/jmh.json')):
        p = r['params']; sm = r['secondaryMetrics']
        for f, t in enumerate(sm['·cpu.thread']['rawData']):
            forks[sm['·moment.id']['rawData'][f][0]].append(('%s/%s' % (p['security'], p['encoding']), t))
    by = collections.defaultdict(list); oe = []; fh = []
    for pair in forks.values():
        if len(pair) != 2: continue
        (a, ta), (b, tb) = sorted(pair); n = min(len(ta), len(tb))
        lr = [100 * math.log(ta[j] / tb[j]) for j in range(n)]
        by[(a, b)].append(st.median(lr))
        oe.append(st.median(lr[0::2]) - st.median(lr[1::2])); fh.append(st.median(lr[:n // 2]) - st.median(lr[n // 2:]))
    ss = df = 0
    for v in by.values():
        if len(v) > 1:
            m = st.mean(v); ss += sum((x - m) ** 2 for x in v); df += len(v) - 1
    rms = lambda v: math.sqrt(sum(x * x for x in v) / len(v))
    print('%-34s duet stray %5.2f%% (%2d df) | from iteration noise alone: odd/even %5.2f%%, halves %5.2f%%' % (
        d[-34:], math.sqrt(ss / df), df, rms(oe) / 2, rms(fh) / 2))
