"""The cost tables of a report's summary.md, read by the cost_agree.py of the 2026-12-05 sample: each ratio's
99.9% half-width (half the log width, in %), their median, how many over 10%. Usage: python3 halfwidths.py SUMMARY.md ..."""
import os, sys, statistics as st
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'sample-cost-duets-quiet-and-noisy-2026-12-05'))
from cost_agree import costs, half

if __name__ == '__main__':
    for md in sys.argv[1:]:
        hw = [100 * half(r) for r in costs(md).values()]
        print('%-62s %2d ratios, median ±%.1f%%, max ±%.1f%%, over 10%%: %d' % (os.path.basename(os.path.dirname(md)), len(hw), st.median(hw), max(hw), sum(h > 10 for h in hw)))
