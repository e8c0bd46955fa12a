// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy race (cooperative groups thread_rank() == threadIdx.x, different per thread)
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *out) {
  __shared__ int s[2];
  cg::thread_block b = cg::this_thread_block();
  s[0] = b.thread_rank();
  b.sync();
  out[threadIdx.x] = s[0];
}
