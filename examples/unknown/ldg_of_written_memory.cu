// Each thread writes its element of g, a barrier, then reads its neighbour's element with
// __ldg. __ldg is ld.global.nc, the non-coherent read-only path: it is defined only on memory
// that nothing writes while the kernel runs, and the barrier does not make the data it caches
// current. Not modelled (the addresses could be apart: a kernel may write one half of a buffer
// and read the other half through __ldg); a plain load or __ldcg reads it coherently.
// (Found by an adversarial review: read as a plain load, this kernel was proved.)
// syncproof-args: --block 64 --grid 1
__global__ void k(int *g, int *out) {
  g[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = __ldg(&g[threadIdx.x ^ 1]);  // expected-unknown {{__ldg (ld.global.nc) of 'g', which 'g[threadIdx.x]' (line 9) writes}}
}
