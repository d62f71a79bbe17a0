#!/usr/bin/env python3
"""Stack ratios (× CXF) of two reports' time tables: does each agree within their intervals?
usage: agree.py A/summary.md B/summary.md"""
import re, sys, math
def table(path):
    out = {}; section = None; col = 5
    for line in open(path, encoding='utf-8'):
        if line.startswith('| stack'):
            hdr = [c.strip() for c in line.strip().strip('|').split('|')]
            found = [i for i, h in enumerate(hdr) if h.startswith('× CXF')]
            col = found[0] if found else col
        m = re.match(r'## Time per request: (\w+)', line)
        if m: section = m.group(1); continue
        if line.startswith('## '): section = None
        if section and line.startswith('| ') and not line.startswith('| stack') and not line.startswith('|---'):
            cells = [c.strip() for c in line.strip().strip('|').split('|')]
            stack, sec, enc = cells[0], cells[1], cells[2]
            m = re.match(r'([\d.]+) \[([\d.]+), ([\d.]+)\]', cells[col])
            if m: out[(section, stack, sec, enc)] = tuple(float(x) for x in m.groups())
    return out
a, b = table(sys.argv[1]), table(sys.argv[2])
agree = disagree = 0; rows = []
for k in sorted(set(a) & set(b)):
    (ra, la, ha), (rb, lb, hb) = a[k], b[k]
    wa = (math.log(ha) - math.log(la)) / 2; wb = (math.log(hb) - math.log(lb)) / 2
    d = math.log(rb / ra); w = math.hypot(wa, wb)
    ok = abs(d) <= w
    agree += ok; disagree += not ok
    rows.append((k, ra, la, ha, rb, lb, hb, d, w, ok))
for k, ra, la, ha, rb, lb, hb, d, w, ok in rows:
    print("%-6s %-6s %-9s %-4s  A %.2f [%.2f, %.2f]  B %.2f [%.2f, %.2f]  B/A %.3f ±%.1f%%  %s" % (*k, ra, la, ha, rb, lb, hb, math.exp(d), 100*w, "agree" if ok else "DISAGREE"))
hw = sorted([(math.log(r[3]) - math.log(r[2])) / 2 for r in rows]); hwb = sorted([(math.log(r[6]) - math.log(r[5])) / 2 for r in rows])
med = lambda v: (v[len(v)//2] + v[(len(v)-1)//2]) / 2 if v else float('nan')
print("agree %d, disagree %d of %d; median half-width A %.1f%%, B %.1f%%" % (agree, disagree, len(rows), 100*med(hw), 100*med(hwb)))
