#!/usr/bin/env python3
"""From agree.py's output: the geometric mean of B/A per stack (and per workload and stack), with a 99.9% interval.
A stack that the other design disturbed more than its partner would stand off 1 here, whatever the width of
each single ratio's interval.   usage: by-stack.py agree.txt"""
import math, statistics as st, sys
from collections import defaultdict
T999 = {7: 5.408, 15: 4.073, 31: 3.633}  # Student's t, two-sided 99.9%, for the degrees of freedom that occur here
groups = defaultdict(list)
for line in open(sys.argv[1], encoding='utf-8'):
    cells = line.split()
    if 'B/A' not in cells:
        continue
    v = math.log(float(cells[cells.index('B/A') + 1]))
    for key in (cells[1], cells[1] + ' on ' + cells[0]):  # not all 32 together: a configuration's two ratios share CXF's forks
        groups[key].append(v)
for key, v in sorted(groups.items()):
    m, se, q = st.mean(v), st.stdev(v) / math.sqrt(len(v)), T999[len(v) - 1]
    print('%-14s %2d ratios: B/A %.3f [%.3f, %.3f], one ratio strays by %.1f%%'
          % (key, len(v), math.exp(m), math.exp(m - q * se), math.exp(m + q * se), 100 * st.stdev(v)))
