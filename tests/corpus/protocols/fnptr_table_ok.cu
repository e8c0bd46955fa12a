// corpus-source: written from: CUDA C++ Programming Guide, "Function Pointers" (addresses of __device__ functions in device code) and "__syncthreads()"
// corpus-form: written
// syncproof-args: --block 256 --grid 1:65535 --param n=0:16776960
// corpus-expect: correct
// One Haar step through a __device__ table of stage functions: every thread stores its element in
// s[tid], __syncthreads(), then calls d_stages[STAGE_BUTTERFLY] (a constant index, so the target is
// known): threads tid < 128 combine s[tid] with the partner slot s[tid + 128] and write both.
// A second barrier orders those writes before every thread reads its own slot back.

#define THREADS 256
#define HALF (THREADS / 2)

typedef void (*stage_fn)(float* s, unsigned int tid);

__device__ void stage_square(float* s, unsigned int tid)
{
    s[tid] = s[tid] * s[tid];
}

__device__ void stage_butterfly(float* s, unsigned int tid)
{
    if (tid < HALF) {
        const float a = s[tid];
        const float b = s[tid + HALF];
        s[tid]        = a + b;
        s[tid + HALF] = a - b;
    }
}

__device__ stage_fn d_stages[] = {stage_square, stage_butterfly};

enum { STAGE_SQUARE = 0, STAGE_BUTTERFLY = 1 };

__global__ void haar_step(const float* __restrict__ in, float* out, int n)
{
    __shared__ float s[THREADS];

    const unsigned int tid = threadIdx.x;
    const int          i   = blockIdx.x * THREADS + tid;

    s[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();

    stage_fn stage = d_stages[STAGE_BUTTERFLY];
    stage(s, tid);
    __syncthreads();

    if (i < n)
        out[i] = s[tid];
}

void launch_haar_step(const float* d_in, float* d_out, int n)
{
    haar_step<<<(n + THREADS - 1) / THREADS, THREADS>>>(d_in, d_out, n);
}
