"""The machine's state during a gate or a run: the speed probe and steal off base.json and head.json
(a gate) or jmh.json (a run), and vmstat's steal column. Usage: python3 machine.py DIR."""
import json, os, statistics as st, sys

d = sys.argv[1]
probe, steal = [], []
for side in [s for s in ('base', 'head', 'jmh') if os.path.exists(f'{d}/{s}.json')]:
    for r in json.load(open(f'{d}/{side}.json')):
        sm = r['secondaryMetrics']
        for f in sm.get('·machine.probe', {}).get('rawData', []):
            probe += f
        for f in sm.get('·machine.steal', {}).get('rawData', []):
            steal += f
probe.sort()
print('speed probe: %d iterations, median %.2f ms, 10th-90th percentile %.2f-%.2f ms, at most %.2f ms' % (
    len(probe), st.median(probe) / 1000, probe[len(probe) // 10] / 1000, probe[9 * len(probe) // 10] / 1000, probe[-1] / 1000))
if steal:
    print('steal per iteration: mean %.3f%%, at most %.2f%%' % (st.mean(steal), max(steal)))
rows = [l.split() for l in open(f'{d}/vmstat.txt') if l.split() and l.split()[0].isdigit()]
st_col = [int(r[16]) for r in rows]
print('vmstat: %d five-second samples, steal above 0 in %d, at most %d%%' % (len(st_col), sum(x > 0 for x in st_col), max(st_col)))
