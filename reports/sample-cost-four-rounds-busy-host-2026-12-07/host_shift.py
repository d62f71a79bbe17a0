"""CXF's cost of security in every cost run on small, as this commit's report reads them: the speed probe
the run met, plain's and sign's CPU time per call, and each mode over plain with its 99.9% interval.
Usage: python3 host_shift.py LABEL=SUMMARY.md ..."""
import os, re, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'sample-cost-duets-quiet-and-noisy-2026-12-05'))
from cost_agree import costs


def cpu_times(path):
    out = {}
    for line in open(path, encoding='utf-8'):
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) >= 7 and cells[0] == 'cxf' and cells[2] in ('xml', 'fi'):
            out.setdefault((cells[1], cells[2]), float(re.search(r'[\d.,]+$', cells[5]).group().replace(',', '')))
    return out


if __name__ == '__main__':
    print('%-34s %-15s %9s %9s  %-22s %-22s %-22s' % ('run', 'probe (ms)', 'plain µs', 'sign µs', 'sign/plain xml', 'signencr/plain xml', 'sign/plain fi'))
    for arg in sys.argv[1:]:
        label, md = arg.split('=', 1)
        text = open(md, encoding='utf-8').read()
        probe = re.search(r'speed probe, run after every iteration\) took ([\d.]+) to ([\d.]+) ms', text)
        t, c = cpu_times(md), costs(md)
        def ratio(sec, enc):
            r = c.get(('cxf', 'small', enc, sec + ' / plain'))
            return '%.1f [%.1f, %.1f]' % r if r else '-'
        print('%-34s %-15s %9.1f %9.0f  %-22s %-22s %-22s' % (label, '%s-%s' % probe.groups(), t[('plain', 'xml')], t[('sign', 'xml')],
              ratio('sign', 'xml'), ratio('signencr', 'xml'), ratio('sign', 'fi')))
