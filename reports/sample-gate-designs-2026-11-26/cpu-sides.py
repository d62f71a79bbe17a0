"""Per duet of a same-moment gate: CPU time per call of the side started on CPU 1 over the side started on CPU 0.

python3 cpu-sides.py RUN_DIR   (a directory holding the gate's console.txt, base.json and head.json)
Each configuration's forks are in round order in base.json and head.json (rawData of ·cpu.thread); the
console says which CPU each side of a round started on.
"""
import json, math, re, statistics as st, sys

run = sys.argv[1]
forks = {}
for side in ("base", "head"):
    for b in json.load(open(f"{run}/{side}.json")):
        p = b["params"]
        key = (p["stack"], p["security"], p["encoding"])
        forks[(side, key)] = [st.mean(f) for f in b["secondaryMetrics"]["·cpu.thread"]["rawData"]]
cpu_of = {}
for line in open(f"{run}/console.txt"):
    m = re.match(r"gate: \d+/\d+ round (\d+) (base|head) cpu (\d) .*encoding=(\w+) security=(\w+) stack=([\w.-]+)", line)
    if m:
        r, side, cpu, enc, sec, stack = m.groups()
        cpu_of[(int(r), side, (stack, sec, enc))] = int(cpu)
logs, by_round = [], {}
for (r, side, key), cpu in cpu_of.items():
    if side != "base" or (r, "head", key) not in cpu_of:
        continue
    b, h = forks[("base", key)][r - 1], forks[("head", key)][r - 1]
    on1, on0 = (b, h) if cpu == 1 else (h, b)
    logs.append(math.log(on1 / on0))
    by_round.setdefault(r, []).append(on1 / on0)
print(f"duets {len(logs)}: started on CPU 1 slower in {sum(x > 0 for x in logs)}; "
      f"median ratio {math.exp(st.median(logs)):.3f}, root-mean-square log ratio {math.sqrt(st.mean([x * x for x in logs])):.3f}")
for r in sorted(by_round):
    rs = by_round[r]
    print(f"round {r}: CPU 1 slower in {sum(x > 1 for x in rs)} of {len(rs)}, ratios {min(rs):.2f}-{max(rs):.2f}")
