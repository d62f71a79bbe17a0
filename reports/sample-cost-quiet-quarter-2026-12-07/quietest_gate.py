"""The estimators of quietest.py on a same-CPU gate's rounds: per configuration, each round's head/base log ratio;
the pooled stray of rounds about their configuration's mean (the A/A and injected alike, means removed)."""
import json, collections, sys, math, statistics as st
import numpy as np
from quietest import est, KINDS
def forks(path):
    out = {}
    for r in json.load(open(path)):
        p = r['params']; sm = r['secondaryMetrics']
        key = '%s/%s/%s' % (p['stack'], p['security'], p['encoding'])
        for f, t in enumerate(sm['·cpu.thread']['rawData']):
            out[(key, sm['·moment.id']['rawData'][f][0])] = np.log(t)
    return out
for d in sys.argv[1:]:
    b, h = forks(d + '/base.json'), forks(d + '/head.json')
    line = []
    for kind in KINDS:
        by = collections.defaultdict(list)
        for k in b:
            if k in h:
                n = min(len(b[k]), len(h[k])); by[k[0]].append(est(kind, h[k][:n], b[k][:n]))
        ss = sum(sum((x - st.mean(v)) ** 2 for x in v) for v in by.values()); df = sum(len(v) - 1 for v in by.values())
        line.append('%s %.2f%%' % (kind, math.sqrt(ss / df)))
    print('%-60s %s' % (d[-60:], '  '.join(line)))
