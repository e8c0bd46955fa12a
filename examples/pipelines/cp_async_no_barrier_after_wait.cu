// Same cp.async double buffer as cp_async_double_buffer_ok.cu, but the __syncthreads() right
// after cp.async.wait_group 1 was removed ("each thread waits for its own copies anyway").
// Bug: wait_group completes only the executing thread's cp.async operations and makes them
// visible to that thread only (PTX ISA cp.async.wait_group). Thread t also reads its
// neighbour's element buf[k & 1][(t + 1) % 128], copied by thread t + 1, with no barrier after
// thread t + 1's wait. Reported at that read (the same statement as the own-element read).
// syncproof-args: --block 128 --grid 1:65535 --param ntiles=1:256

__global__ void smooth_stream(const float4* in, float* out, int ntiles) {
  __shared__ alignas(16) float4 buf[2][128];
  unsigned t = threadIdx.x;
  const float4* src = in + blockIdx.x * ntiles * 128;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[0][t])), "l"(src + t) : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  for (int k = 0; k < ntiles; k++) {
    if (k + 1 < ntiles)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"((unsigned)__cvta_generic_to_shared(&buf[(k + 1) & 1][t])),
                   "l"(src + (k + 1) * 128 + t) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    float4 a = buf[k & 1][t], b = buf[k & 1][(t + 1) % 128];  // expected-async-copy {{before completion}}
    out[(blockIdx.x * ntiles + k) * 128 + t] = a.x + a.y + a.z + a.w + b.x;
    __syncthreads();
  }
}
