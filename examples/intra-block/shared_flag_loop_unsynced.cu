// shared_flag_loop_ok.cu, but thread 0 writes the flag after the iteration's last
// __syncthreads(), in the same interval in which the other threads read it: a race. Threads
// may then read different values and leave after different iterations; syncproof reports
// the race, the cause (reads in one interval with no racing write are one value: docs/
// model.md "Equal reads in one barrier interval").
// syncproof-args: --block 256 --grid 1:65535

__global__ void iterate(const float* in, float* out, float tol) {
  __shared__ float buf[256];
  __shared__ int done;
  unsigned t = threadIdx.x;
  float x = in[blockIdx.x * 256 + t];
  while (true) {
    buf[t] = x;
    __syncthreads();
    x = 0.5f * (x + buf[(t + 1) % 256]);
    __syncthreads();
    if (t == 0) done = buf[0] < tol;  // expected-race {{data race on 'done'}}
    if (done) break;
  }
  out[blockIdx.x * 256 + t] = x;
}
