"""Settling and the first measured iteration: a main job against the 2026-11-28 four-stack sample."""
import json, sys, statistics as st
def load(p):
    out = {}
    for r in json.load(open(p)):
        pr = r.get('params', {})
        key = (r['benchmark'].split('.')[-2] + '.' + r['benchmark'].split('.')[-1], pr.get('stack', '-'), pr.get('security', '-'), pr.get('encoding', '-'))
        out[key] = r['secondaryMetrics']
    return out
old, new = load(sys.argv[1]), load(sys.argv[2])
def first_ratio(sm):
    vals = []
    for f in sm['·cpu.thread']['rawData']:
        vals.append(f[0] / st.median(f[1:5]))
    return vals
def jit1(sm):
    return [f[0] for f in sm['·jit.share']['rawData']]
rows = []
for k in sorted(set(old) & set(new)):
    o, n = old[k], new[k]
    if '·steady.warmup' not in o or '·steady.warmup' not in n:
        continue
    rows.append((k, max(max(f) for f in o['·steady.warmup']['rawData']), max(max(f) for f in n['·steady.warmup']['rawData']),
                 min(min(f) for f in o['·steady.reached']['rawData']), min(min(f) for f in n['·steady.reached']['rawData']),
                 first_ratio(o), first_ratio(n), jit1(o), jit1(n)))
groups = {}
for r in rows:
    k = r[0]
    g = (k[0], 'plain/username' if k[2] in ('plain', 'username') else 'sign/signencr' if k[2] != '-' else '-')
    groups.setdefault(g, []).append(r)
print('%-28s %-15s %3s  %-17s %-17s %-9s %-23s %-23s' % ('benchmark', 'security', 'n', 'settle s old/new', 'ceiling old/new', '', 'iter1/median(2-5) old/new', 'JIT% iter1 old/new'))
for g, rs in sorted(groups.items()):
    so = st.median([r[1] for r in rs]); sn = st.median([r[2] for r in rs])
    co = sum(r[3] < 1 for r in rs); cn = sum(r[4] < 1 for r in rs)
    fo = st.median([x for r in rs for x in r[5]]); fn = st.median([x for r in rs for x in r[6]])
    jo = st.median([x for r in rs for x in r[7]]); jn = st.median([x for r in rs for x in r[8]])
    print('%-28s %-15s %3d  %6.1f / %-8.1f %4d / %-10d %-9s %.3f / %.3f           %5.1f / %.1f' % (g[0], g[1], len(rs), so, sn, co, cn, '', fo, fn, jo, jn))
allo = [x for r in rows for x in r[5]]; alln = [x for r in rows for x in r[6]]
print('all: iter1 over median of 2-5: old median %.3f (share over +3%%: %d/%d), new %.3f (%d/%d)' % (
    st.median(allo), sum(x > 1.03 for x in allo), len(allo), st.median(alln), sum(x > 1.03 for x in alln), len(alln)))
print('settle seconds summed over duets (longest fork): old %.0f, new %.0f' % (sum(r[1] for r in rows), sum(r[2] for r in rows)))
