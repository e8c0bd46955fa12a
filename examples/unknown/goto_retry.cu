// Each block stages 256 values, then every thread folds its value below a limit with a
// retry loop written with goto. Labels and goto are not modelled, so syncproof reports
// both as unknown (goto_loop_ok.cu is the same kernel with a while loop, proved).
// syncproof-args: --block 256 --grid 1:65535

__global__ void fold_below(float* out, const float* in, float limit) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float v = s[255 - t];
again:  // expected-unknown {{not modelled: labels and goto are not modelled}}
  if (v > limit) {
    v -= limit;
    goto again;  // expected-unknown {{not modelled: goto is not modelled}}
  }
  out[blockIdx.x * 256 + t] = v;
}
