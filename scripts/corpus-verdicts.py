#!/usr/bin/env python3
"""Runs syncproof over an independent corpus folder (tests/corpus/NAME/) the way
tests/corpus_test.cpp does and writes NAME/verdicts.txt: one line per file with
the verdict, the truth from its header, the seconds it took and the first finding.
Notes after '#' that a person wrote are kept. Usage:
    scripts/corpus-verdicts.py build/syncproof tests/corpus/loops [-j 2]
"""
import concurrent.futures, os, re, subprocess, sys, time

RLIMIT = "5000000"  # as tests/corpus_test.cpp
QUERY_TIMEOUT_MS = "3600000"  # as tests/corpus_test.cpp: the clock never decides a verdict


def header(path):
    args, expect = [], ""
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r"\s*//\s*syncproof-args:\s*(.*)$", line)
        if m:
            args += m.group(1).split()
        m = re.match(r"\s*//\s*corpus-expect:\s*(.*?)\s*$", line)
        if m and not expect:
            expect = m.group(1)
    return args, expect


def run(binary, path):
    args, expect = header(path)
    t0 = time.time()
    p = subprocess.run([binary, "check", "--rlimit", RLIMIT, "--budget", "0", "--timeout", QUERY_TIMEOUT_MS] + args + [path],
                       capture_output=True, text=True, errors="replace")
    secs = time.time() - t0
    verdict = {0: "proved", 1: "violations", 2: "input-error", 3: "unknown"}.get(p.returncode, "crash")
    first = ""
    for line in (p.stdout + p.stderr).splitlines():
        if "error:" in line or "warning:" in line:
            first = line.split(": ", 1)[-1][:160]
            break
    return os.path.basename(path), verdict, expect, secs, first


def main():
    binary, folder = sys.argv[1], sys.argv[2].rstrip("/")
    jobs = int(sys.argv[sys.argv.index("-j") + 1]) if "-j" in sys.argv else 2
    files = sorted(f for f in os.listdir(folder) if f.endswith(".cu"))
    # --only a.cu,b.cu: run these files again, keep the other lines as they are.
    only = set(sys.argv[sys.argv.index("--only") + 1].split(",")) if "--only" in sys.argv else None
    old, oldVerdict = {}, {}
    vpath = os.path.join(folder, "verdicts.txt")
    if os.path.exists(vpath):
        for line in open(vpath):
            if line.strip() and not line.startswith("#"):
                name = line.split()[0]
                note = line.split("#", 1)[1].strip() if "#" in line else ""
                old[name] = note
                oldVerdict[name] = line.split()[1]
    results = {}
    todo = [f for f in files if only is None or f in only or f not in oldVerdict]
    for f in files:
        if f not in todo:
            results[f] = None
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        futs = {ex.submit(run, binary, os.path.join(folder, f)): f for f in todo}
        for fut in concurrent.futures.as_completed(futs):
            name, verdict, expect, secs, first = fut.result()
            results[name] = (name, verdict, expect, secs, first)
            print(f"{verdict:12s} {secs:6.1f}s {expect:22s} {name}", flush=True)
    out = ["# syncproof's verdict on each file (tests/corpus/README.md); written by scripts/corpus-verdicts.py",
           "# FILE VERDICT # truth | seconds | first finding"]
    for f in files:
        if results[f] is None:
            out.append(f"{f} {oldVerdict[f]} # {old[f]}")
            continue
        name, verdict, expect, secs, first = results[f]
        note = old.get(name, "")
        # A hand-written note (a false alarm explained) is kept while the
        # verdict it explains stands; otherwise the note is written anew.
        if (not note or note.startswith("truth:") or oldVerdict.get(name) != verdict
                or (note.startswith("false alarm") and verdict != "violations")):
            note = f"truth: {expect} | {secs:.0f} s | {first}"
            if expect == "correct" and verdict == "violations":
                note = "false alarm: " + note
            if expect.startswith("buggy") and verdict == "proved":
                note = "FALSE PROOF: " + note
        out.append(f"{name} {verdict} # {note}")
    open(vpath, "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
