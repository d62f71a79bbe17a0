#!/usr/bin/env python3
"""Where a duet's time goes: each duet's wall time (the gate's console) less the longer of its two
forks' settling (their ·steady.warmup). Usage: duet-time.py GATE_DIR CONSOLE"""
import glob, json, re, statistics as st, sys

gate, console = sys.argv[1], sys.argv[2]
took = {}
for line in open(console):
    m = re.search(r'round (\d+) base .*encoding=(\w+) security=(\w+) stack=(\w+).*\((\d+) s,', line)
    if m:
        took[(int(m[1]), m[4], m[3], m[2])] = int(m[5])

def fork(path):
    r = json.load(open(path))[0]
    return r['params'], r['secondaryMetrics']['·steady.warmup']['score']

rest, settle, whole = [], [], []
for base in glob.glob(gate + '/forks/base-r*-c*.json'):
    rnd = int(re.search(r'base-r(\d+)', base)[1])
    p, s1 = fork(base)
    _, s2 = fork(base.replace('base-', 'head-'))
    t = took[(rnd, p['stack'], p['security'], p['encoding'])]
    whole.append(t); settle.append(max(s1, s2)); rest.append(t - max(s1, s2))
print(f'{len(whole)} duets, {sum(whole) / 60:.1f} min: a duet {st.mean(whole):.1f} s on average, '
      f'of which the slower fork settling {st.mean(settle):.1f} s and the rest {st.mean(rest):.1f} s '
      f'(median {st.median(rest):.1f}, {min(rest):.1f}-{max(rest):.1f})')
