"""Seconds each fork settled (·steady.warmup) and whether it met the rule (·steady.reached), per gate run.
Usage: python3 settle.py DIR..."""
import json, sys, statistics as st
for d in sys.argv[1:]:
    w = []; ceiling = 0
    for side in ('base', 'head'):
        for r in json.load(open(d + '/' + side + '.json')):
            sm = r['secondaryMetrics']
            for f, reached in zip(sm['·steady.warmup']['rawData'], sm['·steady.reached']['rawData']):
                w.append(f[0]); ceiling += reached[0] == 0
    print('%s: %d forks, settled in a median of %.0f s (10th-90th %.0f-%.0f s), %d at the ceiling'
          % (d, len(w), st.median(w), st.quantiles(w, n=10)[0], st.quantiles(w, n=10)[-1], ceiling))
