// Barrier id 1 reused by two different thread groups, one after the other: warpgroup 1
// (threads 128-255) reverses its values using bar.sync 1, 128; then the whole block passes
// __syncthreads(); then warpgroup 2 (threads 256-383) does the same with bar.sync 1, 128.
// Correct: the __syncthreads() between the two uses guarantees that the instance of
// barrier 1 used by warpgroup 1 has completed before any warp of warpgroup 2 arrives at
// barrier 1, so the two groups' arrivals never meet in one instance (reusing an id is safe
// when the uses are ordered).
// syncproof-args: --block 384 --grid 1:65535
// expected-no-diagnostics

__global__ void groups_in_turn(const float* in, float* out) {
  __shared__ float s[384];
  unsigned t = threadIdx.x, wg = t / 128, l = t % 128;
  s[t] = in[blockIdx.x * 384 + t];
  if (wg == 1) {
    asm volatile("bar.sync 1, 128;" ::: "memory");
    out[blockIdx.x * 384 + t] = s[128 + 127 - l];
  }
  __syncthreads();
  if (wg == 2) {
    asm volatile("bar.sync 1, 128;" ::: "memory");
    out[blockIdx.x * 384 + t] = s[256 + 127 - l];
  }
}
