# Per configuration and round: head/base CPU time per call, iteration by iteration (the two share one CPU, in step),
# as medians over 25 s blocks, and each side's own median per block over its last block. Usage: python3 plateau.py plateau
import json, sys, statistics as st
d = sys.argv[1]
def load(f): return {'%s %s/%s' % (r['params']['stack'], r['params']['security'], r['params']['encoding']): r for r in json.load(open(f))}
b, h = load(d + '/base.json'), load(d + '/head.json')
B = 50  # iterations of 0.5 s
for k in sorted(b):
    rb, rh = b[k]['secondaryMetrics']['·cpu.thread']['rawData'], h[k]['secondaryMetrics']['·cpu.thread']['rawData']
    for i, (x, y) in enumerate(zip(rb, rh)):
        n = min(len(x), len(y))
        ratio = ['%.3f' % st.median([y[j] / x[j] for j in range(s, min(s + B, n))]) for s in range(0, n, B)]
        lb, lh = st.median(x[n - B:n]), st.median(y[n - B:n])
        base = ['%.2f' % (st.median(x[s:s + B]) / lb) for s in range(0, n, B)]
        head = ['%.2f' % (st.median(y[s:s + B]) / lh) for s in range(0, n, B)]
        print('%s round %d (%d iterations)\n  head/base per 25 s: %s\n  base over its last 25 s: %s\n  head over its last 25 s: %s'
              % (k, i + 1, n, ' '.join(ratio), ' '.join(base), ' '.join(head)))
print('head/base over the last 100 s (median of the paired iterations\' ratios):')
for k in sorted(b):
    rb, rh = b[k]['secondaryMetrics']['·cpu.thread']['rawData'], h[k]['secondaryMetrics']['·cpu.thread']['rawData']
    print('  %s: %s' % (k, ' '.join('%.3f' % st.median([y[j] / x[j] for j in range(min(len(x), len(y)) - 200, min(len(x), len(y)))]) for x, y in zip(rb, rh))))
