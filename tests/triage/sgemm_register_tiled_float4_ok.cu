// TRIAGE (unknown): no answer within 10 min (timeout 600 s; the unguarded draft, see below,
// got none in 20 min). The cost is in the two-deep `#pragma unroll` loops (i, j) nested in the
// k loop inside the tile loop with barriers: with the i/j loops unrolled by hand the kernel is
// proved in ~90 s, with the k loop reduced to one product in ~28 s. (The draft without
// `if (aRow < BM)` really raced: A-tile rows 64..127 alias As[c + 1][row - 64]; syncproof
// reported exactly those 4 write/write races on the reduced kernel.)
// SGEMM with 2-D register tiling (siboehm / "How to optimize a CUDA matmul" style):
// 64x64 block tile, BK = 8, 16x16 threads each computing a 4x4 micro-tile in registers.
// A tile is loaded with float4 and stored transposed (As[k][m]) so the inner loop reads
// contiguous columns; B tile is loaded and stored with float4. Launched as in run_sgemm for
// 1024 x 1024 C (grid N/64 x M/64; the C offsets of the blocks need N = 64 * gridDim.x, which
// a contract cannot tie, so M and N are fixed); K is free (A and B are only read).
// syncproof-args: --block 256 --grid 16,16 --param M=1024 --param N=1024 --param K=8:1024
// expected-no-diagnostics

template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__(256)
sgemm_2d_blocktiling(int M, int N, int K, float alpha, const float* __restrict__ A,
                     const float* __restrict__ B, float beta, float* __restrict__ C) {
  __shared__ float As[BK][BM];
  __shared__ float Bs[BK][BN];
  const int tid = threadIdx.x;
  const int tRow = tid / (BN / TN);  // 0..15
  const int tCol = tid % (BN / TN);  // 0..15
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;

  // A tile is BM x BK = 64 x 8: two float4 per row, one per thread (128 threads busy)
  const int aRow = tid / (BK / 4), aCol4 = (tid % (BK / 4)) * 4;
  // B tile is BK x BN = 8 x 64: sixteen float4 per row, one per thread (128 threads busy)
  const int bRow = tid / (BN / 4), bCol4 = (tid % (BN / 4)) * 4;

  float acc[TM][TN] = {0.0f};
  float regM[TM], regN[TN];

  for (int k0 = 0; k0 < K; k0 += BK) {
    if (aRow < BM) {
      float4 a4 = reinterpret_cast<const float4*>(&A[aRow * K + aCol4])[0];
      As[aCol4 + 0][aRow] = a4.x;
      As[aCol4 + 1][aRow] = a4.y;
      As[aCol4 + 2][aRow] = a4.z;
      As[aCol4 + 3][aRow] = a4.w;
    }
    if (bRow < BK)
      reinterpret_cast<float4*>(&Bs[bRow][bCol4])[0] =
          reinterpret_cast<const float4*>(&B[bRow * N + bCol4])[0];
    __syncthreads();
    A += BK;
    B += BK * N;

#pragma unroll
    for (int k = 0; k < BK; ++k) {
#pragma unroll
      for (int i = 0; i < TM; ++i) regM[i] = As[k][tRow * TM + i];
#pragma unroll
      for (int j = 0; j < TN; ++j) regN[j] = Bs[k][tCol * TN + j];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] += regM[i] * regN[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) {
      float& c = C[(tRow * TM + i) * N + tCol * TN + j];
      c = alpha * acc[i][j] + beta * c;
    }
}

void run_sgemm(int M, int N, int K, float alpha, const float* A, const float* B, float beta, float* C) {
  dim3 grid(N / 64, M / 64);
  sgemm_2d_blocktiling<64, 64, 8, 4, 4><<<grid, 256>>>(M, N, K, alpha, A, B, beta, C);
}
