// corpus-source: written for an adversarial review of syncproof's lowering of constructors and reference returns, cache-hinted loads, the same-value rule and races on loaded addresses, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 64 --grid 1
// corpus-expect: buggy race
// TRUTH (the reviewer's): buggy thread 0 copies a 3-byte struct over bytes 0..2 (c = 9); thread 1 writes byte 2 = 4 -> differ
struct C3 { unsigned char a, b, c; };
__global__ void k(int *out) {
  __shared__ C3 arr[4];
  C3 v; v.a = 1; v.b = 2; v.c = 9;
  if (threadIdx.x == 0) arr[0] = v;
  if (threadIdx.x == 1) ((unsigned char*)arr)[2] = 4;
  __syncthreads();
  out[threadIdx.x] = arr[0].c;
}
