"""The cost tables of two runs' summary.md: each ratio's 99.9% interval as a half-width on the log scale
((log hi - log lo) / 2), and whether the two runs' intervals overlap. Usage: python3 costcmp.py A/summary.md B/summary.md"""
import math, re, statistics as st, sys
def tables(path):
    text = open(path).read()
    sec = text[text.index('## Security overhead and Fast Infoset'):]
    sec = sec[:sec.index('\n## ', 5)]
    out = {}
    for line in sec.splitlines():
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) < 4 or not re.match(r'[\d.]+ \[', cells[-1]):
            continue
        if len(cells) == 6:   # stack workload encoding username sign signencr
            for name, c in zip(['username', 'sign', 'signencr'], cells[3:]):
                out[(cells[0], cells[1], cells[2], name + '/plain')] = c
        elif len(cells) == 4:  # stack workload security fi/xml
            out[(cells[0], cells[1], cells[2], 'fi/xml')] = cells[3]
    parsed = {}
    for k, c in out.items():
        m = re.match(r'([\d.,]+) \[([\d.,]+), ([\d.,]+)\]', c)
        if m:
            r, lo, hi = (float(x.replace(',', '')) for x in m.groups())
            parsed[k] = (r, lo, hi, (math.log(hi) - math.log(lo)) / 2)
    return parsed
runs = [tables(p) for p in sys.argv[1:]]
for p, t in zip(sys.argv[1:], runs):
    hw = sorted(v[3] for v in t.values())
    print('%s: %d ratios, half-width median ±%.1f%%, range ±%.1f-%.1f%%, over ±10%%: %d' % (
        p, len(hw), 100 * st.median(hw), 100 * hw[0], 100 * hw[-1], sum(h > 0.10 for h in hw)))
if len(runs) == 2:
    common = [k for k in runs[0] if k in runs[1]]
    agree = sum(1 for k in common if runs[0][k][1] <= runs[1][k][2] and runs[1][k][1] <= runs[0][k][2])
    print('agree within their intervals: %d of %d' % (agree, len(common)))
    for k in common:
        a, b = runs[0][k], runs[1][k]
        print('  %-32s %8.2f ±%4.1f%%   %8.2f ±%4.1f%%' % (' '.join(k), a[0], 100 * a[3], b[0], 100 * b[3]))
