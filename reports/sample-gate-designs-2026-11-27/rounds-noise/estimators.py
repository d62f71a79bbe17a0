#!/usr/bin/env python3
"""Per-round estimators of a same-moment pair's log ratio, compared by their spread over rounds."""
import json, math, statistics as st, sys

def key(r): return tuple(sorted(r['params'].items()))
def fh(xs):
    xs = sorted(xs); return st.mean(xs[:max(1, len(xs)//2)])
def e_fasthalf(x, y, c): return math.log(fh(y)/fh(x))
def e_percpu(x, y, c):
    # each CPU: head's faster half there against base's faster half there; mean over CPUs
    out = []
    for cpu in set(c):
        xb = [v for v, k in zip(x, c) if k == cpu]          # base on cpu
        yh = [v for v, k in zip(y, c) if k != cpu]          # head on cpu (the other side's cpu at that moment)
        if xb and yh: out.append(math.log(fh(yh)/fh(xb)))
    return st.mean(out)
def e_percpu_min(x, y, c):
    out = []
    for cpu in set(c):
        xb = [v for v, k in zip(x, c) if k == cpu]; yh = [v for v, k in zip(y, c) if k != cpu]
        out.append(math.log(min(yh)/min(xb)))
    return st.mean(out)
def e_blocks_median(x, y, c):
    r = [math.log(b/a) for a, b in zip(x, y)]
    blocks = [(r[i]+r[i+1])/2 for i in range(0, len(r)-1, 2)]
    return st.median(blocks)
def e_aligned_median(x, y, c):
    return st.median(math.log(b/a) for a, b in zip(x, y))
def e_aligned_mean(x, y, c):
    return st.mean(math.log(b/a) for a, b in zip(x, y))
EST = dict(fasthalf=e_fasthalf, percpu=e_percpu, percpu_min=e_percpu_min, blocks_med=e_blocks_median,
           aligned_med=e_aligned_median, aligned_mean=e_aligned_mean)

def rounds(run, metric='·cpu.thread'):
    b = json.load(open(run+'/base.json')); h = {key(r): r for r in json.load(open(run+'/head.json'))}
    for r in b:
        r2 = h[key(r)]
        get = (lambda z: z['primaryMetric']['rawData']) if metric == 'wall' else (lambda z: z['secondaryMetrics'][metric]['rawData'])
        X, Y, C = get(r), get(r2), r['secondaryMetrics']['·moment.cpu']['rawData']
        yield dict(key(r)), X, Y, C

if __name__ == '__main__':
    metric = sys.argv[1]
    for run in sys.argv[2:]:
        sds = {n: [] for n in EST}; means = {n: [] for n in EST}
        for p, X, Y, C in rounds(run, metric):
            for n, f in EST.items():
                v = [100*f(x, y, c) for x, y, c in zip(X, Y, C)]
                sds[n].append(st.stdev(v)); means[n].append(st.mean(v))
        print(run.split('/')[-1], metric, ' '.join('%s %.2f' % (n, st.median(s)) for n, s in sds.items()))
