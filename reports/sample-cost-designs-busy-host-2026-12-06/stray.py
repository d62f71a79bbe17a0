"""Per run: each duet's log ratio (median over iterations of 100*ln(a/b), thread CPU time), its iterations' sd,
the pooled stray of duets per pair, and the machine's state. Usage: python3 stray.py DIR ..."""
import sys, statistics as st
from duets import duets, pooled
for d in sys.argv[1:]:
    by, rs = duets(d)
    raw = lambda r, k: [x for f in r['secondaryMetrics'].get(k, {'rawData': []})['rawData'] for x in f]
    pr = [x for r in rs for x in raw(r, '·machine.probe')]; ot = [x for r in rs for x in raw(r, '·machine.others')]
    sl = [x for r in rs for x in raw(r, '·machine.steal')]
    print('==', d, ' probe median %.2f ms (10th-90th %.2f-%.2f), others median %.1f%%, steal mean %.2f%%' % (
        st.median(pr) / 1e3, sorted(pr)[len(pr) // 10] / 1e3, sorted(pr)[9 * len(pr) // 10] / 1e3,
        st.median(ot) if ot else float('nan'), st.mean(sl) if sl else float('nan')))
    medians = {k: [st.median(lr) for lr in v] for k, v in by.items()}
    for k, v in sorted(medians.items()):
        print('  %-13s / %-13s duets %s  sd %.1f' % (k[0], k[1], ' '.join('%.1f' % x for x in v), st.stdev(v) if len(v) > 1 else float('nan')))
    print('  pooled stray of a duet %.2f%% (%d df); iterations within a duet sd median %.1f%%' % (
        *pooled(medians), st.median(st.stdev(lr) for v in by.values() for lr in v)))
