// A ~300-line CUDA file of block-level kernels for the language-server
// re-check benchmark (scripts/bench-lsp.sh, docs/results.md). Every kernel is
// written for 256-thread blocks; the launch contract is .syncproof.yaml next
// to this file. All kernels are race-free and barrier-safe; the benchmark
// edits one of them.
#define STENCIL_BLOCK 256
#define RADIUS 3
#define SCAN_N 512
#define SCAN_LOG_N 9

// Kogge-Stone inclusive scan of one block's values in shared memory.
__global__ void scan_kogge_stone(float* out, const float* in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  s[tid] = in[i];
  __syncthreads();
  for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
    float t = tid >= offset ? s[tid - offset] : 0.0f;
    __syncthreads();  // every thread has read before anyone writes
    s[tid] += t;
    __syncthreads();  // every thread has written before the next round reads
  }
  out[i] = s[tid];
}

// 1-D stencil of radius 3 with a halo on each side.
__global__ void stencil_1d(float* out, const float* in) {
  __shared__ float s[STENCIL_BLOCK + 2 * RADIUS];
  int g = blockIdx.x * STENCIL_BLOCK + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  s[l] = in[g];
  if (threadIdx.x < RADIUS) {  // the first RADIUS threads also load both halos
    s[l - RADIUS] = in[g - RADIUS];
    s[l + STENCIL_BLOCK] = in[g + STENCIL_BLOCK];
  }
  __syncthreads();
  float sum = 0.0f;
  for (int o = -RADIUS; o <= RADIUS; o++)
    sum += s[l + o];
  out[g] = sum;
}

// Blelloch (work-efficient) exclusive scan of 512 values by 256 threads.
__global__ void scan_blelloch(float* out, const float* in) {
  __shared__ float temp[SCAN_N];
  unsigned tid = threadIdx.x;
  temp[2 * tid] = in[blockIdx.x * SCAN_N + 2 * tid];
  temp[2 * tid + 1] = in[blockIdx.x * SCAN_N + 2 * tid + 1];
  for (int s = 0; s < SCAN_LOG_N; s++) {  // up-sweep: build partial sums in place
    __syncthreads();
    if (tid < (SCAN_N >> (s + 1)))
      temp[((2 * tid + 2) << s) - 1] += temp[((2 * tid + 1) << s) - 1];
  }
  if (tid == 0)
    temp[SCAN_N - 1] = 0;  // clear the root
  for (int s = SCAN_LOG_N - 1; s >= 0; s--) {  // down-sweep: distribute the partial sums
    __syncthreads();
    if (tid < (SCAN_N >> (s + 1))) {
      unsigned ai = ((2 * tid + 1) << s) - 1, bi = ((2 * tid + 2) << s) - 1;
      float t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  out[blockIdx.x * SCAN_N + 2 * tid] = temp[2 * tid];
  out[blockIdx.x * SCAN_N + 2 * tid + 1] = temp[2 * tid + 1];
}

// Templated block reduction with the levels unrolled at compile time.
template <unsigned BLOCK>
__global__ void reduce(float* out, const float* in) {
  __shared__ float s[BLOCK];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * BLOCK + t];
  __syncthreads();
  if (BLOCK >= 256) { if (t < 128) s[t] += s[t + 128]; __syncthreads(); }
  if (BLOCK >= 128) { if (t < 64) s[t] += s[t + 64]; __syncthreads(); }
  if (BLOCK >= 64) { if (t < 32) s[t] += s[t + 32]; __syncthreads(); }
  if (t == 0) {
    float sum = 0.0f;
    for (int i = 0; i < 32; i++) sum += s[i];
    out[blockIdx.x] = sum;
  }
}

void launch_reduce(float* out, const float* in, int blocks) {
  reduce<256><<<blocks, 256>>>(out, in);
}

// Sum of all inputs: a tree reduction per block, then one atomicAdd per block.
__global__ void total_sum(float* total, const float* in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    atomicAdd(total, s[0]);
}

// Partial sums: each block stores its sum in its own slot.
__global__ void partial_sums(float* partial, const float* in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    partial[blockIdx.x] = s[0];
}

// Maximum of each block's values.
__global__ void block_max(float* out, const float* in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride) {
      float a = s[t], b = s[t + stride];
      s[t] = a > b ? a : b;
    }
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// Reverses each block's 256 values through shared memory.
__global__ void block_reverse(float* out, const float* in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * 256;
  s[t] = in[base + t];
  __syncthreads();
  out[base + t] = s[255 - t];
}

// Rotates each block's values by one position.
__global__ void block_rotate(float* out, const float* in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * 256;
  s[t] = in[base + t];
  __syncthreads();
  out[base + t] = s[(t + 1) % 256];
}

// Two passes through one shared buffer: square, then neighbour sum.
__global__ void square_then_pair(float* out, const float* in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * 256;
  s[t] = in[base + t];
  __syncthreads();
  float v = s[t] * s[t];
  __syncthreads();  // every read of the first pass before the overwrite
  s[t] = v;
  __syncthreads();
  out[base + t] = s[t] + s[t ^ 1];
}

// Adjacent difference with a one-element halo.
__global__ void adjacent_diff(float* out, const float* in) {
  __shared__ float s[257];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * 256;
  s[t] = in[base + t];
  if (t == 0)
    s[256] = in[base + 256];
  __syncthreads();
  out[base + t] = s[t + 1] - s[t];
}

// Histogram of 256 bins per block, merged into the global histogram.
__global__ void histogram256(unsigned* hist, const unsigned char* data) {
  __shared__ unsigned bins[256];
  unsigned t = threadIdx.x;
  bins[t] = 0;
  __syncthreads();
  unsigned char v = data[blockIdx.x * 256 + t];
  atomicAdd(&bins[v], 1u);
  __syncthreads();
  atomicAdd(&hist[t], bins[t]);
}

// Odd-even transposition sort of 256 keys per block.
__global__ void odd_even_sort(int* keys) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * 256;
  s[t] = keys[base + t];
  __syncthreads();
  for (unsigned phase = 0; phase < 256; phase++) {
    unsigned i = 2 * t + (phase & 1);
    if (t < 128 && i + 1 < 256) {
      int a = s[i], b = s[i + 1];
      if (a > b) {
        s[i] = b;
        s[i + 1] = a;
      }
    }
    __syncthreads();
  }
  keys[base + t] = s[t];
}

