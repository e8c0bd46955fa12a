// megakernel.h — shared between the host (scheduler, runner) and the device kernel.
// Llama-3.2-1B-shaped decode step, batch 1, bf16 weights. See docs/megakernel.md.
#pragma once
#include <stdint.h>

#ifdef __CUDACC__
#define MK_HD __host__ __device__
#else
#define MK_HD
#endif

namespace mk {

// ---- model shape (fixed; n_layers and vocab are runtime for small test runs) ----
constexpr int D = 2048;          // hidden
constexpr int NQ = 32;           // query heads
constexpr int NKV = 8;           // kv heads
constexpr int HD = 64;           // head dim
constexpr int F = 8192;          // ffn
constexpr int QKV_ROWS = D + 2 * NKV * HD;  // 3072
constexpr int MAX_LAYERS = 16;
constexpr int MAX_POS = 4096;
constexpr float EPS = 1e-5f;
constexpr float ROPE_THETA = 500000.0f;

// ---- kernel geometry ----
constexpr int NCONS_WARPS = 8;                 // consumer warps
constexpr int NCONS = NCONS_WARPS * 32;        // 256 consumer threads
#ifndef MK_SIGWARP
#define MK_SIGWARP 0  // 1: a dedicated signal warp does the red.release (consumers bar.arrive): slower (attempt 9)
#endif
constexpr int NTHREADS = NCONS + 32 + (MK_SIGWARP ? 32 : 0);  // + 1 loader warp (+ 1 signal warp)
constexpr int PAGE_BYTES = 16384;              // one bulk copy = one page
constexpr int PAGE_ELEMS = PAGE_BYTES / 2;     // 8192 bf16
#ifndef MK_NPAGES
#define MK_NPAGES 12
#endif
constexpr int NPAGES = MK_NPAGES;              // smem ring depth
constexpr int MAX_OUT = 1024;                  // rows per GEMV instruction (outbuf)
constexpr int MAX_CHUNK = 128;                 // attention positions per instruction
constexpr int MAX_SM_INSTRS = 160;             // instructions per SM (staged in shared memory)

// ---- ops ----
enum Op : int {
  OP_NOP = 0,
  OP_QKV = 1,      // RMSNorm + QKV GEMV + RoPE + KV append      units: 8 rows (2 pages)
  OP_ATTN = 2,     // partial attention, one (kv head, chunk)     2 pages: K and V of the chunk
  OP_OPROJ = 3,    // LSE merge + O-proj + residual               pages of 4 rows
  OP_GATEUP = 4,   // RMSNorm + gate/up + SiLU*mul                units: 4 gate + 4 up rows
  OP_DOWN = 5,     // down-proj + residual                         pages of 1 row
  OP_LMHEAD = 6,   // final RMSNorm + LM head + local argmax       pages of 4 rows
  OP_ARGMAX = 7,   // global argmax over LM-head partials          no pages
  NUM_OPS = 8
};

// Counter index: one counter per (layer, op); op LMHEAD/ARGMAX use layer = n_layers.
MK_HD inline int counter_id(int layer, int op) { return layer * NUM_OPS + op; }
// MK_OSPLIT=1 (attempt 16): one attention counter per (layer, KV head) after the (layer, op) counters.
constexpr int HEAD_CTR_BASE = (MAX_LAYERS + 1) * NUM_OPS;
MK_HD inline int head_counter_id(int layer, int g) { return HEAD_CTR_BASE + layer * NKV + g; }
constexpr int NUM_COUNTERS = HEAD_CTR_BASE + MAX_LAYERS * NKV;
// Order key of a counter (the scheduler's "waits only on an earlier op" check): a head counter ranks as its ATTN op.
MK_HD inline int counter_rank(int c) {
  return c < HEAD_CTR_BASE ? c : counter_id((c - HEAD_CTR_BASE) / NKV, OP_ATTN);
}
// Counter k lives at counters[k * CTR_STRIDE] (32: one 128-byte line per counter, so pollers
// of one counter do not share a line with producers of another).
#ifndef MK_CTR_STRIDE
#define MK_CTR_STRIDE 32
#endif
#ifndef MK_SPIN_NS
#define MK_SPIN_NS 0  // optional __nanosleep between polls (a timing variant)
#endif
constexpr int CTR_STRIDE = MK_CTR_STRIDE;

constexpr int FLAG_WAIT = 1;    // wait on counter `wait_ctr` before the instruction
constexpr int FLAG_LOADX = 2;   // (re)load the input vector x into shared memory
// MK_FUSED_AO (attempt 11): attention + O-proj fused per KV head. An OP_OPROJ instruction with
// FLAG_FUSED computes the attention of KV head g = (flags >> 8) & 7 (its 4 query heads, all
// positions, merged locally: no cross-SM LSE merge), then the split-K O-proj over g's 256
// columns for `count` pages of 32 rows starting at page `start`; its pages are (flags >> 16) & 255
// K/V pages (K, V of chunk 0, 1, ...; chunks of kv_chunk positions) followed by the `count` Wo
// pages. It stores part_o[(l*NKV + g)*D + row] (group 0 adds the residual). A GATEUP instruction
// with FLAG_FUSED sums the NKV partials as its input (h_mid); the one with start 0 also stores h_mid.
constexpr int FLAG_FUSED = 4;
#ifndef MK_FUSED_AO
#define MK_FUSED_AO 0  // measured slower at KV >= 256 (0.911 vs 0.781 ms at 512), even at 128 (NOTES.md attempts 11-12)
#endif
#ifndef MK_FUSED_MAXKV
#define MK_FUSED_MAXKV 1024  // the runner schedules the fused path up to this KV length (chunks of 128)
#endif
#ifndef MK_FUSED_ROT
#define MK_FUSED_ROT 0  // 1: SM j of a KV head's group streams its K/V chunks from chunk (j mod nchunks) on (attempt 12)
#endif
#ifndef MK_FUSED_DIAG
#define MK_FUSED_DIAG 0  // 1: timing only (wrong results): the fused op waits for its K/V pages but skips the attention math
#endif
constexpr int FUSED_ROWS = 32;  // Wo rows per fused O-proj page (32 rows x 256 columns x 2 B = 16 KiB)
// MK_OSPLIT (attempt 16): split-K O-proj. An OP_OPROJ instruction with FLAG_SPLITK works for KV head
// g = (flags >> 8) & 7 only: its input is the LSE merge of g's attention partials (4 query heads, 256 values,
// instead of all 32 heads), its `count` pages are Wo blocks of OSPLIT_ROWS rows x g's 256 columns (copied as
// OSPLIT_ROWS pieces of 512 B, like the fused O-proj), starting at block `start`; it adds its partial rows
// (+ the residual, g = 0) into h_mid with red.global.add.f32 (h_mid[l] is zeroed by the QKV(l) (MK_HZERO: gate/up(l-1)) instructions
// in the same launch). 1: the instruction waits on its head's attention counter (head_counter_id, nchunks
// signals); 2: on the layer's ATTN counter (all heads).
constexpr int FLAG_SPLITK = 8;
#ifndef MK_OSPLIT
#define MK_OSPLIT 1  // default since run 16b (with MK_OSPLIT_BLK=1: 0.6592 vs 0.6734 ms at KV 512); 0 = the old O-proj
#endif
constexpr int OSPLIT_ROWS = 32;
// MK_OSPLIT_BLK=1: the split-K Wo pages come from a blocked copy of Wo (Params::wob, [layer][g][row][256] bf16, made
// by the runner from the same weights), so each page is one contiguous 16-KiB bulk copy instead of 32 pieces of 512 B
// (run 16a: the pieces slowed the loader's stream by ~4 us per layer, mode 2 0.615 vs 0.550 ms).
#ifndef MK_OSPLIT_BLK
#define MK_OSPLIT_BLK 1  // default since run 16b; 0 = piece copies (run 16a: +57 us)
#endif

// MK_HZERO (attempt 17): h_mid[l] (the split-K O-proj's red.add target) is zeroed by the gate/up(l-1) instructions
// before their pages (gate/up unit u <-> row u: F / 4 == D), off the QKV -> ATTN -> O-proj chain; h_mid[0] still by
// QKV(0). Ordered before O-proj(l)'s adds by gate/up(l-1)'s release -> down(l-1) -> QKV(l) -> ATTN(l) -> O-proj(l).
#ifndef MK_HZERO
#define MK_HZERO 1  // default since run 17 (0.6573 vs 0.6590 ms at KV 512, same call); 0 = QKV(l) zeroes h_mid[l]
#endif
// MK_QTAG (attempt 17, needs MK_HZERO, MK_OSPLIT=1, MK_ATTN2): for layers >= 1 the QKV instructions (FLAG_QTAG) also
// publish q and the new K/V row as tagged 64-bit words {payload, epoch} (Params::qtag, QT_LAYER words per layer: q
// [32 heads][64] f32; K [8][32] = bf16 dims (d, d + 32); V [8][32] = bf16 dims (8m + j, 8m + j + 4), index 4m + j),
// each written with st.relaxed.gpu.b64 after a fence.acq_rel.gpu of the writing thread (a release pattern), after the
// publish barrier; the ATTN(l >= 1) instructions (FLAG_QTAG, no counter wait) poll exactly the words they need (warp 0;
// lane 0 with one ld.acquire.gpu: an acquire pattern), so q arrives with the poll instead of one more L2 round trip
// after an acquire, and only head g's producers are waited for. The QKV counter signal after the fence is
// red.relaxed.gpu (fence + strong write = release pattern).
#ifndef MK_SSQ
#define MK_SSQ 0  // attempt 18: the down op publishes the sum of squares of h_in[l+1] (red.add per SM); QKV(l+1) and the
                  // LM head skip the RMSNorm block reduction (2 consumer barriers)
#endif
#ifndef MK_QTAG
#define MK_QTAG 0  // run 17: no faster (0.6583 vs MK_HZERO alone 0.6573 ms at KV 512; correct, sanitizers clean)
#endif
constexpr int FLAG_QTAG = 16;
constexpr int QT_LAYER = D + 2 * NKV * (HD / 2);  // 2560 tagged words per layer

// One instruction: 8 int32 words.
struct Instr {
  int op;
  int layer;
  int start;       // first unit / page / (kvhead*nchunks+chunk)
  int count;       // number of units (QKV, GATEUP), pages (OPROJ, DOWN, LMHEAD); 1 for ATTN
  int flags;
  int wait_ctr;    // counter to wait on (if FLAG_WAIT)
  int wait_count;  // signals per launch that counter must have received
  int signal_ctr;  // counter to add 1 to (release) when done; -1: none
};

// Pages an instruction streams through the ring.
MK_HD inline int instr_pages(const Instr& in) {
  switch (in.op) {
    case OP_QKV: return 2 * in.count;
    case OP_GATEUP: return 2 * in.count;
    case OP_OPROJ: return (MK_FUSED_AO && (in.flags & FLAG_FUSED)) ? ((in.flags >> 16) & 255) + in.count : in.count;
    case OP_DOWN: case OP_LMHEAD: return in.count;
    case OP_ATTN: return 2;
    default: return 0;
  }
}

// The bounds on one instruction's words that every buffer index of the kernel relies on: the op is
// one of the ops, its page count and output rows fit the ring's accounting and out[] (MAX_OUT rows),
// a QKV instruction's rows fit the consumer threads, its counters are counters. The host's
// validate_schedule checks them (among the schedule-wide rules), and with MK_GUARD the kernel traps on
// an instruction that breaks them instead of writing past a shared buffer. syncproof proves the
// kernel with the guard in place: it is what keeps the staged words one value per SM (their
// indices cannot reach s.ins). Cost: a few integer compares per instruction (kernels/NOTES.md).
MK_HD inline int instr_rows(const Instr& in) {
  if ((in.flags & FLAG_FUSED) && in.op == OP_OPROJ) return in.count * FUSED_ROWS;
  if ((in.flags & FLAG_SPLITK) && in.op == OP_OPROJ) return in.count * OSPLIT_ROWS;
  return instr_pages(in) * (in.op == OP_DOWN ? 1 : 4);
}
MK_HD inline bool instr_in_bounds(const Instr& in) {
  if (in.op < 0 || in.op >= NUM_OPS || in.count < 0 || in.count > MAX_OUT) return false;
  if (in.layer < 0 || in.layer > MAX_LAYERS) return false;
  if (instr_rows(in) > MAX_OUT) return false;
  if (in.op == OP_QKV && in.count * 4 > NCONS) return false;
  if ((in.flags & FLAG_WAIT) && (in.wait_ctr < 0 || in.wait_ctr >= NUM_COUNTERS || in.wait_count < 0)) return false;
  return in.signal_ctr >= -1 && in.signal_ctr < NUM_COUNTERS;
}

// ---- weight blob layout (bf16 elements; offsets in elements) ----
struct LayerOffsets {
  long long attn_norm, wqkv, wo, ffn_norm, wg, wu, wd;
};
struct WeightLayout {
  long long embed;           // [vocab][D]  (also the LM head)
  LayerOffsets layer[MAX_LAYERS];
  long long final_norm;      // [D]
  long long total;           // elements
};

// ---- everything the kernel needs ----
struct Params {
  const uint16_t* w;          // weight blob (bf16 bits)
  WeightLayout lay;
  int n_layers;
  int vocab;
  int pos;                    // position of the new token (attends to 0..pos)
  unsigned epoch;             // 1-based launch number (monotone counters)
  int kv_chunk;               // positions per attention instruction (<= MAX_CHUNK)
  int nchunks;                // attention chunks per kv head
  const Instr* instrs;        // all instructions, SM by SM
  const int* sm_begin;        // [gridDim.x + 1] offsets into instrs
  unsigned* counters;         // [NUM_COUNTERS * CTR_STRIDE], never reset
  int* tokens;                // token history: reads tokens[pos], writes tokens[pos+1]
  uint16_t* kcache;           // [L][NKV][MAX_POS][HD] bf16
  uint16_t* vcache;
  float* h;                   // residual stream: [2*L+1][D]: h_in[l]=h[2l], h_mid[l]=h[2l+1]
  float* q;                   // [L][D]   post-RoPE queries
  float* part_o;              // [L][NQ][nchunks][HD]  unnormalized partial outputs
  float* part_ml;             // [L][NQ][nchunks][2]   (max, sum)
  float* act;                 // [L][F]   SiLU(g)*u
  float* logits;              // [vocab]
  float* amax_val;            // [gridDim.x]
  int* amax_idx;              // [gridDim.x]
  unsigned long long* trace;  // MK_TRACE builds only: per-SM clock64 stamps (runner.cu, NOTES.md)
#if MK_OSPLIT_BLK
  const uint16_t* wob;        // MK_OSPLIT_BLK: Wo blocked per KV head, [layer][NKV][D][4*HD] bf16
#endif
#if MK_SSQ
  float* ssq;                 // MK_SSQ (attempt 18): [(L + 1) * 32] sums of squares of h_in[l] (one 128-B line each)
#endif
#if MK_QTAG
  unsigned long long* qtag;   // MK_QTAG: [layer][QT_LAYER] tagged words {payload (low 32 bits), epoch (high 32)}
#endif
  int mode;                   // 0: normal. Timing variants (wrong results): 1 no dependency
                              // waits; 2 no waits, consumers only release pages (loader bound)
};

}  // namespace mk
