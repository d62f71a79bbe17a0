"""The last measured iteration against the fork's others, on thread CPU time, for one or more main jobs.

JMH runs a trial's teardown inside its last iteration; this shows whether that iteration stands apart."""
import json, sys, statistics as st

def workload(r):
    name = r['benchmark'].rsplit('.', 2)
    return name[-2] + '.' + name[-1] if name[-2] != 'SeismicQuery' else name[-1]

for path in sys.argv[1:]:
    groups = {}
    for r in json.load(open(path)):
        sm = r['secondaryMetrics']
        if '·cpu.thread' not in sm:
            continue
        w = workload(r)
        g = groups.setdefault(w if w in ('small', 'large') else 'floors and pipe', {'last': [], 'before': [], 'jit': []})
        for i, f in enumerate(sm['·cpu.thread']['rawData']):
            if len(f) < 4:
                continue
            base = st.median(f[:-2])
            g['last'].append(f[-1] / base)
            g['before'].append(f[-2] / base)
            g['jit'].append(sm['·jit.share']['rawData'][i][-1])
    print(path)
    for w, g in sorted(groups.items()):
        print('  %-16s forks %4d  last/median(others) %.4f (over +3%%: %3d)  one before %.4f  last JIT share median %.1f%%' % (
            w, len(g['last']), st.median(g['last']), sum(x > 1.03 for x in g['last']), st.median(g['before']), st.median(g['jit'])))
