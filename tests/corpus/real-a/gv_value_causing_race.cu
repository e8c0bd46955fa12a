// corpus-source: mc-imperial/gpuverify@49219770aad01231edd0d8e0fa3ed036006cf32a:testsuite/CUDA/param_values/value_causing_race/kernel.cu [example]
// corpus-form: adapted (GPUVerify-only __requires(x >= 0) / __requires(x < 1000) lines removed and expressed as --param x=0:999; corpus-bug marker added)
// syncproof-args: --block 512 --grid 1 --param x=0:999
// corpus-expect: buggy race
// GPUVerify test header: //xfail:NOT_ALL_VERIFIED (write by thread 200 / thread 15, x = 185). Thread 15 writes A[15 + x] and thread 200 writes A[200]: they collide for x = 185.
// launch from the test header: --gridDim=1 --blockDim=512.
//xfail:NOT_ALL_VERIFIED
//--gridDim=1 --blockDim=512 --no-inline
//Write by thread 200
//Write by thread 15
//x = 185

__global__ void example(float * A, int x) {

    if(threadIdx.x == 15) {
        A[threadIdx.x + x] = threadIdx.x; // corpus-bug
    }

    if(threadIdx.x == 200) {
        A[threadIdx.x] = threadIdx.x;
    }
}
