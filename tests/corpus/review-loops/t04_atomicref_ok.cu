// corpus-source: written for an adversarial review of syncproof's loop protocols, black-box, from the PTX ISA memory consistency model (release/acquire, coherence of one location, bar.sync cumulativity)
// corpus-form: written
// syncproof-args: --cooperative --block 128 --grid 2:16 --param steps=0:100000
// corpus-expect: correct
// CORRECT: same as t03 but with cuda::atomic_ref release store / acquire load.
#include <cuda/atomic>
__global__ void k(float* data, unsigned* flag, float* out, int steps) {
  int b = blockIdx.x, t = threadIdx.x;
  float acc = 0.f;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> f(*flag);
  for (int s = 0; s < steps; ++s) {
    if (b == 0) {
      data[s * 128 + t] = (float)s;
      __syncthreads();
      if (t == 0) f.store(s + 1, cuda::memory_order_release);
    } else {
      if (t == 0) { while (f.load(cuda::memory_order_acquire) < (unsigned)(s + 1)) {} }
      __syncthreads();
      acc += data[s * 128 + t];
    }
  }
  out[b * 128 + t] = acc;
}
