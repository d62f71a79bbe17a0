"""Per fork of first/ and second/ (python3 iterations.py): the JIT's share of each measured iteration's wall time and
the thread's CPU time per call, and the iterations in which the JIT compiled for 10% or more."""
import glob, json, os, statistics
here = os.path.dirname(os.path.abspath(__file__))
for path in sorted(glob.glob(os.path.join(here, '*', '*-axis2-*.json'))):
    sm = json.load(open(path))[0]['secondaryMetrics']
    cpu, jit = sm['·cpu.thread']['rawData'][0], sm['·jit.share']['rawData'][0]
    busy = [i + 1 for i, j in enumerate(jit) if j >= 10]
    name = os.path.relpath(path, here)[:-5]
    print('%-18s JIT %% ' % name + ' '.join('%5.1f' % j for j in jit) + '  | max %5.1f%%, iterations >= 10%%: %s' % (max(jit), busy or '-'))
    print('%-18s µs   ' % '' + ' '.join('%5.0f' % c for c in cpu) + '  | median %5.0f' % statistics.median(cpu))
