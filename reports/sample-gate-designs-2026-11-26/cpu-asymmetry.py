#!/usr/bin/env python3
"""How unequal a same-moment round's two CPUs were, and whether judging each CPU's iterations apart helps.

python3 cpu-asymmetry.py RUN_DIR...   (each holds a gate's base.json and head.json)
Per round: the log ratio of the faster halves (the gate's), the per-CPU matched one (the mean over
the two CPUs of log(head's median on CPU c / base's median on CPU c)), and how far apart the two CPUs
ran (the slower CPU's median iteration over the faster's, both sides pooled). Ratios are taken as
deviations from their configuration's median round, so injected runs compare too."""
import json, math, statistics as st, sys
def fast(x): x = sorted(x); return st.mean(x[:len(x)//2])
def lr_rows(run):
    B = json.load(open(f'{run}/base.json')); H = json.load(open(f'{run}/head.json'))
    key = lambda r: tuple(sorted(r['params'].items())); hm = {key(r): r for r in H}
    for b in B:
        h = hm[key(b)]; p = b['params']
        bc = b['secondaryMetrics']['·cpu.thread']['rawData']; hc = h['secondaryMetrics']['·cpu.thread']['rawData']
        bk = b['secondaryMetrics']['·moment.cpu']['rawData']; hk = h['secondaryMetrics']['·moment.cpu']['rawData']
        for i, (x, y, kx, ky) in enumerate(zip(bc, hc, bk, hk)):
            fh = math.log(fast(y) / fast(x))
            on = lambda v, k, c: [a for a, q in zip(v, k) if q == c]
            per = []
            for c in (0.0, 1.0):
                if on(x, kx, c) and on(y, ky, c):
                    per.append(math.log(st.median(on(y, ky, c)) / st.median(on(x, kx, c))))
            matched = st.mean(per) if len(per) == 2 else float('nan')
            c0 = on(x, kx, 0.0) + on(y, ky, 0.0); c1 = on(x, kx, 1.0) + on(y, ky, 1.0)
            asym = abs(math.log(st.median(c1) / st.median(c0))) if c0 and c1 else float('nan')
            yield (p['stack'], p['security'], p['encoding']), i, fh, matched, asym
def wsd(v):
    v = sorted(v); k = len(v) // 5; ws = [v[k]] * k + v[k:len(v)-k] + [v[len(v)-k-1]] * k
    return st.stdev(ws)
for run in sys.argv[1:]:
    rows = list(lr_rows(run))
    # deviations from the configuration's median round, so that injected runs compare too
    med = {}
    for r in rows: med.setdefault(r[0], []).append(r)
    c2 = {k: (st.median(x[2] for x in v), st.median(x[3] for x in v)) for k, v in med.items()}
    rows = [(k, i, fh - c2[k][0], mt - c2[k][1], a) for k, i, fh, mt, a in rows]
    print(run)
    big = [r for r in rows if r[4] > 0.15]; small = [r for r in rows if r[4] <= 0.15]
    rms = lambda v: math.sqrt(st.mean(x * x for x in v)) * 100
    print(f"  rounds with CPUs >15% apart: {len(big)} of {len(rows)}")
    if big: print(f"    their |faster-half lr| rms {rms([r[2] for r in big]):.2f}%, matched {rms([r[3] for r in big]):.2f}%")
    if small: print(f"  the others: faster-half rms {rms([r[2] for r in small]):.2f}%, matched {rms([r[3] for r in small]):.2f}%")
    cfg = {}
    for r in rows: cfg.setdefault(r[0], []).append(r)
    a = [wsd([r[2] * 100 for r in v]) for v in cfg.values()]; m = [wsd([r[3] * 100 for r in v]) for v in cfg.values()]
    print(f"  median winsorized SD over configurations: faster half {st.median(a):.2f}%, per-CPU matched {st.median(m):.2f}%")
