"""How a round's spread falls with the iterations a fork measures: each round's log ratio head/base of
the two forks' faster halves (CPU time), over each fork's first k iterations only, for k = 8, 16, 32 and
all; the spread of a configuration's rounds for each k. Usage: python3 iterations.py DIR."""
import json, math, statistics as st, sys

d = sys.argv[1]
def key(r):
    p = dict(r['params']); p.pop('stack', None); return ' '.join(f'{k}={v}' for k, v in sorted(p.items()))
def faster_half(xs):
    s = sorted(xs); return st.mean(s[:(len(s) + 1) // 2])
base = {key(r): r for r in json.load(open(f'{d}/base.json'))}
head = {key(r): r for r in json.load(open(f'{d}/head.json'))}
n = len(next(iter(base.values()))['secondaryMetrics']['·cpu.thread']['rawData'][0])
ks = [k for k in (8, 16, 32) if k < n] + [n]
print('round spread (sd of log ratios) over the first k iterations of every fork')
print('%-45s ' % 'configuration' + ' '.join('k=%-5d' % k for k in ks))
spreads = {k: [] for k in ks}
for c in base:
    b = base[c]['secondaryMetrics']['·cpu.thread']['rawData']
    h = head[c]['secondaryMetrics']['·cpu.thread']['rawData']
    row = []
    for k in ks:
        lr = [math.log(faster_half(y[:k]) / faster_half(x[:k])) for x, y in zip(b, h)]
        spreads[k].append(st.stdev(lr)); row.append(st.stdev(lr))
    print('%-45s ' % c[:45] + ' '.join('%.4f ' % v for v in row))
print('%-45s ' % 'median' + ' '.join('%.4f ' % st.median(spreads[k]) for k in ks))
