#!/usr/bin/env python3
"""Per measured iteration: CPU per call, spun per call, own = CPU - spun. Compares spinning iterations
with their non-spinning neighbours (pairs of adjacent iterations)."""
import json, math, statistics as st, sys
for f in sys.argv[1:]:
    m = json.load(open(f))[0]['secondaryMetrics']
    cpu = m['·cpu.thread']['rawData'][0]; spun = m['slowdownSpunNanos']['rawData'][0]; calls = m['slowdownCalls']['rawData'][0]
    on, off, r_own, r_all = [], [], [], []
    rows = []
    for c, s, n in zip(cpu, spun, calls):
        sp = s / n / 1e3 if n else 0
        rows.append((c, sp, c - sp))
    # adjacent pairs (spinning, not): log ratio of own CPU per call, and of all CPU per call
    for i in range(0, len(rows) - 1, 2):
        a, b = rows[i], rows[i + 1]
        if b[1] > 0.01 * b[2] and a[1] <= 0.01 * a[2]:
            a, b = b, a
        if a[1] > 0.01 * a[2] and b[1] <= 0.01 * b[2]:
            r_own.append(math.log(a[2] / b[2])); r_all.append(math.log(a[0] / b[0]))
            on.append(a[1] / a[2])
    def ci(x):
        m_, se = st.mean(x), st.stdev(x) / math.sqrt(len(x))
        return f'{math.exp(m_):.4f} [{math.exp(m_ - 2.7 * se):.4f}, {math.exp(m_ + 2.7 * se):.4f}]'
    print(f'{f}: {len(r_own)} pairs; spun share {st.mean(on) * 100:.2f}%; all CPU/call spinning vs not {ci(r_all)}; '
          f'own CPU/call (less the spin) {ci(r_own)}')
