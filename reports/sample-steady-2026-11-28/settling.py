#!/usr/bin/env python3
"""Reproduces every table of this sample's README from its JSON files (numpy only):
python3 settling.py > settling.txt"""
import collections
import json
import math
import numpy as np

WINDOW = 0.5  # s: the settling runs measured half-second iterations, as settling windows are


def faster_half(x):
    x = np.sort(np.asarray(x))
    return x[:(len(x) + 1) // 2].mean()


def forks(path):
    """Every fork of a JMH JSON file: (name, wall, cpu, jit, probe, moment id) per iteration."""
    out = []
    for r in json.load(open(path)):
        sm = r['secondaryMetrics']
        p = r['params']
        name = f"{r['benchmark'].split('.')[-1]:5s} {p.get('stack', ''):5s} {p.get('security', ''):8s}"
        ids = sm.get('·moment.id', {}).get('rawData', [])
        for f, wall in enumerate(r['primaryMetric']['rawData']):
            out.append(dict(name=name, wall=np.array(wall), cpu=np.array(sm['·cpu.thread']['rawData'][f]),
                            jit=np.array(sm['·jit.share']['rawData'][f]), probe=np.array(sm['·machine.probe']['rawData'][f]),
                            id=ids[f][0] if f < len(ids) else None, config=(r['benchmark'], p.get('security'),
                                                                            p.get('encoding'), p.get('stack'))))
    return out


def settle(fork, judge, span=10, fall=0.03, jit_limit=None):
    """The first window at which a rule holds: judge 'wall' (every window) or 'cpu' (the faster half of each half)."""
    wall, cpu, jit = fork['wall'], fork['cpu'], fork['jit']
    calls = np.maximum(1, np.round(WINDOW * 1e6 / wall))
    for k in range(span, len(wall) + 1):
        a, b = slice(k - span, k - span // 2), slice(k - span // 2, k)
        if judge == 'cpu':
            f = 1 - faster_half(cpu[b]) / faster_half(cpu[a])
        else:
            f = 1 - (wall[b] * calls[b]).sum() / calls[b].sum() / ((wall[a] * calls[a]).sum() / calls[a].sum())
        s = slice(k - span, k)
        share = (jit[s] * wall[s] * calls[s]).sum() / (wall[s] * calls[s]).sum()
        if f <= fall and (jit_limit is None or share <= jit_limit):
            return k, (wall[:k] * calls[:k]).sum() / 1e6
    return None, None


def settling_rules(all_forks):
    rules = [('wall, JIT 1% (before)', 'wall', 1), ('CPU alone', 'cpu', None), ('CPU, JIT 1%', 'cpu', 1),
             ('CPU, JIT 3% (now)', 'cpu', 3), ('CPU, JIT 5%', 'cpu', 5)]
    print('## Settling rules, replayed on half-second windows (settled after, s; then JMH warm-up 3 s and 10 s measured:')
    print('## their CPU time per call over its plateau, the faster half of the last 20 s)')
    print(f"{'fork':26s}" + ''.join(f"{r[0]:>24s}" for r in rules))
    totals = collections.defaultdict(list)
    for fk in all_forks:
        plateau = faster_half(fk['cpu'][-40:])
        line = f"{fk['name']:26s}"
        for label, judge, limit in rules:
            k, seconds = settle(fk, judge, jit_limit=limit)
            if k is None or k + 26 > len(fk['cpu']):
                line += f"{'not within 100 s':>24s}"
                totals[label].append((100, math.nan))
                continue
            measured = faster_half(fk['cpu'][k + 6:k + 26]) / plateau
            totals[label].append((seconds, measured))
            line += f"{seconds:14.0f} s {measured:5.2f}x"
        print(line)
    print(f"{'all forks: sum, median':26s}" + ''.join(
        f"{sum(t for t, _ in v):14.0f} s {np.nanmedian([m for _, m in v]):5.2f}x" for v in totals.values()))


def jit_and_cpu(all_forks, names):
    print('\n## CPU time per call over its plateau (faster half of each 5 s) and the JIT share (%), per 5 s')
    for fk in all_forks:
        if fk['name'] not in names:
            continue
        plateau = faster_half(fk['cpu'][-40:])
        print(f"{fk['name']:26s} CPU " + ' '.join(f"{faster_half(fk['cpu'][i:i + 10]) / plateau:4.2f}" for i in range(0, 200, 10)))
        print(f"{'':26s} JIT " + ' '.join(f"{np.mean(fk['jit'][i:i + 10]):4.0f}" for i in range(0, 200, 10)))


def duets(all_forks):
    by_id = collections.defaultdict(list)
    for fk in all_forks:
        by_id[fk['id']].append(fk)
    return [v for v in by_id.values() if len(v) == 2]


def window_moves(all_forks):
    print('\n## Once settled (after 60 s), how far a half-second window\'s CPU time per call moves from the one before,')
    print('## and whether the fork beside it moves with it (correlation of the two forks\' moves; the forks swap CPUs')
    print('## at every iteration, so a vCPU slower than the other for seconds shows as moves in opposite phase)')
    for a, b in duets(all_forks):
        n = min(len(a['cpu']), len(b['cpu']))
        da, db = np.diff(np.log(a['cpu'][120:n])), np.diff(np.log(b['cpu'][120:n]))
        swing = np.mean(np.abs(da)) * 100
        print(f"{a['name']} beside {b['name'].split()[1]:5s}: correlation {np.corrcoef(da, db)[0, 1]:+.2f}, a window "
              f"moves {swing:4.1f}% on average")


def closures(all_forks):
    print('\n## How far a duet\'s log ratio strays (CPU time, faster half): the three duets of a stack cycle must add up to')
    print('## zero, so their sum\'s spread is sqrt(3) times one duet\'s; by when the forks were measured and for how long')
    groups = collections.defaultdict(list)
    for a, b in duets(all_forks):
        if a['config'][:3] == b['config'][:3]:
            groups[a['config'][:3]].append((a, b))
    for start in (20, 30, 50):
        for n in (10, 20, 40):
            sums = []
            for pairs in groups.values():
                if len(pairs) != 3:
                    continue
                d = {}
                for a, b in pairs:
                    s = slice(2 * start, 2 * start + n)
                    d[(a['config'][3], b['config'][3])] = math.log(faster_half(a['cpu'][s]) / faster_half(b['cpu'][s]))
                cycle = ['cxf', 'metro', 'axis2']
                sums.append(sum(d.get((cycle[i], cycle[(i + 1) % 3]), -d.get((cycle[(i + 1) % 3], cycle[i]), 0))
                                for i in range(3)))
            sums = np.array(sums)
            print(f"measured from {start:2d} s for {n * WINDOW:4.1f} s: one duet strays ±{100 * math.sqrt((sums ** 2).mean() / 3):.1f}% "
                  f"({len(sums)} cycles)")


def large_alone(path):
    r = json.load(open(path))[0]
    sm = r['secondaryMetrics']
    cpu = np.array(sm['·cpu.thread']['rawData'][0][10:])
    probe = np.array(sm['·machine.probe']['rawData'][0][10:])
    alloc = np.array(sm['·alloc.bytes']['rawData'][0][10:])
    gc = np.array(sm['gc.count']['rawData'][0][10:])
    x = np.arange(len(cpu))
    trend = np.polyfit(x, np.log(cpu), 1)
    resid = np.log(cpu) - np.polyval(trend, x)
    print('\n## metro signencr/xml large, one JVM pinned alone, 100 x 1 s, from the 11th iteration')
    print(f"CPU time per call: median {np.median(cpu):,.0f} us, interquartile range {100 * (np.percentile(cpu, 75) - np.percentile(cpu, 25)) / np.median(cpu):.1f}% of it, "
          f"{100 * resid.std():.1f}% about its trend ({100 * trend[0] * 10:+.2f}% per 10 s); {np.sum(np.abs(resid) > 0.05)} of {len(cpu)} iterations over 5% off it")
    print(f"allocation per call {alloc.min() / 1e6:.2f}-{alloc.max() / 1e6:.2f} MB (the query mix is the same in every iteration)")
    print(f"correlation of CPU time with: young collections in the iteration {np.corrcoef(cpu, gc)[0, 1]:+.2f}, "
          f"the speed probe after it {np.corrcoef(cpu, probe)[0, 1]:+.2f}")


def threshold_scaling(base, head):
    print('\n## -XX:CompileThresholdScaling=0.3 (head) beside the default (base), signencr/xml small, at the same moment')
    b = forks(base)
    h = forks(head)
    for fb, fh in zip(b, h):
        pb, ph = faster_half(fb['cpu'][-60:]), faster_half(fh['cpu'][-60:])
        kb, sb = settle(fb, 'cpu', jit_limit=3)
        kh, sh = settle(fh, 'cpu', jit_limit=3)
        print(f"{fb['name']}: settled after {sb:3.0f} s default, {sh:3.0f} s scaled; plateau (last 30 s) scaled / default {ph / pb:.3f}")


if __name__ == '__main__':
    all_forks = forks('settling/jmh.json')
    settling_rules(all_forks)
    jit_and_cpu(all_forks, {'small cxf   sign    ', 'small metro signencr'})
    window_moves(all_forks)
    closures(all_forks)
    large_alone('large-alone/jmh.json')
    threshold_scaling('threshold-scaling/base.json', 'threshold-scaling/head.json')
