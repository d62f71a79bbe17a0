"""Each round's log ratio head/base of the two forks' faster halves (CPU time), and the forks' own
spread: how much the same-moment pairing removes. Usage: python3 rounds.py DIR."""
import json, math, statistics as st, sys

d = sys.argv[1]
def key(r):
    p = dict(r['params']); p.pop('stack'); return ' '.join(f'{k}={v}' for k, v in sorted(p.items()))
def faster_half(f):
    s = sorted(f); return st.mean(s[:len(s) // 2])
base = {key(r): r for r in json.load(open(f'{d}/base.json'))}
head = {key(r): r for r in json.load(open(f'{d}/head.json'))}
for k in base:
    b = base[k]['secondaryMetrics']['·cpu.thread']['rawData']
    h = head[k]['secondaryMetrics']['·cpu.thread']['rawData']
    lr = [math.log(faster_half(y) / faster_half(x)) for x, y in zip(b, h)]
    sd = lambda xs: st.stdev([math.log(faster_half(f)) for f in xs])
    print('%-55s rounds %s  sd %.3f   forks sd base %.3f head %.3f' % (
        k, ' '.join('%+.3f' % x for x in lr), st.stdev(lr), sd(b), sd(h)))
