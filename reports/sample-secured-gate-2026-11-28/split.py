"""How much of a round's spread is the forks (shared by both halves of a fork's iterations) and how much
the iterations (independent between halves): each fork's iterations split into {0,1,4,5} and {2,3,6,7}
(two on each CPU, as the forks swap CPUs at every iteration), a round's log ratio per half."""
import json, math, statistics as st, sys
d = sys.argv[1]
def key(r):
    p = dict(r['params']); return ' '.join(f'{k}={v}' for k, v in sorted(p.items()))
def fh(xs):
    s = sorted(xs); return st.mean(s[:max(1, len(s) // 2)])
base = {key(r): r for r in json.load(open(f'{d}/base.json'))}
head = {key(r): r for r in json.load(open(f'{d}/head.json'))}
A, B, ALL = [], [], []
for k in base:
    b = base[k]['secondaryMetrics']['·cpu.thread']['rawData']; h = head[k]['secondaryMetrics']['·cpu.thread']['rawData']
    a_, b_, all_ = [], [], []
    for x, y in zip(b, h):
        ia = [i for i in range(len(x)) if (i // 2) % 2 == 0]; ib = [i for i in range(len(x)) if (i // 2) % 2 == 1]
        a_.append(math.log(fh([y[i] for i in ia]) / fh([x[i] for i in ia])))
        b_.append(math.log(fh([y[i] for i in ib]) / fh([x[i] for i in ib])))
        all_.append(math.log(fh(y) / fh(x)))
    # centre per configuration (its own true ratio)
    ma, mb, mall = st.mean(a_), st.mean(b_), st.mean(all_)
    A += [v - ma for v in a_]; B += [v - mb for v in b_]; ALL += [v - mall for v in all_]
    print('%-60s rounds sd all %.3f  half A %.3f  half B %.3f' % (k[:60], st.stdev(all_), st.stdev(a_), st.stdev(b_)))
n = len(A)
cov = sum(x * y for x, y in zip(A, B)) / n
va = sum(x * x for x in A) / n; vb = sum(x * x for x in B) / n; vall = sum(x * x for x in ALL) / n
print(f'{n} rounds: var(all) {vall:.5f} (sd {math.sqrt(vall):.3f}); halves var {va:.5f} {vb:.5f}; cov(halves) {cov:.5f}')
print(f'shared by both halves (the fork, the slow host): sd {math.sqrt(max(cov,0)):.3f}; '
      f'independent per half of 4 iterations: sd {math.sqrt(max((va+vb)/2-cov,0)):.3f}')
