"""Each ◷-for-a-rise result's iterations with the calls each held, and its forks' CPU time per call
averaged over iterations (JMH's way) and over calls (the report's since this sample).
Usage: python3 percall.py jmh.json flagged-before.txt"""
import json, math, sys

flagged = [l.split('|') for l in open(sys.argv[2]) if 'rose' in l]
wanted = {(l[0].strip().split('.')[-1], tuple(sorted(l[1].split()))) for l in flagged}
for r in json.load(open(sys.argv[1])):
    key = (r['benchmark'].split('.')[-1], tuple(sorted(f'{k}={v}' for k, v in r.get('params', {}).items())))
    if key not in wanted:
        continue
    sm = r['secondaryMetrics']
    wall, cpu, jit = r['primaryMetric']['rawData'], sm['·cpu.thread']['rawData'], sm['·jit.share']['rawData']
    print(key[0], ' '.join(key[1]))
    for f in range(len(cpu)):
        calls = [max(1, math.ceil(1e6 / w - 1e-9)) for w in wall[f]]  # 1 s iterations, wall in us/op
        plain = sum(cpu[f]) / len(cpu[f])
        weighted = sum(n * c for n, c in zip(calls, cpu[f])) / sum(calls)
        print(f'  fork {f + 1}: CPU us/call {[round(c) for c in cpu[f]]}  calls {calls}  JIT % {[round(j) for j in jit[f]]}')
        print(f'          mean of iterations {plain:.0f}, over calls {weighted:.0f} ({100 * (plain / weighted - 1):+.1f}%)')
