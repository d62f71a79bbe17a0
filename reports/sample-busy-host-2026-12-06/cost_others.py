"""Cost duets against the neighbour: does the CPU share that went outside the run (·machine.others) explain
how far a duet's log ratio strays? Per duet (two forks of one moment id, iterations aligned), iteration j's
log ratio of thread CPU time per call and the larger of the two sides' ·machine.others. Variants of a duet's
value: the median of all iterations (today's rule); the median of iterations with others below T; the
intercept of a straight line of log ratio on others, its slope shared by the duets of one pair of
configurations. Pooled spread of duets by kind (a mode beside plain, FI beside XML), as stray_n.py.
Usage: python3 cost_others.py jmh.json [T ...]"""
import json, math, statistics as st, sys, collections
rs = json.load(open(sys.argv[1])); Ts = [float(t) for t in sys.argv[2:]] or [2.0, 5.0, 10.0]
forks = collections.defaultdict(list)
for r in rs:
    p = r['params']; name = '%s %s %s' % (p['stack'], p['security'], p['encoding'])
    sm = r['secondaryMetrics']
    ids = sm['·moment.id']['rawData']; t = sm['·cpu.thread']['rawData']; o = sm['·machine.others']['rawData']
    for f in range(len(t)):
        if ids[f]: forks[ids[f][0]].append((name, t[f], o[f]))
by = collections.defaultdict(list)   # (a, b) -> [(lrs, others)]
allo = []
for pair in forks.values():
    if len(pair) != 2: continue
    (a, ta, oa), (b, tb, ob) = sorted(pair)
    n = min(len(ta), len(tb))
    lrs = [math.log(ta[j] / tb[j]) for j in range(n)]; os_ = [max(oa[j], ob[j]) for j in range(n)]
    by[(a, b)].append((lrs, os_)); allo += os_
def spread(values_by_pair):
    pooled = collections.defaultdict(lambda: [0.0, 0])
    for (a, b), v in values_by_pair.items():
        v = [x for x in v if x is not None]
        if len(v) < 2: continue
        kind = 'fi/xml' if a.split()[1] == b.split()[1] else 'mode/plain'
        m = st.mean(v)
        for k in (kind, 'all'):
            pooled[k][0] += sum((x - m) ** 2 for x in v); pooled[k][1] += len(v) - 1
    return ', '.join('%s %.2f%% (%d df)' % (k, 100 * math.sqrt(s / d), d) for k, (s, d) in sorted(pooled.items()))
print('iterations %d; others median %.1f%%, share above 2/5/10/25%%: %s' % (len(allo), st.median(allo),
      ' '.join('%.0f%%' % (100 * sum(x > t for x in allo) / len(allo)) for t in (2, 5, 10, 25))))
print('median of all iterations:  ', spread({k: [st.median(l) for l, _ in v] for k, v in by.items()}))
for T in Ts:
    kept = 0; tot = 0
    vals = {}
    for k, v in by.items():
        vals[k] = []
        for l, o in v:
            q = [x for x, y in zip(l, o) if y < T]
            tot += 1
            if len(q) >= 3:
                kept += 1; vals[k].append(st.median(q))
            else:
                vals[k].append(None)
    print('median of others < %4.1f%%:  %s  (duets with >= 3 such iterations: %d of %d)' % (T, spread(vals), kept, tot))
vals = {}; slopes = []
for k, v in by.items():
    # shared slope, duet intercepts: within-duet centring
    sxy = sxx = 0.0
    for l, o in v:
        ml, mo = st.mean(l), st.mean(o)
        sxy += sum((x - ml) * (y - mo) for x, y in zip(l, o)); sxx += sum((y - mo) ** 2 for y in o)
    beta = sxy / sxx if sxx > 0 else 0.0
    slopes.append((k, beta))
    vals[k] = [st.mean(l) - beta * st.mean(o) for l, o in v]
print('line on others, intercept:', spread(vals))
for k, b in sorted(slopes):
    print('  slope %-40s %+.4f%% of the ratio per point of others' % (' / '.join(k), 100 * b))
