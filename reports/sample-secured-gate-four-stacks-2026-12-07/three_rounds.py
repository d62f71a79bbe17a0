"""Each three-round judgement of three-rounds.txt: XML pairs caught (5% injected there), FI pairs raising an
A/A alarm, and the median 99.9% half-width (half the log width of new/base). Usage: python3 three_rounds.py three-rounds.txt"""
import math, re, statistics as st, sys

for block in open(sys.argv[1]).read().split('== ')[1:]:
    rows = [l for l in block.splitlines() if l.startswith('SeismicQuery')]
    caught = sum('encoding=xml' in l and 'slower' in l for l in rows)
    alarms = sum('encoding=fi' in l and 'no change' not in l for l in rows)
    half = [50 * math.log(float(b) / float(a)) for a, b in (re.search(r'\[(\d\.\d+), (\d\.\d+)\]', l).groups() for l in rows)]
    print('%-22s caught %d of 8, A/A alarms %d of 8, median half-width %.1f%%' % (block.splitlines()[0], caught, alarms, st.median(half)))
