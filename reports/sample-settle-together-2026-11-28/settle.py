"""Per gate directory: how far apart a round's two forks stopped settling (head - base, seconds) and first
met the rule alone, against how far the round's log ratio head/base of CPU time per call strays from its
configuration's median round; then the rounds' stray (sd about the configuration's mean) for rounds whose
forks stopped settling within 3 s of each other and for the rest."""
import json, math, statistics as st, sys

def load(p):
    return {tuple(sorted(r['params'].items())): r for r in json.load(open(p))}

def raw(r, name):
    m = r['secondaryMetrics'].get(name)
    return m['rawData'] if m else None

for d in sys.argv[1:]:
    b, h = load(d + '/base.json'), load(d + '/head.json')
    together, apart, rows = [], [], []
    for k in sorted(b):
        if k not in h:
            continue
        p = dict(k)
        tb, th = raw(b[k], '·cpu.thread'), raw(h[k], '·cpu.thread')
        wb, wh = raw(b[k], '·steady.warmup'), raw(h[k], '·steady.warmup')
        mb, mh = raw(b[k], '·steady.met'), raw(h[k], '·steady.met')
        rl = [math.log(st.mean(y) / st.mean(x)) for x, y in zip(tb, th)]
        mean, med = st.mean(rl), st.median(rl)
        for f, v in enumerate(rl):
            dw = wh[f][0] - wb[f][0]
            dm = (mh[f][0] - mb[f][0]) if mb and mh else float('nan')
            (together if abs(dw) < 3 else apart).append(v - mean)
            rows.append('  %-6s %-9s %-3s r%d  settled %6.1f/%6.1f s (head-base %+5.1f)  met alone head-base %+6.1f s  '
                        'round %+6.1f%% from the median' % (p['stack'], p['security'], p['encoding'], f + 1,
                        wb[f][0], wh[f][0], dw, dm, 100 * (v - med)))
    print(d)
    print('\n'.join(rows))
    sd = lambda xs: math.sqrt(sum(x * x for x in xs) / len(xs)) if xs else float('nan')
    print('  rounds whose forks stopped settling within 3 s: %d, stray (rms about their configuration mean) %.1f%%'
          % (len(together), 100 * sd(together)))
    print('  rounds 3 s or more apart: %d, stray %.1f%%' % (len(apart), 100 * sd(apart)))
