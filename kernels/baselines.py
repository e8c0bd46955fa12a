#!/usr/bin/env python3
"""PyTorch baselines for one Llama-3.2-1B-shaped decode step (bf16, batch 1), same GPU.

    python3 baselines.py [--kv 128,512,2048] [--compile reduce-overhead|default|none]

For each KV length L the step appends the token at position L-1 and attends to L positions
(the megakernel's convention). Variants: eager; the same step captured in one CUDA graph and
replayed; torch.compile (the mode given). Each is timed with CUDA events around each call
after warm-up; the median is printed (eager: 30 calls, others: 200).
"""
import argparse
import math
import time

import torch
import torch.nn.functional as Fn

D, NQ, NKV, HD, F, V, NL = 2048, 32, 8, 64, 8192, 128256, 16
EPS, THETA = 1e-5, 500000.0


def make_model(dev, max_pos=4096):
    g = torch.Generator(device=dev).manual_seed(0)

    def u(*shape, scale):
        return ((torch.rand(*shape, device=dev, generator=g) * 2 - 1) * scale).to(torch.bfloat16)

    s3 = math.sqrt(3)
    m = dict(E=u(V, D, scale=0.02 * s3), fn=(1 + u(D, scale=0.1).float()).to(torch.bfloat16), layers=[])
    for _ in range(NL):
        m["layers"].append(dict(
            an=(1 + u(D, scale=0.1).float()).to(torch.bfloat16),
            wqkv=u(D + 2 * NKV * HD, D, scale=s3 / math.sqrt(D)),
            wo=u(D, D, scale=s3 / math.sqrt(D)),
            fn=(1 + u(D, scale=0.1).float()).to(torch.bfloat16),
            wg=u(F, D, scale=s3 / math.sqrt(D)),
            wu=u(F, D, scale=s3 / math.sqrt(D)),
            wd=u(D, F, scale=s3 / math.sqrt(F))))
    m["kc"] = u(NL, NKV, max_pos, HD, scale=1.0)
    m["vc"] = u(NL, NKV, max_pos, HD, scale=1.0)
    inv = 1.0 / (THETA ** (torch.arange(0, HD, 2, device=dev, dtype=torch.float32) / HD))
    m["inv"] = inv
    return m


def rms(x, g):
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + EPS)).to(torch.bfloat16) * g


def make_step(m, pos):
    ang = pos * m["inv"]
    cos, sin = torch.cos(ang).to(torch.bfloat16), torch.sin(ang).to(torch.bfloat16)

    def rope(x):
        x1, x2 = x[..., :32], x[..., 32:]
        return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], dim=-1)

    def step(tok):
        h = m["E"][tok].view(1, D)
        for l, W in enumerate(m["layers"]):
            x = rms(h, W["an"])
            qkv = Fn.linear(x, W["wqkv"])
            q = rope(qkv[:, :D].view(NKV, 4, HD))
            k = rope(qkv[:, D:D + NKV * HD].view(NKV, HD))
            v = qkv[:, D + NKV * HD:].view(NKV, HD)
            m["kc"][l, :, pos] = k
            m["vc"][l, :, pos] = v
            K = m["kc"][l, :, :pos + 1]
            Vv = m["vc"][l, :, :pos + 1]
            sc = torch.matmul(q, K.transpose(1, 2)).float() / math.sqrt(HD)
            pr = torch.softmax(sc, dim=-1).to(torch.bfloat16)
            o = torch.matmul(pr, Vv).reshape(1, D)
            h = h + Fn.linear(o, W["wo"])
            x = rms(h, W["fn"])
            h = h + Fn.linear(Fn.silu(Fn.linear(x, W["wg"])) * Fn.linear(x, W["wu"]), W["wd"])
        logits = Fn.linear(rms(h, m["fn"]), m["E"])
        return torch.argmax(logits, dim=-1)

    return step


def time_calls(fn, n, warm):
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    ev = [torch.cuda.Event(enable_timing=True) for _ in range(n + 1)]
    for i in range(n):
        ev[i].record()
        fn()
    ev[n].record()
    torch.cuda.synchronize()
    t = sorted(ev[i].elapsed_time(ev[i + 1]) for i in range(n))
    return t[n // 2], ev[0].elapsed_time(ev[n]) / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kv", default="128,512,2048")
    ap.add_argument("--compile", default="reduce-overhead")
    ap.add_argument("--compile-kv", default="512", help="KV lengths at which torch.compile is run")
    a = ap.parse_args()
    dev = "cuda"
    torch.backends.cuda.matmul.allow_tf32 = False
    m = make_model(dev)
    tok = torch.tensor([1000], device=dev)
    rows = []
    for kv in [int(x) for x in a.kv.split(",")]:
        step = make_step(m, kv - 1)
        with torch.no_grad():
            med, mean = time_calls(lambda: step(tok), 30, 5)
            rows.append((kv, "eager", med, mean))
            s = torch.cuda.Stream()
            s.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(s):
                for _ in range(3):
                    step(tok)
            torch.cuda.current_stream().wait_stream(s)
            gr = torch.cuda.CUDAGraph()
            with torch.cuda.graph(gr):
                step(tok)
            med, mean = time_calls(gr.replay, 200, 20)
            rows.append((kv, "cuda-graph", med, mean))
            del gr
            if a.compile != "none" and str(kv) in a.compile_kv.split(","):
                t0 = time.time()
                cs = torch.compile(step, mode=a.compile, fullgraph=True)
                for _ in range(3):
                    cs(tok)
                torch.cuda.synchronize()
                ct = time.time() - t0
                med, mean = time_calls(lambda: cs(tok), 200, 20)
                rows.append((kv, f"torch.compile({a.compile}) [compile {ct:.0f}s]", med, mean))
        for r in [r for r in rows if r[0] == kv]:
            print(f"KV {r[0]:5d}  {r[1]:45s} median {r[2]:.4f} ms  mean {r[3]:.4f} ms", flush=True)
    print("\nbaseline summary (median ms per token)")
    for r in rows:
        print(f"  KV {r[0]:5d}  {r[1]:45s} {r[2]:.4f}")


if __name__ == "__main__":
    main()
