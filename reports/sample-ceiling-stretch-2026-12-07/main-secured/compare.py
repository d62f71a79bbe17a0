"""python3 compare.py: for old and new (the main job's secured small duets, jar before and after the stretch), the forks
that stretched, settling times, and the forks with a measured iteration in which the JIT compiled for 10% or more."""
import json, os, re, statistics
here = os.path.dirname(os.path.abspath(__file__))
for run in ('old', 'new'):
    secs, stretched, unsteady = [], 0, 0
    for line in open(os.path.join(here, run + '-settling.txt')):
        m = re.search(r': (NOT )?steady after ([\d.]+) s', line)
        if m:
            secs.append(float(m.group(2))); unsteady += bool(m.group(1)); stretched += 'stretches for' in line
    busy_forks = busy_iters = forks = 0
    for r in json.load(open(os.path.join(here, run + '.json'))):
        for f in r['secondaryMetrics']['·jit.share']['rawData']:
            forks += 1; b = sum(j >= 10 for j in f); busy_iters += b; busy_forks += b > 0
    start, end = open(os.path.join(here, run + '-times.txt')).read().split()
    print('%s (%s-%s UTC): %d forks, settling median %.1f s, at most %.1f s; NOT steady at the end of settling %d; stretched '
          'for their wave %d; forks with a measured iteration at JIT >= 10%%: %d (%d iterations)' % (
          run, start, end, len(secs), statistics.median(secs), max(secs), unsteady, stretched, busy_forks, busy_iters))
