// reduce1 of shift_loop_reduce_ok.cu with the barrier inside the loop left out:
// in level s = 2 thread 0 reads sdata[2], which thread 1 wrote in level s = 1 with
// no barrier between (and more pairs: three races on the line). The fact that the
// shift saturates only after 32 levels must not hide races of the levels that run.
// syncproof-args: --block 256 --grid 1:65535
__global__ void reduce1(const int *in, int *out) {
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] += sdata[index + s];  // expected-race {{conflicts with read 'sdata[index + s]'}} expected-race {{conflicts with read 'sdata[index]'}} expected-race {{conflicts with write 'sdata[index]'}}
  }
  __syncthreads();
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