// Dot product of two vectors, one partial result per block.
__global__ void dot_partial(float* partial, const float* x, const float* y) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * 256 + t;
  s[t] = x[i] * y[i];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    partial[blockIdx.x] = s[0];
}

// Normalises each block's values by their sum (broadcast through shared memory).
__global__ void normalize_block(float* out, const float* in) {
  __shared__ float s[256];
  __shared__ float total;
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * 256;
  float v = in[base + t];
  s[t] = v;
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    total = s[0];
  __syncthreads();
  out[base + t] = v / total;
}

// Counts the non-zero values of each block with __syncthreads_count.
__global__ void count_nonzero(int* counts, const float* in) {
  unsigned t = threadIdx.x;
  float v = in[blockIdx.x * 256 + t];
  int n = __syncthreads_count(v != 0.0f);
  if (t == 0)
    counts[blockIdx.x] = n;
}

// Box blur of 5 over each block's values, staged with a two-element halo each side.
__global__ void box_blur5(float* out, const float* in) {
  __shared__ float s[256 + 4];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * 256;
  s[t + 2] = in[base + t + 2];
  if (t < 2) {
    s[t] = in[base + t];
    s[t + 258] = in[base + t + 258];
  }
  __syncthreads();
  float sum = 0.0f;
  for (int o = 0; o < 5; o++)
    sum += s[t + o];
  out[base + t] = sum / 5.0f;
}

// Prefix maximum (Hillis-Steele) over each block's values.
__global__ void prefix_max(float* out, const float* in) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * 256 + t;
  s[t] = in[i];
  __syncthreads();
  for (unsigned offset = 1; offset < 256; offset *= 2) {
    float m = s[t];
    if (t >= offset && s[t - offset] > m) m = s[t - offset];
    __syncthreads();
    s[t] = m;
    __syncthreads();
  }
  out[i] = s[t];
}
