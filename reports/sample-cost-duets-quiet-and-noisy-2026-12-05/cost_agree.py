#!/usr/bin/env python3
"""The cost tables of two reports (a mode over plain, FI over XML): each run's median half-width and
ratios over ±10%, and whether each ratio agrees between the runs: |log(B/A)| at most the two 99.9%
half-widths combined as independent, sqrt(wA² + wB²). Usage: python3 cost_agree.py A/summary.md B/summary.md"""
import math, re, statistics as st, sys


def costs(path):
    out, hdr, inside = {}, None, False
    for line in open(path, encoding='utf-8'):
        if line.startswith('## '):
            inside = line.startswith('## Security overhead and Fast Infoset')
            continue
        if not inside or not line.startswith('| ') or line.startswith('|--'):
            continue
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if cells[0] == 'stack':
            hdr = cells
            continue
        for name, cell in zip(hdr[3:], cells[3:]):
            m = re.match(r'([\d.]+) \[([\d.]+), ([\d.]+)\]', cell)
            if m:
                out[tuple(cells[:3]) + (name,)] = tuple(float(x) for x in m.groups())
    return out


def half(r):
    return (math.log(r[2]) - math.log(r[1])) / 2


if __name__ == '__main__':
    a, b = costs(sys.argv[1]), costs(sys.argv[2])
    keys = sorted(set(a) & set(b))
    agree = 0
    for k in keys:
        d, w = math.log(b[k][0] / a[k][0]), math.hypot(half(a[k]), half(b[k]))
        agree += abs(d) <= w
        print('%-6s %-6s %-9s %-18s A %8.2f ±%4.1f%%  B %8.2f ±%4.1f%%  B/A %.3f ±%.1f%%  %s' % (
            *k, a[k][0], 100 * half(a[k]), b[k][0], 100 * half(b[k]), math.exp(d), 100 * w, 'agree' if abs(d) <= w else 'DISAGREE'))
    for label, run in (('A', a), ('B', b)):
        hw = [half(run[k]) for k in keys]
        print('%s: median half-width %.1f%%, widest %.1f%%, %d of %d over ±10%%' % (
            label, 100 * st.median(hw), 100 * max(hw), sum(h > 0.10 for h in hw), len(hw)))
    print('agree %d of %d (%.0f%%)' % (agree, len(keys), 100 * agree / len(keys)))
