"""Write a --beside run's jmh.json keeping only the duets of the given rounds: a pair's n-th duet (in ·moment.id order,
the order they ran) is its round n. So the report can be replayed as a run of fewer rounds would have measured it.
Forks are cut as the four-rounds gate sample's rounds_kept.py cuts a gate's rounds.
Usage: python3 duet_rounds_kept.py IN.json OUT.json ROUNDS (1-based, comma separated: 1,3)"""
import collections, json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'sample-secured-gate-four-rounds-2026-12-05'))
from rounds_kept import keep_forks

src, out, rounds = sys.argv[1], sys.argv[2], {int(x) - 1 for x in sys.argv[3].split(',')}
results = json.load(open(src))
name = lambda r: json.dumps(r['params'], sort_keys=True) + r['benchmark']
members = collections.defaultdict(list)   # moment id -> the two configurations of its duet
for r in results:
    for ids in r['secondaryMetrics']['·moment.id']['rawData']:
        members[ids[0]].append(name(r))
rank, seen = {}, collections.Counter()    # moment id -> its duet's round (0-based) within its pair
for mid in sorted(members):
    pair = tuple(sorted(members[mid]))
    rank[mid] = seen[pair]; seen[pair] += 1
for r in results:
    keep_forks(r, [f for f, ids in enumerate(r['secondaryMetrics']['·moment.id']['rawData']) if rank[ids[0]] in rounds])
json.dump(results, open(out, 'w'), indent=1)
