// corpus-source: written for an adversarial review of syncproof's same-value write rule and its distinct_elements contract, black-box, from the CUDA and PTX semantics
// corpus-form: written
// syncproof-args: --block 128 --grid 1:64
// corpus-expect: correct
// TRUTH (the reviewer's): correct (benign same-value race; every thread stores 0 to s[0], PTX race but unobservable -> expect warning/exit 3)
__global__ void k(int *out) {
  __shared__ int s[4];
  s[0] = 0;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}
