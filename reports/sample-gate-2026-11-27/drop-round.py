"""What six rounds would have said: judge each seven-round run of this sample again without one of
its rounds, once for each round, on CPU time at 99% and a 2% threshold.

Usage, in this directory: python3 drop-round.py BENCHMARKS_JAR aa-quiet inj-quiet aa-noisy inj5-xml-noisy

A round is a fork of each side run at the same moment, so dropping one drops the same index from
both sides' forks (checked by their moment ids); every secondary metric loses that fork too, so the
judge sees a six-round gate's files. The judge is `compare`, as for the runs' own `judged-cpu.*`.
Prints, for each run and dropped round: the median interval half-width, how many configurations were
called slower or faster per encoding, and the suite's geometric-mean ratio [99% interval].
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path


def without(results, k):
    out = json.loads(json.dumps(results))
    for r in out:
        r['primaryMetric']['rawData'].pop(k)
        for m in r['secondaryMetrics'].values():
            if len(m.get('rawData', [])) == r['forks']:
                m['rawData'].pop(k)
        r['forks'] -= 1
    return out


def main(jar, runs):
    for run in runs:
        base = json.loads(Path(run, 'base.json').read_text())
        head = json.loads(Path(run, 'head.json').read_text())
        for b, h in zip(base, head):
            ids = [[f[0] for f in s['secondaryMetrics']['·moment.id']['rawData']] for s in (b, h)]
            assert b['params'] == h['params'] and ids[0] == ids[1], f'{run}: sides not paired by round'
        for k in range(base[0]['forks']):
            with tempfile.TemporaryDirectory() as tmp:
                files = [Path(tmp, n) for n in ('base.json', 'head.json', 'judged.json')]
                files[0].write_text(json.dumps(without(base, k)))
                files[1].write_text(json.dumps(without(head, k)))
                subprocess.run(['java', '-jar', jar, 'compare', '--paired', '--metric', 'cpu', '--threshold', '2%',
                                '--confidence', '99%', '--json', str(files[2]), str(files[0]), str(files[1])],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                judged = json.loads(files[2].read_text())
            called = {}
            for p in judged['pairs']:
                e = p['params']['encoding']
                called[e] = called.get(e, 0) + (p['verdict'] != 'no change')
            s = judged['suite']
            print(f"{run} without round {k + 1}: half-width {100 * judged['pairedMedianHalfWidth']:.1f}%, "
                  f"called " + ', '.join(f'{e} {n}' for e, n in sorted(called.items()))
                  + f"; suite {s['geometricMeanRatio']:.3f} [{s['ratioLow']:.3f}, {s['ratioHigh']:.3f}]")


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit('usage: python3 drop-round.py BENCHMARKS_JAR RUN_DIRECTORY...')
    main(sys.argv[1], sys.argv[2:])
