// TRIAGE (false positive): block reduction whose last 64 -> 1 steps run in the first warp;
// the warp tail is a loop with two __syncwarp() per step. All 32 lanes of warp 0 execute
// every iteration (the trip count is a constant), yet syncproof reports
// "'__syncwarp' names lane N in its mask, but that lane does not reach it" at both
// __syncwarp calls. Any __syncwarp() inside a loop triggers it, even
// `for (int i = 0; i < 4; i++) __syncwarp();` with no branch at all.
// The unrolled version is examples/intra-block/reduce_warp_ok.cu. See examples/TRIAGE.md.
// syncproof-args: --block 256 --grid 1:65535
// expected-no-diagnostics

__global__ void reduce_warp_tail(float* out, const float* in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned stride = 128; stride > 32; stride >>= 1) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) {
    float v = s[tid];
    for (unsigned off = 32; off > 0; off >>= 1) {
      v += s[tid + off];
      __syncwarp();  // all lanes have read before anyone overwrites
      s[tid] = v;
      __syncwarp();  // all lanes have written before the next read
    }
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}
