#!/usr/bin/env python3
"""The first K rounds of a gate run, as the gate would have written them had it stopped there.

python3 rounds.py RUN_DIR K OUT_DIR   (RUN_DIR holds the gate's base.json and head.json)
The gate joins each configuration's forks in round order (ForkMerge), so the first K rounds are the
first K forks of every rawData list. Judge them as the run was:
java -jar benchmarks.jar compare --paired --metric cpu --threshold 2% --confidence 99% OUT_DIR/base.json OUT_DIR/head.json
"""
import json, os, statistics, sys

run, k, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
os.makedirs(out, exist_ok=True)
for side in ("base", "head"):
    results = json.load(open(os.path.join(run, side + ".json")))
    for r in results:
        pm = r["primaryMetric"]
        pm["rawData"] = pm["rawData"][:k]
        pm["score"] = statistics.mean(v for fork in pm["rawData"] for v in fork)
        for key in ("scoreError", "scoreConfidence", "scorePercentiles"):
            pm.pop(key, None)
        r["forks"] = len(pm["rawData"])
        for name, metric in r.get("secondaryMetrics", {}).items():
            metric["rawData"] = metric["rawData"][:k]
            forks = [statistics.mean(fork) for fork in metric["rawData"]]
            # as ForkMerge: the steady-state evidence keeps the worst fork, the rest the forks' mean
            metric["score"] = (min(forks) if name.endswith("steady.reached") else max(forks)
                               if name.endswith("steady.warmup") else statistics.mean(forks))
    json.dump(results, open(os.path.join(out, side + ".json"), "w"), indent=1)
