"""A/A duets of run.sh: CPU time per call of side y over side x, fixed CPUs against CPUs swapped every 100 ms.

python3 pairs.py   (in this directory)
"""
import glob, json, math, statistics as st

res = {}
for f in glob.glob("*.json"):
    mode, side, stack, sec, enc, i = f[:-5].split("-")
    res[(mode, stack, sec, enc, i, side)] = json.load(open(f))[0]["secondaryMetrics"]["·cpu.thread"]["score"]
for mode in ("fixed", "swap"):
    logs = []
    for cfg in (("metro", "plain", "fi"), ("cxf", "plain", "xml")):
        pairs = [(res[(mode,) + cfg + (i, "x")], res[(mode,) + cfg + (i, "y")]) for i in "1234"]
        logs += [math.log(y / x) for x, y in pairs]
        print(mode, "/".join(cfg), " ".join(f"{x:.1f}/{y:.1f}" for x, y in pairs))
    print(f"{mode}: root-mean-square log ratio {math.sqrt(st.mean([v * v for v in logs])):.3f} over {len(logs)} duets")
