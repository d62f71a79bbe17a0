# Per configuration: each side's settling (met/stop seconds per fork, forks at the ceiling, measured iterations with the
# JIT at 10% or more) and head/base per round on each fork's faster half of CPU time. Usage: python3 gate.py gate
import json, sys, statistics as st, math
d = sys.argv[1]
def load(f):
    out = {}
    for r in json.load(open(f)):
        p = r['params']; key = '%s %s/%s' % (p['stack'], p['security'], p['encoding'])
        out[key] = r
    return out
b, h = load(d + '/base.json'), load(d + '/head.json')
def raw(r, m): return r['secondaryMetrics'][m]['rawData'] if m in r['secondaryMetrics'] else []
def fast_half(xs): xs = sorted(xs); return st.mean(xs[:len(xs) // 2])
tot = {'b': [0, 0, 0, [], []], 'h': [0, 0, 0, [], []]}
ratios = []
print('%-22s %-28s %-28s %s' % ('config', 'base met/stop s, ceil, jit>=10%', 'head met/stop s, ceil, jit>=10%', 'head/base per round (faster half, CPU)'))
for k in sorted(b):
    if k not in h: print(k, 'missing in head'); continue
    row = []
    for tag, r in (('b', b[k]), ('h', h[k])):
        met = [f[0] for f in raw(r, '·steady.met')]; stop = [f[0] for f in raw(r, '·steady.warmup')]
        reach = [f[0] for f in raw(r, '·steady.reached')]
        busy = sum(1 for f in raw(r, '·jit.share') for v in f if v >= 10)
        t = tot[tag]; t[0] += sum(1 for x in reach if x < 1); t[1] += busy; t[2] += len(reach); t[3] += met; t[4] += stop
        row.append('%s/%s %d %d' % (','.join('%.0f' % x for x in met), ','.join('%.0f' % x for x in stop), sum(1 for x in reach if x < 1), busy))
    rb = raw(b[k], '·cpu.thread'); rh = raw(h[k], '·cpu.thread')
    rr = [fast_half(y) / fast_half(x) for x, y in zip(rb, rh)]
    ratios += rr
    print('%-22s %-28s %-28s %s' % (k, row[0], row[1], ' '.join('%.3f' % x for x in rr)))
for tag, name in (('b', 'base'), ('h', 'head')):
    t = tot[tag]
    print('%s: %d of %d forks at the ceiling, %d measured iterations with JIT >= 10%%, met median %.0f s, stop median %.0f s'
          % (name, t[0], t[2], t[1], st.median(t[3]), st.median(t[4])))
g = math.exp(st.mean([math.log(x) for x in ratios]))
print('head/base per round: geometric mean %.3f, median %.3f, range %.3f-%.3f, n=%d' % (g, st.median(ratios), min(ratios), max(ratios), len(ratios)))
