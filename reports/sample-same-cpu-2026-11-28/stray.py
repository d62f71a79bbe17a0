"""Per configuration: the rounds' log ratios head/base of thread CPU time per call, their spread around
the configuration's mean (the round stray), and the spread of paired iterations within a round."""
import json, math, statistics as st, sys
def load(p):
    return {tuple(sorted(r['params'].items())): r for r in json.load(open(p))}
for d in sys.argv[1:]:
    b, h = load(d + '/base.json'), load(d + '/head.json')
    rounds_all, iters_all, jit = [], [], []
    print(d)
    for k in b:
        if k not in h: continue
        bt = b[k]['secondaryMetrics']['·cpu.thread']['rawData']; ht = h[k]['secondaryMetrics']['·cpu.thread']['rawData']
        bj = b[k]['secondaryMetrics']['·jit.share']['rawData']; hj = h[k]['secondaryMetrics']['·jit.share']['rawData']
        rl = []
        for f in range(min(len(bt), len(ht))):
            x = [math.log(y / z) for y, z in zip(ht[f], bt[f])]
            rl.append(math.log(st.mean(ht[f]) / st.mean(bt[f])))
            m = st.mean(x); iters_all += [v - m for v in x]
            jit += bj[f] + hj[f]
        m = st.mean(rl); rounds_all += [v - m for v in rl]
        p = dict(k)
        print('  %-6s %-9s %-3s mean %+.1f%%  rounds sd %.1f%%  (%s)' % (p['stack'], p['security'], p['encoding'], 100 * m,
              100 * st.stdev(rl), ' '.join('%+.1f' % (100 * v) for v in rl)))
    n = len(rounds_all); k = len(b)
    print('  pooled round sd %.2f%% (df %d); paired-iteration sd %.1f%%; JIT share median %.0f%%, >10%% in %d of %d iterations'
          % (100 * math.sqrt(sum(v * v for v in rounds_all) / (n - k)), n - k, 100 * st.pstdev(iters_all),
             st.median(jit), sum(1 for j in jit if j > 10), len(jit)))
