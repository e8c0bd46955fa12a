// 1-D stencil of radius 3: each block stages its 256 inputs plus a 3-element halo on each
// side in shared memory (in points 3 elements into a padded array).
// Bug: no __syncthreads() between staging and use, so a thread reads its neighbours'
// cells (and the halo) before they have been stored.
// syncproof-args: --block 256 --grid 1:65535
#define BLOCK 256
#define R 3

__global__ void stencil_1d(float* out, const float* in) {
  __shared__ float s[BLOCK + 2 * R];
  int g = blockIdx.x * BLOCK + threadIdx.x;
  int l = threadIdx.x + R;
  s[l] = in[g];  // expected-race {{data race on 's' (shared memory, within a block)}}
  if (threadIdx.x < R) {
    s[l - R] = in[g - R];  // expected-race {{data race on 's'}}
    s[l + BLOCK] = in[g + BLOCK];  // expected-race {{data race on 's'}}
  }
  float sum = 0.0f;
  for (int o = -R; o <= R; o++)
    sum += s[l + o];
  out[g] = sum;
}
