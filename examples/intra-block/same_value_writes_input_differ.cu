// As same_value_writes_input.cu, but each thread copies its own element in[threadIdx.x]: two
// addresses of the input may hold two different values, so the writes race (a violation).
// syncproof-args: --block 128 --grid 1
__global__ void k(int* out, const int* in) {
  __shared__ int s[2];
  s[0] = in[threadIdx.x];  // expected-race {{data race on 's'}}
  __syncthreads();
  out[threadIdx.x] = s[0];
}
