"""Does the host's state, as the speed probe reads it, explain why a duet of a mode beside plain strays?
For every duet of two different configurations in a cost run (jmh.json): per aligned iteration j,
y_j = log(cpu_a / cpu_b), x_j = log of the geometric mean of the two forks' probes after iteration j.
Per duet: y_d = median y_j, x_d = median x_j, and the within-duet slope of y on x.
Across duets: pooled spread of y_d around each ratio's mean (as stray_n.py), then the same after a
shared slope on x_d (one slope for all ratios of a kind, an intercept per ratio), and each ratio read at
a reference probe (argv 1, ms). Usage: python3 covariate.py REF_MS jmh.json..."""
import json, math, statistics as st, sys, collections


def duets(path):
    rs = json.load(open(path))
    forks = collections.defaultdict(list)
    for r in rs:
        p = r['params']
        name = '%s %s %s' % (p['stack'], p['security'], p['encoding'])
        sm = r['secondaryMetrics']
        ids = sm['·moment.id']['rawData']
        t = sm['·cpu.thread']['rawData']
        pr = sm['·machine.probe']['rawData']
        for f in range(len(t)):
            if ids[f]:
                forks[ids[f][0]].append((name, t[f], pr[f]))
    out = collections.defaultdict(list)
    for pair in forks.values():
        if len(pair) != 2:
            continue
        (a, ta, pa), (b, tb, pb) = sorted(pair)
        n = min(len(ta), len(tb))
        ys = [math.log(ta[j] / tb[j]) for j in range(n)]
        xs = [0.5 * (math.log(pa[j]) + math.log(pb[j])) for j in range(n)]
        out[(a, b)].append((ys, xs))
    return out


def slope(xs, ys):
    mx, my = st.mean(xs), st.mean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else float('nan')


ref = math.log(1000 * float(sys.argv[1]))  # the probe is recorded in microseconds
for path in sys.argv[2:]:
    by = duets(path)
    print('==', path)
    for kind in ('mode/plain', 'fi/xml'):
        groups = {k: v for k, v in by.items()
                  if len(v) >= 2 and (kind == 'fi/xml') == (k[0].split()[1] == k[1].split()[1])}
        if not groups:
            continue
        # Per-duet medians, and within-duet slopes (iterations of one duet: the host moving within it).
        ds = {k: [(st.median(y), st.median(x)) for y, x in v] for k, v in groups.items()}
        within = [slope(x, y) for v in groups.values() for y, x in v]
        # Unadjusted spread of duets around each ratio's mean.
        ss = sum((y - st.mean([yy for yy, _ in d])) ** 2 for d in ds.values() for y, _ in d)
        df = sum(len(d) - 1 for d in ds.values())
        # Shared slope across duets, an intercept per ratio (within-ratio centring).
        cx = [(x - st.mean([xx for _, xx in d]), y - st.mean([yy for yy, _ in d])) for d in ds.values() for y, x in d]
        sxx = sum(x * x for x, _ in cx)
        b = sum(x * y for x, y in cx) / sxx if sxx else 0.0
        rss = sum((y - b * x) ** 2 for x, y in cx)
        print('%s: %d duets; duet stray %.2f%% (%d df); shared slope %.3f, stray after it %.2f%% (%d df); '
              'within-duet slopes median %.3f (%.3f..%.3f)' % (
                  kind, sum(len(d) for d in ds.values()), 100 * math.sqrt(ss / df), df, b,
                  100 * math.sqrt(rss / (df - 1)) if df > 1 else float('nan'), df - 1,
                  st.median(within), min(within), max(within)))
        for k, d in sorted(ds.items()):
            my = st.mean([y for y, _ in d]); mx = st.mean([x for _, x in d])
            # A mode over plain reads as its cost: the names sort plain first.
            s, (num, den) = (-1, (k[1], k[0])) if ' plain ' in k[0] and kind == 'mode/plain' else (1, k)
            print('   %-22s / %-22s raw %8.3f  at %.2f ms %8.3f  (probe medians %s ms)' % (
                num, den, math.exp(s * my), math.exp(ref) / 1000, math.exp(s * (my + b * (ref - mx))),
                ', '.join('%.2f' % (math.exp(x) / 1000) for _, x in d)))
