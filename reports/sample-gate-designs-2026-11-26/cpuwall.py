# Per configuration, each round's log ratio head/base on CPU time and on wall time (each fork's faster half
# of iterations), and each fork's CPU/wall ratio: where do the rounds that go astray on CPU time come from?
import json, glob, math, re, statistics as st, sys, collections
d = sys.argv[1]
forks = {}
for f in glob.glob(d + '/forks/*.json'):
    m = re.search(r'(base|head)-r(\d+)-c(\d+)\.json$', f)
    try:
        j = json.load(open(f))[0]
    except Exception:
        continue
    cpu = j['secondaryMetrics']['·cpu.thread']['rawData'][0]
    wall = j['primaryMetric']['rawData'][0]
    forks[(m[1], int(m[2]), int(m[3]))] = (cpu, wall, j['params'])
def fh(xs):
    xs = sorted(xs)[:len(xs) // 2]
    return sum(math.log(x) for x in xs) / len(xs)
out = collections.defaultdict(list)
for (side, r, c), (cpu, wall, p) in forks.items():
    if side != 'base' or ('head', r, c) not in forks:
        continue
    hc, hw, _ = forks[('head', r, c)]
    out[c].append((r, fh(hc) - fh(cpu), fh(hw) - fh(wall), st.median(c2 / w for c2, w in zip(cpu, wall)),
                   st.median(c2 / w for c2, w in zip(hc, hw))))
astray = {'cpu': 0, 'wall': 0}
for c in sorted(out):
    rows = sorted(out[c])
    mc = st.median(x[1] for x in rows); mw = st.median(x[2] for x in rows)
    p = forks[('base', rows[0][0], c)][2]
    flag = []
    for r, lc, lw, bcw, hcw in rows:
        if abs(lc - mc) > 0.03: astray['cpu'] += 1; flag.append('r%d cpu %+.1f%% wall %+.1f%% cpu/wall base %.3f head %.3f' % (r, 100 * (lc - mc), 100 * (lw - mw), bcw, hcw))
        if abs(lw - mw) > 0.03: astray['wall'] += 1
    print('c%03d %s/%s/%s' % (c, p['stack'], p['security'], p['encoding']), 'cpu SD %.1f%% wall SD %.1f%%' % (100 * st.stdev(x[1] for x in rows), 100 * st.stdev(x[2] for x in rows)), '; '.join(flag))
print('rounds over 3% from their configuration median:', astray)
