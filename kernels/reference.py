#!/usr/bin/env python3
"""Float32 PyTorch reference of the megakernel's decode steps, on the same bf16 weights.

    python3 reference.py DUMP_DIR

DUMP_DIR is what `mk_run check --dump DUMP_DIR` wrote: weights.bin (the bf16 blob),
k_prefix.bin / v_prefix.bin (the random bf16 KV prefix, positions [0, P)), logits.bin
(the kernel's float logits, one row per step), meta.txt (shape, offsets, tokens).

Two comparisons:
  * teacher-forced: the reference runs on the kernel's own tokens; per step the relative
    error ||logits_kernel - logits_ref|| / ||logits_ref||, and whether the reference's argmax
    equals the kernel's greedy token (with the reference's top-2 margin);
  * free-running greedy: the reference decodes its own tokens from the same first token;
    the 32-token sequences are compared.
The reference keeps its appended K/V in float32 (the kernel stores them in bf16).
"""
import math
import os
import sys

import numpy as np
import torch

D, NQ, NKV, HD, F = 2048, 32, 8, 64, 8192
QKV = D + 2 * NKV * HD
EPS, THETA = 1e-5, 500000.0


def main():
    d = sys.argv[1]
    meta = {}
    layers_off = []
    for line in open(os.path.join(d, "meta.txt")):
        parts = line.split()
        if parts[0] == "layer":
            layers_off.append([int(x) for x in parts[2:]])
        elif parts[0] == "tokens":
            meta["tokens"] = [int(x) for x in parts[1:]]
        else:
            meta[parts[0]] = int(parts[1])
    L, V, P, S = meta["layers"], meta["vocab"], meta["P"], meta["steps"]
    ktoks = meta["tokens"]
    torch.backends.cuda.matmul.allow_tf32 = False
    dev = "cuda"
    blob = torch.from_numpy(np.fromfile(os.path.join(d, "weights.bin"), dtype=np.int16)).to(dev).view(torch.bfloat16)

    def T(off, rows, cols=None):
        n = rows * (cols or 1)
        t = blob[off:off + n].float()
        return t.view(rows, cols) if cols else t

    E = T(meta["embed"], V, D)
    fn = T(meta["final_norm"], D)
    Ls = []
    for o in layers_off:
        an, wqkv, wo, ffn, wg, wu, wd = o
        Ls.append(dict(an=T(an, D), wqkv=T(wqkv, QKV, D), wo=T(wo, D, D), fn=T(ffn, D),
                       wg=T(wg, F, D), wu=T(wu, F, D), wd=T(wd, D, F)))
    kp = torch.from_numpy(np.fromfile(os.path.join(d, "k_prefix.bin"), dtype=np.int16)).to(dev).view(torch.bfloat16)
    vp = torch.from_numpy(np.fromfile(os.path.join(d, "v_prefix.bin"), dtype=np.int16)).to(dev).view(torch.bfloat16)
    kp = kp.float().view(L, NKV, P, HD)
    vp = vp.float().view(L, NKV, P, HD)
    klog = torch.from_numpy(np.fromfile(os.path.join(d, "logits.bin"), dtype=np.float32)).to(dev).view(S, V)

    inv_freq = 1.0 / (THETA ** (torch.arange(0, HD, 2, device=dev, dtype=torch.float32) / HD))

    def rms(x, g):
        return x * torch.rsqrt((x * x).mean() + EPS) * g

    def rope(x, pos):  # x [heads, 64]
        ang = pos * inv_freq
        c, s = torch.cos(ang), torch.sin(ang)
        x1, x2 = x[:, :32], x[:, 32:]
        return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=1)

    def new_cache():
        kc = torch.zeros(L, NKV, P + S, HD, device=dev)
        vc = torch.zeros(L, NKV, P + S, HD, device=dev)
        kc[:, :, :P] = kp
        vc[:, :, :P] = vp
        return kc, vc

    def step(tok, pos, kc, vc):
        h = E[tok].clone()
        for l, W in enumerate(Ls):
            x = rms(h, W["an"])
            qkv = W["wqkv"] @ x
            q = rope(qkv[:D].view(NQ, HD), pos)
            k = rope(qkv[D:D + NKV * HD].view(NKV, HD), pos)
            v = qkv[D + NKV * HD:].view(NKV, HD)
            kc[l, :, pos] = k
            vc[l, :, pos] = v
            K = kc[l, :, :pos + 1]  # [8, n, 64]
            Vv = vc[l, :, :pos + 1]
            qg = q.view(NKV, 4, HD)
            sc = torch.einsum("hgd,hnd->hgn", qg, K) / math.sqrt(HD)
            pr = torch.softmax(sc, dim=-1)
            o = torch.einsum("hgn,hnd->hgd", pr, Vv).reshape(D)
            h = h + W["wo"] @ o
            x = rms(h, W["fn"])
            g = W["wg"] @ x
            u = W["wu"] @ x
            h = h + W["wd"] @ (torch.nn.functional.silu(g) * u)
        return E @ rms(h, fn)

    # teacher-forced on the kernel's tokens
    kc, vc = new_cache()
    worst = 0.0
    agree = 0
    lines = []
    for k in range(S):
        ref = step(ktoks[k], P + k, kc, vc)
        err = (torch.linalg.vector_norm(klog[k] - ref) / torch.linalg.vector_norm(ref)).item()
        top2 = torch.topk(ref, 2)
        ra = int(top2.indices[0])
        margin = float(top2.values[0] - top2.values[1])
        ok = ra == ktoks[k + 1]
        agree += ok
        worst = max(worst, err)
        lines.append(f"step {k:2d} pos {P + k:5d} rel_err {err:.3e} kernel_tok {ktoks[k + 1]:6d} "
                     f"ref_argmax {ra:6d} {'same' if ok else 'DIFF'} ref_top2_margin {margin:.4f}")
    print("\n".join(lines))
    print(f"teacher-forced: max rel err {worst:.3e}; greedy token agreement {agree}/{S}")

    # free-running greedy from the same first token
    kc, vc = new_cache()
    rt = [ktoks[0]]
    for k in range(S):
        rt.append(int(torch.argmax(step(rt[-1], P + k, kc, vc))))
    same = sum(int(a == b) for a, b in zip(rt[1:], ktoks[1:]))
    first_diff = next((i for i, (a, b) in enumerate(zip(rt[1:], ktoks[1:])) if a != b), None)
    print(f"free-running greedy: {same}/{S} tokens equal; first difference at step {first_diff}")
    print("kernel tokens:   ", ktoks[1:])
    print("reference tokens:", rt[1:])
    ok = worst < 2e-2 and agree >= S - 1
    print("RESULT", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
