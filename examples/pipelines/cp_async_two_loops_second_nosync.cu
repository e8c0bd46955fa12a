// cp_async_two_loops_ok.cu without the barrier in the second loop: a thread reads its
// neighbour's element of tile k, which only the neighbour's own wait covers, and the
// neighbour's copy of tile k + 1 may overwrite the stage this thread still reads, in the
// second loop and in the last iteration of the first. Every trip count of the contract is
// taken at once, so these are possible races; the trip counts checked one by one (a range
// this wide is not enumerated) confirm none: unknown.
// syncproof-args: --block 128 --grid 1:65535 --param ntiles=0:100000 --param nmask=0:4

__device__ void issue(float4 (*buf)[128], const float4* src, int tile, int ntiles, unsigned t) {
  if (tile < ntiles)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[tile % 2][t])),
                 "l"(src + tile * 128 + t) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
}

__global__ void two_loops(const float4* in, float* out, int ntiles, int nmask) {
  __shared__ alignas(16) float4 buf[2][128];
  unsigned t = threadIdx.x;
  const float4* src = in + blockIdx.x * ntiles * 128;
  int m = nmask < ntiles ? nmask : ntiles;
  issue(buf, src, 0, ntiles, t);
  float acc = 0.f;
  int k = 0;
  for (; k < m; k++) {
    asm volatile("cp.async.wait_group 0;" ::: "memory");
    __syncthreads();
    float4 a = buf[k % 2][t], b = buf[k % 2][(t + 1) % 128];  // expected-unknown {{possible before completion: read 'buf[k % 2][(t + 1) % 128]'}}
    acc += (t + k * 128 < 300) ? a.x + b.y : 0.f;
    issue(buf, src, k + 1, ntiles, t);
  }
  for (; k < ntiles; k++) {
    asm volatile("cp.async.wait_group 0;" ::: "memory");
    float4 a = buf[k % 2][t], b = buf[k % 2][(t + 1) % 128];  // expected-unknown {{possible before completion: read 'buf[k % 2][(t + 1) % 128]'}} expected-unknown {{possible before completion: read 'buf[k % 2][(t + 1) % 128]'}} expected-unknown {{possible before completion: read 'buf[k % 2][(t + 1) % 128]'}}
    acc += a.x + b.y;
    issue(buf, src, k + 1, ntiles, t);
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  out[blockIdx.x * 128 + t] = acc;
}
