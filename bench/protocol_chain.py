#!/usr/bin/env python3
"""Benchmark: check time of a producer/consumer chain between blocks (issue 3).

Generates a kernel in which, at every step s, block b waits for block b-1's flag of that
step (volatile spin + __threadfence), reads the value block b-1 wrote, writes its own and
publishes it (__threadfence + atomicExch). The steps are unrolled (waits inside loops are
not modelled yet, docs/memory-model.md), so a run with S steps has S awaits and S signals.
The grid is 132 blocks (one per H200 SM), cooperative. For each S it runs
`syncproof check` and prints verdict, wall seconds and the queries made.

--loop: the same chain written as the loop it is (`for (s = 0; s < steps; ++s)`: the kernel
examples/protocols/chain_loop_ok.cu), checked with `--param steps=S` (S steps exactly) and with
`--param steps=1:S` (every step count up to S, one proof).

  bench/protocol_chain.py [--syncproof build/syncproof] [--steps 1,2,4,8] [--loop] [--timeout 600]
"""
import argparse, json, os, subprocess, sys, tempfile, time

def kernel(steps):
    lines = ["__global__ void chain(float* data, unsigned* flags) {",
             "  unsigned b = blockIdx.x, t = threadIdx.x;"]
    for s in range(steps):
        lines += [
            f"  // step {s}",
            f"  if (b > 0 && t == 0) {{",
            f"    while (((volatile unsigned*)flags)[{s} * 132 + b - 1] == 0u) {{}}",
            f"    __threadfence();",
            f"  }}",
            f"  __syncthreads();",
            f"  data[({s} * 132 + b) * 256 + t] = (b > 0 ? data[({s} * 132 + b - 1) * 256 + t] : 0.0f) + 1.0f;",
            f"  __syncthreads();",
            f"  if (t == 0) {{",
            f"    __threadfence();",
            f"    atomicExch(&flags[{s} * 132 + b], 1u);",
            f"  }}",
        ]
    lines.append("}")
    return "\n".join(lines) + "\n"

def loop_kernel():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "examples", "protocols", "chain_loop_ok.cu")) as f:
        return f.read()

def run(a, path, extra, label):
    t0 = time.time()
    try:
        p = subprocess.run([a.syncproof, "check", "--format", "json", "--block", "256", "--grid", "132",
                            "--cooperative"] + extra + [path], capture_output=True, text=True, timeout=a.timeout)
        wall = time.time() - t0
        k = json.loads(p.stdout)["kernels"][0]
        print(f"{label:>12} {k['verdict']:>10} {wall:>8.1f} {k['stats']['queries']:>8}", flush=True)
    except subprocess.TimeoutExpired:
        print(f"{label:>12} {'timeout':>10} {a.timeout:>8.1f} {'-':>8}", flush=True)

def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--syncproof", default=os.path.join(here, "..", "build", "syncproof"))
    ap.add_argument("--steps", default="1,2,4,8")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--loop", action="store_true")
    a = ap.parse_args()
    if a.loop:
        with tempfile.NamedTemporaryFile("w", suffix=".cu", delete=False) as f:
            f.write(loop_kernel())
            path = f.name
        print(f"{'steps':>12} {'verdict':>10} {'wall s':>8} {'queries':>8}")
        try:
            for steps in [int(x) for x in a.steps.split(",")]:
                run(a, path, ["--param", f"steps={steps}"], str(steps))
                run(a, path, ["--param", f"steps=1:{steps}"], f"1:{steps}")
        finally:
            os.unlink(path)
        return
    print(f"{'steps':>6} {'verdict':>10} {'wall s':>8} {'queries':>8}")
    for steps in [int(x) for x in a.steps.split(",")]:
        with tempfile.NamedTemporaryFile("w", suffix=".cu", delete=False) as f:
            f.write(kernel(steps))
            path = f.name
        t0 = time.time()
        try:
            p = subprocess.run([a.syncproof, "check", "--format", "json", "--block", "256", "--grid", "132",
                                "--cooperative", path], capture_output=True, text=True, timeout=a.timeout)
            wall = time.time() - t0
            rep = json.loads(p.stdout)
            k = rep["kernels"][0]
            print(f"{steps:>6} {k['verdict']:>10} {wall:>8.1f} {k['stats']['queries']:>8}", flush=True)
        except subprocess.TimeoutExpired:
            print(f"{steps:>6} {'timeout':>10} {a.timeout:>8.1f} {'-':>8}", flush=True)
        finally:
            os.unlink(path)

if __name__ == "__main__":
    main()
