"""What stray.py, split.py and designs.py (and the quiet-quarter sample's quietest.py) share: a run's duets read from its jmh.json, and their pooled stray."""
import json, math, collections, statistics as st


def forks_by_duet(run, name=lambda p: '%s/%s' % (p['security'], p['encoding'])):
    """{(a, b): [each duet's two forks' thread CPU time per iteration, (a's, b's), as long as the shorter]}, a and b
    the configurations' names in order, a duet being the two forks of one ·moment.id; also the run's results."""
    results = json.load(open(run + '/jmh.json'))
    forks = collections.defaultdict(list)
    for r in results:
        sm = r['secondaryMetrics']
        for f, t in enumerate(sm['·cpu.thread']['rawData']):
            forks[sm['·moment.id']['rawData'][f][0]].append((name(r['params']), t))
    by = collections.defaultdict(list)
    for pair in forks.values():
        if len(pair) != 2: continue
        (a, ta), (b, tb) = sorted(pair); n = min(len(ta), len(tb))
        by[(a, b)].append((ta[:n], tb[:n]))
    return by, results


def duets(run):
    """{(a, b): [each duet's iterations' 100*ln(a/b) of thread CPU time]}, configurations named security/encoding;
    also the run's results."""
    by, results = forks_by_duet(run)
    return {k: [[100 * math.log(x / y) for x, y in zip(ta, tb)] for ta, tb in v] for k, v in by.items()}, results


def pooled(values_by_pair):
    """The pooled sd of values about their pair's mean, and its degrees of freedom."""
    ss = df = 0
    for v in values_by_pair.values():
        if len(v) > 1:
            m = st.mean(v); ss += sum((x - m) ** 2 for x in v); df += len(v) - 1
    return (math.sqrt(ss / df) if df else float('nan')), df
