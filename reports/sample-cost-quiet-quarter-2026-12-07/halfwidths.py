"""The cost tables of a report's summary.md: each ratio's 99.9% half-width (half the log width, in %), their median, how many over 10%."""
import os, re, sys, math, statistics as st
def cost_ratios(md):
    text = open(md).read()
    sec = text[text.index('## Security overhead'):]
    sec = sec[:sec.index('\n## ', 5)]
    out = {}
    for line in sec.splitlines():
        if not line.startswith('|') or '---' in line or 'stack' in line: continue
        cells = [c.strip() for c in line.strip('|').split('|')]
        for i, c in enumerate(cells):
            m = re.match(r'([\d.,]+)×? \[([\d.,]+), ([\d.,]+)\]', c)
            if m:
                v, lo, hi = (float(x.replace(',', '')) for x in m.groups())
                out[(tuple(cells[:3]), i)] = (v, 100 * math.log(hi / lo) / 2)
    return out
if __name__ == '__main__':
    for md in sys.argv[1:]:
        r = cost_ratios(md); hw = [h for v, h in r.values()]
        print('%-62s %2d ratios, median ±%.1f%%, max ±%.1f%%, over 10%%: %d' % (os.path.basename(os.path.dirname(md)), len(hw), st.median(hw), max(hw), sum(h > 10 for h in hw)))
