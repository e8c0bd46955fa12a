// Same per-warpgroup reversal as named_bar_ids_ok.cu, but both warpgroups use barrier id 1:
// bar.sync 1, 128.
// Bug: 8 warps of two independent groups arrive at barrier 1 with count 128 at the same
// time. An instance completes with the first 4 warps to arrive, whichever group they belong
// to, so a warp of warpgroup 1 may pass before the other warps of warpgroup 1 have written
// the values it reads. Reported at the bar.sync used concurrently by two groups.
// syncproof-args: --block 384 --grid 1:65535

__global__ void per_group_reverse(const float* in, float* out) {
  __shared__ float s[384];
  unsigned t = threadIdx.x, wg = t / 128, l = t % 128;
  if (wg == 0)
    return;
  s[t] = in[blockIdx.x * 384 + t];
  asm volatile("bar.sync 1, 128;" ::: "memory");  // expected-barrier-mismatch {{two groups}}
  out[blockIdx.x * 384 + t] = s[wg * 128 + 127 - l];
}
