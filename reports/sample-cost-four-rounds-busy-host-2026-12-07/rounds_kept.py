"""Write a --beside run's jmh.json keeping only the duets of the given rounds: a pair's n-th duet (in ·moment.id order,
the order they ran) is its round n. So the report can be replayed as a run of fewer rounds would have measured it.
Usage: python3 rounds_kept.py IN.json OUT.json ROUNDS (1-based, comma separated: 1,3)"""
import json, sys, collections

src, out, k = sys.argv[1], sys.argv[2], {int(x) - 1 for x in sys.argv[3].split(",")}
results = json.load(open(src))
name = lambda r: json.dumps(r['params'], sort_keys=True) + r['benchmark']
members = collections.defaultdict(list)
for r in results:
    for f, ids in enumerate(r['secondaryMetrics']['·moment.id']['rawData']):
        members[ids[0]].append(name(r))
rank, seen = {}, collections.Counter()
for mid in sorted(members):
    key = tuple(sorted(members[mid]))
    rank[mid] = seen[key]; seen[key] += 1
for r in results:
    keep = [f for f, ids in enumerate(r['secondaryMetrics']['·moment.id']['rawData']) if rank[ids[0]] in k]
    for m in [r['primaryMetric']] + list(r['secondaryMetrics'].values()):
        if 'rawData' in m:
            m['rawData'] = [m['rawData'][i] for i in keep]
        m.pop('rawDataHistogram', None)
    r['forks'] = len(keep)
json.dump(results, open(out, 'w'), indent=1)
