"""Per run: each duet's log ratio (median over iterations of 100*ln(a/b), thread CPU time), its iterations' sd,
the pooled stray of duets per pair, and the machine's state. Usage: python3 stray.py DIR ..."""
import json, math, sys, collections, statistics as st
for d in sys.argv[1:]:
    rs = json.load(open(d + '/jmh.json'))
    forks = collections.defaultdict(list); pr = []; ot = []; sl = []
    for r in rs:
        p = r['params']; name = '%s %s' % (p['security'], p['encoding']); sm = r['secondaryMetrics']
        for f, t in enumerate(sm['·cpu.thread']['rawData']):
            forks[sm['·moment.id']['rawData'][f][0]].append((name, t))
        pr += [x for f in sm['·machine.probe']['rawData'] for x in f]
        ot += [x for f in sm.get('·machine.others', {'rawData': []})['rawData'] for x in f]
        sl += [x for f in sm.get('·machine.steal', {'rawData': []})['rawData'] for x in f]
    by = collections.defaultdict(list); within = []
    for pair in forks.values():
        if len(pair) != 2: continue
        (a, ta), (b, tb) = sorted(pair); n = min(len(ta), len(tb))
        lr = [100 * math.log(ta[j] / tb[j]) for j in range(n)]
        by[(a, b)].append(st.median(lr)); within.append(st.stdev(lr))
    ss = df = 0
    print('==', d, ' probe median %.2f ms (10th-90th %.2f-%.2f), others median %.1f%%, steal mean %.2f%%' % (
        st.median(pr) / 1e3, sorted(pr)[len(pr) // 10] / 1e3, sorted(pr)[9 * len(pr) // 10] / 1e3,
        st.median(ot) if ot else float('nan'), st.mean(sl) if sl else float('nan')))
    for k, v in sorted(by.items()):
        m = st.mean(v); ss += sum((x - m) ** 2 for x in v); df += len(v) - 1
        print('  %-13s / %-13s duets %s  sd %.1f' % (k[0], k[1], ' '.join('%.1f' % x for x in v), st.stdev(v) if len(v) > 1 else float('nan')))
    print('  pooled stray of a duet %.2f%% (%d df); iterations within a duet sd median %.1f%%' % (math.sqrt(ss / df), df, st.median(within)))
