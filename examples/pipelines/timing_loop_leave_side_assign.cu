// A timing loop whose leaving side does more than leave: thread 32 walks ready[0..1] and, leaving at
// step 1 (ready[0] complete, ready[1] not yet), sets n = 5, which then indexes a shared store that
// races with thread 5's store of sh[5]. Neither run of the concrete prover leaves at step 1 (one
// never leaves, the other leaves at step 0), so before the session-20 review the assignment was
// never seen and the kernel was proved. The side that leaves must now be nothing but the exit.
// syncproof-args: --block 64 --grid 2
#include <cstdint>

__device__ __forceinline__ unsigned sa(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void bar_init(uint64_t* b, unsigned n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(sa(b)), "r"(n) : "memory");
}
__device__ __forceinline__ void bar_arrive(uint64_t* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(sa(b)) : "memory");
}
__device__ __forceinline__ bool bar_try(uint64_t* b, unsigned parity) {
  unsigned ok;
  asm volatile("{\n.reg .pred P1;\nmbarrier.try_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ bool bar_test(uint64_t* b, unsigned parity) {
  unsigned ok;
  asm volatile("{\n.reg .pred P1;\nmbarrier.test_wait.parity.shared::cta.b64 P1, [%1], %2;\nselp.u32 %0, 1, 0, P1;\n}\n"  // expected-unknown {{not modelled: 'mbarrier.test_wait.parity}}
               : "=r"(ok) : "r"(sa(b)), "r"(parity) : "memory");
  return ok != 0;
}
__device__ __forceinline__ void bar_wait(uint64_t* b, unsigned parity) {
  while (!bar_try(b, parity)) {
  }
}


__global__ void k(float* out) {
  __shared__ alignas(8) uint64_t ready[2];
  __shared__ int sh[64];
  const unsigned t = threadIdx.x;
  if (t == 0) {
    for (int i = 0; i < 2; ++i) bar_init(&ready[i], 1);
  }
  __syncthreads();
  if (t == 0) {
    bar_arrive(&ready[0]);
    bar_arrive(&ready[1]);
  } else if (t == 5) {
    sh[5] = 2;
  } else if (t == 32) {
    int n = 0;
    int k = 0;
    while (k < 2) {
      bool h = bar_test(&ready[k], 0);
      if (!h) {
        if (k == 1) n = 5;
        break;
      }
      ++k;
    }
    sh[n] = 1;  // expected-unknown {{possible data race on 'sh'}} expected-unknown {{may lie outside 'sh'}}
  }
  __syncthreads();
  out[blockIdx.x * 64 + t] = (float)sh[t];
}
