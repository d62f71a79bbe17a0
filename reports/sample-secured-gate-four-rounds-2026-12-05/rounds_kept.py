"""Write a gate run's base.json and head.json keeping only some of its rounds (forks), so the gate's
judgement can be replayed on fewer rounds from the same measurements. A run of R rounds measured in
order, with its last round dropped, is what a run of R-1 rounds would have measured.
Usage: python3 rounds_kept.py RUN_DIR OUT_DIR ROUND... (0-based round indices to keep)"""
import json, os, sys

def kept(path, rounds):
    results = json.load(open(path))
    for r in results:
        metrics = [r['primaryMetric']] + list(r['secondaryMetrics'].values())
        for m in metrics:
            if 'rawData' in m:
                m['rawData'] = [m['rawData'][i] for i in rounds]
            m.pop('rawDataHistogram', None)
        r['forks'] = len(rounds)
    return results

run, out, rounds = sys.argv[1], sys.argv[2], [int(a) for a in sys.argv[3:]]
os.makedirs(out, exist_ok=True)
for side in ('base.json', 'head.json'):
    json.dump(kept(os.path.join(run, side), rounds), open(os.path.join(out, side), 'w'))
