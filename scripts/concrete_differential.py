#!/usr/bin/env python3
# Differential test of the concrete prover (docs/concrete.md): every example at a derived fixed
# launch (each range replaced by a value in it), the concrete prover alone (SYNCPROOF_CONCRETE=only)
# against the symbolic checker alone (SYNCPROOF_CONCRETE=0) for the kernels the prover proves.
# DISAGREE (proved by one, refuted by the other) is a soundness bug of one of them; "gain" is a
# kernel only the prover decides.  Usage: scripts/concrete_differential.py [build/syncproof]
import glob, json, os, re, shlex, subprocess, sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
SP = sys.argv[1] if len(sys.argv) > 1 else 'build/syncproof'
files = sorted(glob.glob('examples/**/*.cu', recursive=True) + glob.glob('tests/foreign/*.cu'))
def fix_dims(v, dflt):
    out = []
    for i, d in enumerate(v.split(',')):
        if ':' in d:
            lo, hi = (int(x) for x in d.split(':'))
            pick = dflt if i == 0 else 1
            out.append(str(min(hi, max(lo, pick))))
        else:
            out.append(d)
    return ','.join(out)
for f in files:
    src = open(f).read()
    m = re.search(r'syncproof-args:(.*)', src)
    args = shlex.split(m.group(1).replace('%S', os.path.dirname(f))) if m else []
    new = []; have_grid = have_block = False
    i = 0
    while i < len(args):
        a = args[i]
        key, val = (a.split('=', 1) + [None])[:2] if a.startswith('--') and '=' in a else (a, None)
        if key in ('--grid', '--block', '--param') and val is None and i + 1 < len(args):
            val = args[i + 1]; i += 1
        if key == '--grid': new += ['--grid', fix_dims(val, 2)]; have_grid = True
        elif key == '--block': new += ['--block', fix_dims(val, 64)]; have_block = True
        elif key == '--param':
            n, r = val.split('=', 1)
            if ':' in r:
                lo, hi = (int(x, 0) for x in r.split(':'))
                r = str(min(hi, max(lo, 4)))
            new += ['--param', f'{n}={r}']
        else: new.append(a if val is None else f'{key}={val}')
        i += 1
    if not have_grid: new += ['--grid', '2']
    if not have_block: new += ['--block', '64']
    env = dict(os.environ, SYNCPROOF_CONCRETE='only')
    try:
        p = subprocess.run([SP, 'check', '--format', 'json'] + new + [f], capture_output=True, text=True, timeout=60, env=env)
        rep = json.loads(p.stdout)
    except Exception as e:
        print(f'ERR | {f} | {e}', flush=True); continue
    for k in rep['kernels']:
        if k['verdict'] != 'proved':
            continue
        env2 = dict(os.environ, SYNCPROOF_CONCRETE='0')
        try:
            q = subprocess.run([SP, 'check', '--format', 'json', '--kernel', k['name']] + new + [f], capture_output=True, text=True, timeout=120, env=env2)
            r2 = json.loads(q.stdout)['kernels'][0]
            sv = r2['verdict']; msgs = '; '.join(x['message'][:120] for x in r2['findings'][:2])
        except Exception as e:
            sv = 'timeout/err'; msgs = str(e)[:80]
        tag = 'DISAGREE' if sv == 'violations' else 'agree' if sv == 'proved' else 'gain'
        print(f'{tag} | {f} | {k["name"]} | {" ".join(new)} | symbolic: {sv} | {msgs}', flush=True)
