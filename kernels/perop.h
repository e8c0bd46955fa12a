// perop.h — the per-op baseline (issue 5, item 5): the project's own kernels, one kernel per op,
// launched as one CUDA graph per token, with programmatic dependent launch (PDL) between them.
// Same weights, KV cache, buffers and numerics conventions as the megakernel (megakernel.h), so
// `mk_run check --impl perop` dumps for reference.py exactly like the megakernel does.
#pragma once
#include <cuda_runtime.h>
#include <stdint.h>

#include "megakernel.h"

namespace mk {
namespace perop {

// Everything the per-op kernels read and write. The position of the step is read from device
// memory (*pos) so that one instantiated graph serves every step of a check run.
struct Args {
  const uint16_t* w;   // weight blob (megakernel.h layout)
  WeightLayout lay;
  int n_layers, vocab;
  int kv_chunk;        // positions per attention block
  int nchunks;         // attention blocks per KV head (chunks past pos write an empty partial)
  const int* pos;      // device: position of the new token
  int* tokens;         // reads tokens[pos], writes tokens[pos + 1]
  uint16_t* kcache;    // [L][NKV][MAX_POS][HD] bf16
  uint16_t* vcache;
  float* h;            // [2L+1][D]: h_in[l] = h[2l], h_mid[l] = h[2l+1]
  float* q;            // [L][D] post-RoPE queries
  float* part_o;       // [L][NQ][nchunks][HD] unnormalized partial outputs
  float* part_ml;      // [L][NQ][nchunks][2] (max, sum of exp)
  float* attn_o;       // [L][D] the merged attention output (written by the last chunk block of each KV head)
  unsigned* attn_done; // [L][NKV] chunk blocks done this step (zero between steps)
  float* act;          // [L][F] SiLU(g) * u
  float* logits;       // [vocab]
  float* amax_val;     // [lm grid] per-block argmax partials
  int* amax_idx;
  int pf_bytes;        // weight bytes per block prefetched to L2 before the PDL wait (0: none)
};

struct Options {
  bool pdl = true;     // programmatic dependent launch between consecutive kernels
  int gemv_grid = 0;   // blocks of each GEMV kernel (0: two per SM, run 29d's fastest)
};

// Records one decode step (16 layers x 5 kernels + LM head + argmax) into a graph and instantiates it.
cudaGraphExec_t build_graph(const Args& a, const Options& o, int n_sms, cudaStream_t st, int* n_kernels);

}  // namespace perop
}  // namespace mk
