"""Settling traces of noisy-same-cpu/ (each window of each fork's settling: index, seconds, calls, wall ns, JIT ms,
thread CPU ns, printed by a jar of d9e0e3c with one added trace line) against each fork's measured CPU time, and when
other rules would have ended settling: today's; the span grown to a quarter of the windows so far; the JIT at 1%;
the rule met over two spans in a row. Partners ignored (each fork alone). Usage: python3 traces.py settling-traces.txt.gz"""
import gzip, re, sys, statistics as st, collections
forks = []
for line in gzip.open(sys.argv[1], 'rt'):
    p = line.split()
    if p[0] == 'fork':
        forks.append(dict(log=p[1], name=p[2].replace('/', ' '), cpu=float(p[4]), first=float(p[6]), last=float(p[8]), tr=[], stop=None, met=None, steady=None))
    elif line.startswith('# trace '):
        forks[-1]['tr'].append(tuple(float(x) for x in p[2:]))
    else:
        s = re.search(r'(steady|NOT steady) after ([\d.]+) s', line); m = re.search(r'first met the rule at ([\d.]+) s', line)
        forks[-1].update(stop=float(s.group(2)), steady=s.group(1) == 'steady', met=float(m.group(1)) if m else None)
by = collections.defaultdict(list)
for f in forks: by[f['name']].append(f)

def judge(tr, n, span_windows, jit_limit=0.03, fall_limit=0.03):
    """today's rule on windows[:n], with a given span (windows per half = span/2)"""
    w = tr[:n]
    half = span_windows // 2
    while 2 * half <= len(w) and (sum(x[2] for x in w[-half:]) < 40 or sum(x[2] for x in w[-2*half:-half]) < 40):
        half += 1
    if 2 * half > len(w): return False
    a, b = w[-2*half:-half], w[-half:]
    wall = sum(x[3] for x in w[-2*half:]); jit = sum(x[4] for x in w[-2*half:])
    def fh(ws):
        s = sorted(ws, key=lambda x: x[5] / x[2])[:(len(ws) + 1) // 2]
        return sum(x[5] for x in s) / sum(x[2] for x in s)
    fall = 1 - fh(b) / fh(a)
    return fall <= fall_limit and jit * 1e6 / wall <= jit_limit

def when(tr, rule):
    calls = 0
    for n in range(1, len(tr) + 1):
        calls += tr[n-1][2]
        if rule(tr, n, calls): return n
    return None

def cpu_at(tr, n, k=10):
    w = tr[max(0, n-k):n]
    return sum(x[5] for x in w) / sum(x[2] for x in w) / 1e3

rules = {
  'today': lambda tr, n, c: judge(tr, n, 10),
  'quarter': lambda tr, n, c: judge(tr, n, max(10, 2 * ((n // 4) // 2))),
  'jit1%': lambda tr, n, c: judge(tr, n, 10, jit_limit=0.01),
  'twice': lambda tr, n, c: judge(tr, n, 10) and n >= 20 and judge(tr, n - 10, 10),
}
for name, fs in sorted(by.items()):
    med = st.median(f['cpu'] for f in fs)
    print('==', name, 'median of forks %.1f µs' % med)
    for f in fs:
        tr = f['tr']
        t = lambda n: tr[n-1][1] if n else float('nan')
        s = '  %-22s cpu %8.1f (%+5.1f%%) first4 %8.1f last4 %8.1f  met %6s stop %6s %s' % (f['log'], f['cpu'], 100 * (f['cpu'] / med - 1),
             f['first'], f['last'], f['met'], f['stop'], '' if f['steady'] else 'CEIL')
        for rn, rule in rules.items():
            n = when(tr, rule)
            s += ' | %s %5.1f' % (rn, t(n)) if n else ' | %s  -  ' % rn
        print(s)
