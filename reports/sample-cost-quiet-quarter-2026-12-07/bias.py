import sys, numpy as np
from quietest import duets, est
for run in sys.argv[1:]:
    by = duets(run); d4 = []; dm = []
    for pair, ds in by.items():
        m = np.mean([est('median', a, b) for a, b in ds]); q = np.mean([est('quiet-4', a, b) for a, b in ds]); n = np.mean([est('min-4', a, b) for a, b in ds])
        d4.append(q - m); dm.append(n - m)
    print('%-50s quiet-4 - median: mean %+.2f%% |%.2f%%|   min-4 - median: mean %+.2f%% |%.2f%%|' % (run[-50:], np.mean(d4), np.mean(np.abs(d4)), np.mean(dm), np.mean(np.abs(dm))))
