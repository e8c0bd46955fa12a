#!/usr/bin/env python3
"""Benchmark: time per example, split into parse (Clang) and solve (Z3).

Runs `syncproof check --format json` on every examples/**/*.cu with the
arguments from its `// syncproof-args:` line, REPEAT times (default 3), and
prints a Markdown table of medians: parse seconds, solve seconds, solver
queries, verdict, and the wall time of the whole process. The method and the
recorded results are in docs/results.md.

Usage: scripts/bench-examples.py [--binary build/syncproof] [--repeat 3] [FILE...]
"""
import argparse, glob, json, os, re, statistics, subprocess, sys, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("--binary", default=os.path.join(root, "build", "syncproof"))
ap.add_argument("--repeat", type=int, default=3)
ap.add_argument("files", nargs="*")
opts = ap.parse_args()
files = opts.files or sorted(glob.glob(os.path.join(root, "examples", "**", "*.cu"), recursive=True))

print("| example | verdict | parse s | solve s | queries | wall s |")
print("| --- | --- | ---: | ---: | ---: | ---: |")
totals = [0.0, 0.0, 0.0]
for f in files:
    text = open(f).read()
    args = []
    for m in re.finditer(r"//\s*syncproof-args:\s*(.*)", text):
        args += m.group(1).split()
    parse, solve, wall, queries, verdict = [], [], [], 0, "?"
    for _ in range(opts.repeat):
        t0 = time.monotonic()
        p = subprocess.run([opts.binary, "check", "--format", "json"] + args + [f],
                           capture_output=True, text=True)
        wall.append(time.monotonic() - t0)
        if p.returncode == 2:
            print(f"| {os.path.relpath(f, root)} | error | | | | |")
            break
        out = json.loads(p.stdout)
        verdict = out["verdict"]
        parse.append(sum(k["stats"]["parse_seconds"] for k in out["kernels"]))
        solve.append(sum(k["stats"]["solve_seconds"] for k in out["kernels"]))
        queries = sum(k["stats"]["queries"] for k in out["kernels"])
    if not parse:
        continue
    mp, ms, mw = statistics.median(parse), statistics.median(solve), statistics.median(wall)
    totals[0] += mp; totals[1] += ms; totals[2] += mw
    print(f"| {os.path.relpath(f, root)} | {verdict} | {mp:.2f} | {ms:.2f} | {queries} | {mw:.2f} |")
print(f"| **total ({len(files)} files)** | | **{totals[0]:.1f}** | **{totals[1]:.1f}** | | **{totals[2]:.1f}** |")
