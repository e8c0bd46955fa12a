// A spin on a __constant__ flag that device code cannot change: the loop ends at once or
// never (here never: the flag is 0 and the loop waits for 1). syncproof proved the kernel; a
// loop whose condition no iteration changes, with no other way out, is now unknown. (From an
// adversarial black-box review, /tmp/review32 t38.)
// syncproof-args: --grid 1:4 --block 64
__constant__ int c_flag = 0;
__global__ void k(int* out) {
  if (threadIdx.x == 0) {
    while (*(volatile const int*)&c_flag != 1) {  // expected-unknown {{a loop whose condition no iteration changes, with no other way out}}
    }
    out[blockIdx.x] = 1;
  }
}
