"""A cost run's duets judged on their first N measured iterations (argv 2; 0 = all): each duet's log ratio is the
median of its aligned iterations' log ratios of thread CPU time per call; per ratio measured in several duets,
the spread of those duets, pooled by kind (a mode beside plain; FI beside XML) and over all.
Usage: python3 stray_n.py jmh.json N"""
import json, math, statistics as st, sys, collections
rs = json.load(open(sys.argv[1])); N = int(sys.argv[2])
forks = collections.defaultdict(list)
for r in rs:
    p = r['params']; name = '%s %s %s' % (p['stack'], p['security'], p['encoding'])
    sm = r['secondaryMetrics']
    ids = sm['·moment.id']['rawData']; t = sm['·cpu.thread']['rawData']
    for f in range(len(t)):
        if ids[f]: forks[ids[f][0]].append((name, t[f]))
by = collections.defaultdict(list)
for pair in forks.values():
    if len(pair) != 2: continue
    (a, ta), (b, tb) = sorted(pair)
    n = min(len(ta), len(tb)); n = min(n, N) if N else n
    by[(a, b)].append(st.median(math.log(ta[j] / tb[j]) for j in range(n)))
pooled = collections.defaultdict(lambda: [0.0, 0])
for (a, b), v in by.items():
    if len(v) < 2: continue
    kind = 'fi/xml' if a.split()[1] == b.split()[1] else 'mode/plain'
    m = st.mean(v)
    for k in (kind, 'all'):
        pooled[k][0] += sum((x - m) ** 2 for x in v); pooled[k][1] += len(v) - 1
print(('first %d iterations: ' % N if N else 'every iteration: ') + ', '.join('%s %.2f%% (%d df)' % (k, 100 * math.sqrt(s / d), d)
                                                           for k, (s, d) in sorted(pooled.items())))
