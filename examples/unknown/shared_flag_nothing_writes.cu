// Thread 0 zeroes a __shared__ flag, and after the barrier spins until it is 1; nothing else
// writes it, so the loop never ends. A spin on shared memory is a plain loop to syncproof,
// which reported loops that poll memory *other threads write*, and took this one, whose
// location nothing writes while it runs, as ending; the kernel was proved. Such a loop ends
// at once or never: it is now unknown. (From an adversarial black-box review,
// /tmp/review32 t34.)
// syncproof-args: --grid 1:4 --block 64
__global__ void k(int* out) {
  __shared__ volatile int flag;
  if (threadIdx.x == 0) flag = 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    while (flag != 1) {  // expected-unknown {{a loop that re-reads __shared__ 'flag', which nothing else writes while it runs}}
    }
    out[blockIdx.x] = 1;
  }
}
