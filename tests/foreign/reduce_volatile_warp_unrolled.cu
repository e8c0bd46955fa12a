// CUDA Samples "reduce4/reduce5" style reduction with the last warp unrolled through a
// volatile pointer and no __syncwarp (written for pre-Volta lockstep warps).
// Bug on sm_70+ (independent thread scheduling): lanes of the last warp are not in
// lockstep, so in line k lane t reads sdata[t + off_k] while lane t + off_k may still be
// writing it in an earlier or later line; volatile only keeps the accesses in memory.
// Each of the 6 writes (lines j = 1..6) conflicts with the reads at offsets 16, 8, 4, 2, 1
// (offset 32 reads sdata[32..63], which the warp never writes): 6 x 5 = 30 pairs.
// syncproof-args: --block 256 --grid 1:65535 --param n=0:16777216

template <unsigned int blockSize>
__device__ void warpReduce(volatile float* sdata, unsigned int tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];  // expected-race {{data race on 'sdata'}}
  // expected-race@-1 {{data race on 'sdata'}}
  // expected-race@-2 {{data race on 'sdata'}}
  // expected-race@-3 {{data race on 'sdata'}}
  // expected-race@-4 {{data race on 'sdata'}}
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];  // expected-race {{data race on 'sdata'}}
  // expected-race@-1 {{data race on 'sdata'}}
  // expected-race@-2 {{data race on 'sdata'}}
  // expected-race@-3 {{data race on 'sdata'}}
  // expected-race@-4 {{data race on 'sdata'}}
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];  // expected-race {{data race on 'sdata'}}
  // expected-race@-1 {{data race on 'sdata'}}
  // expected-race@-2 {{data race on 'sdata'}}
  // expected-race@-3 {{data race on 'sdata'}}
  // expected-race@-4 {{data race on 'sdata'}}
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];  // expected-race {{data race on 'sdata'}}
  // expected-race@-1 {{data race on 'sdata'}}
  // expected-race@-2 {{data race on 'sdata'}}
  // expected-race@-3 {{data race on 'sdata'}}
  // expected-race@-4 {{data race on 'sdata'}}
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];  // expected-race {{data race on 'sdata'}}
  // expected-race@-1 {{data race on 'sdata'}}
  // expected-race@-2 {{data race on 'sdata'}}
  // expected-race@-3 {{data race on 'sdata'}}
  // expected-race@-4 {{data race on 'sdata'}}
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];  // expected-race {{data race on 'sdata'}}
  // expected-race@-1 {{data race on 'sdata'}}
  // expected-race@-2 {{data race on 'sdata'}}
  // expected-race@-3 {{data race on 'sdata'}}
  // expected-race@-4 {{data race on 'sdata'}}
}

template <unsigned int blockSize>
__global__ void reduce5(const float* g_idata, float* g_odata, unsigned int n) {
  __shared__ float sdata[blockSize];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  float mySum = (i < n) ? g_idata[i] : 0.0f;
  if (i + blockSize < n) mySum += g_idata[i + blockSize];
  sdata[tid] = mySum;
  __syncthreads();

  if (blockSize >= 512) { if (tid < 256) { sdata[tid] = mySum = mySum + sdata[tid + 256]; } __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) { sdata[tid] = mySum = mySum + sdata[tid + 128]; } __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) { sdata[tid] = mySum = mySum + sdata[tid + 64]; } __syncthreads(); }

  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

void launch(const float* in, float* out, unsigned n, int blocks) {
  reduce5<256><<<blocks, 256>>>(in, out, n);
}
