"""Write a gate run's base.json and head.json keeping only some of its rounds (forks), so the gate's
judgement can be replayed on fewer rounds from the same measurements. A run of R rounds measured in
order, with its last round dropped, is what a run of R-1 rounds would have measured.
Usage: python3 rounds_kept.py RUN_DIR OUT_DIR ROUND... (0-based round indices to keep)"""
import json, os, sys


def keep_forks(result, forks):
    """One JMH result with only the given forks (indices into every metric's rawData), as if only they had run."""
    for m in [result['primaryMetric']] + list(result['secondaryMetrics'].values()):
        if 'rawData' in m:
            m['rawData'] = [m['rawData'][i] for i in forks]
        m.pop('rawDataHistogram', None)
    result['forks'] = len(forks)


def kept(path, rounds):
    results = json.load(open(path))
    for r in results:
        keep_forks(r, rounds)
    return results


if __name__ == '__main__':
    run, out, rounds = sys.argv[1], sys.argv[2], [int(a) for a in sys.argv[3:]]
    os.makedirs(out, exist_ok=True)
    for side in ('base.json', 'head.json'):
        json.dump(kept(os.path.join(run, side), rounds), open(os.path.join(out, side), 'w'))
