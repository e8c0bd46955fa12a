// One explicit time step of the 1-D heat equation, u_new = u + alpha * laplacian(u), with the
// block's cells plus one ghost cell per side staged in shared memory (ghosts loaded with a
// switch on threadIdx.x, the domain ends clamped).
// Bug: the Laplacian is formed before the __syncthreads(): thread t reads su[t] and su[t + 2],
// the cells staged by its neighbours t - 1 and t + 1, which may not have stored them yet.
// Two read/write pairs (left and right neighbour), both reported at the interior store.
// syncproof-args: --block 128 --grid 1:8192 --param n=1:1048576
#define BS 128

__global__ void heat_step(float* __restrict__ u_new, const float* __restrict__ u, float alpha, int n) {
  __shared__ float su[BS + 2];
  const int t = threadIdx.x;
  const int gi = blockIdx.x * BS + t;
  const int li = t + 1;
  su[li] = (gi < n) ? u[gi] : 0.0f;  // expected-race {{data race on 'su' (shared memory, within a block)}}
  // expected-race@-1 {{data race on 'su' (shared memory, within a block)}}
  switch (t) {
    case 0:
      su[0] = (gi > 0 && gi - 1 < n) ? u[gi - 1] : su[li];  // clamp at the left end
      break;
    case BS - 1:
      su[BS + 1] = (gi + 1 < n) ? u[gi + 1] : su[li];
      break;
    default:
      break;
  }
  const float lap = su[li - 1] - 2.0f * su[li] + su[li + 1];
  __syncthreads();  // too late
  if (gi < n) u_new[gi] = su[li] + alpha * lap;
}
