// Each warp's lanes zero their warp's row of a shared float tile, every lane the whole row:
// 32 lanes store 0.0f to each word with nothing ordering the stores. The bits stored are a
// constant of the source (the front end folds the literal), equal in every lane: a possible
// race, not a violation (docs/memory-model.md "Writes of one value"). A float value computed
// at run time is not tracked, and such a race stays a violation.
// syncproof-args: --block 128 --grid 1:64
__global__ void k(float* out) {
  __shared__ float rows[4][32];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int i = 0; i < 32; ++i)
    rows[warp][i] = 0.0f;  // expected-unknown {{possible data race on 'rows'}}
  __syncthreads();
  rows[warp][lane] += 1.0f;
  __syncthreads();
  out[blockIdx.x * 128 + threadIdx.x] = rows[warp][lane];
}
