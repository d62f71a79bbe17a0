"""Summarise loo.txt: per run and dropped round, 5% caught on the injected half, A/A alarms, median half-width."""
import re, sys, statistics as st
inj = {'sample-secured-gate-out-of-sample-2026-11-29/xml': 'xml', 'sample-settle-together-2026-11-28': 'xml'}
cur = None; rows = {}
for line in open(sys.argv[1]):
    m = re.match(r'== (\S+) without round (\d)', line)
    if m: cur = (m[1], int(m[2])); rows[cur] = [0, 0, 0]; continue
    m = re.search(r'median interval half-width ([\d.]+)% paired', line)
    if m and cur: rows[cur][2] = float(m[1]); continue
    m = re.search(r'encoding=(\w+) .*\]\s+(slower|faster|no change)', line)
    if m and cur:
        injected = m[1] == inj.get(cur[0], 'fi')
        if injected and m[2] == 'slower': rows[cur][0] += 1
        if not injected and m[2] != 'no change': rows[cur][1] += 1
for run in dict.fromkeys(k[0] for k in rows):
    r = [rows[(run, d)] for d in (4, 3, 2, 1, 0)]
    print(f"{run:50s} caught of 6 without round 5,4,3,2,1: {','.join(str(x[0]) for x in r)}; "
          f"A/A alarms {sum(x[1] for x in r)} of 30; half-widths {','.join(str(x[2]) for x in r)}%")
