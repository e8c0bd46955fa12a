// runner.cu — weight generation, schedule, launch, correctness dumps and timing.
//
//   mk_run check --kv P --steps N [--dump DIR] [--layers L] [--vocab V] [--chunk S]
//       random bf16 KV prefix for positions [0,P), first token tokens[P]=1000%V, then N greedy
//       decode steps at positions P..P+N-1; dumps weights, prefix, logits, tokens for
//       reference.py when --dump is given.
//   mk_run time --kv 128,512,2048 [--iters 200] [--warmup 30] [--mode 0/1/2] [--chunk S (0 = auto: 64 up to KV 1024, else 128)]
//       per KV length L: schedule with ceil(L/S) chunks, pos = L-1 (the step attends to L
//       positions), `warmup` launches, then `iters` back-to-back launches, each bracketed by
//       CUDA events; prints the median and mean per-token time.
//   mk_run schedule --kv L --out FILE     writes the schedule file only (no GPU needed).
//   check/time take --impl perop: the per-op baseline (perop.cu) instead of the megakernel, one CUDA graph
//       per step on the same weights, KV cache and buffers; --pdl 0|1 (default 1: programmatic dependent
//       launch), --pf BYTES (weights prefetched to L2 per block before the PDL wait; default 16384),
//       --ogrid N (blocks per GEMV kernel; default two per SM). The defaults are run 29d's fastest (NOTES.md).
//   check/time also take --epoch0 E (attempt 25): the first launch of each schedule runs as epoch E, with every
//       counter preset to (E-1) * its signals per launch (mod 2^32), as E-1 earlier launches would have left it
//       (the wrap probe: E = 32537630 puts the 132-signal counters' wrap at the third launch); and check takes
//       --logits-out FILE: the steps x vocab f32 logits alone (no weights dump).
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../megakernel.h"
#include "../perop.h"
#include "scheduler.h"
#include "../cuda_check.h"

namespace mk {
__global__ void megakernel(const __grid_constant__ Params p);
extern const size_t kSmemBytes;
}  // namespace mk

using namespace mk;

// ---------------------------------------------------------------- deterministic generator
__host__ __device__ inline unsigned long long splitmix64(unsigned long long x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
__device__ inline uint16_t to_bf16(float f) {
  unsigned u = __float_as_uint(f);
  u += 0x7fffu + ((u >> 16) & 1u);
  return (uint16_t)(u >> 16);
}
// dst[i] = bf16(bias + scale * U[-1,1)), U from (seed, i)
__global__ void gen_uniform(uint16_t* dst, long long n, unsigned long long seed, float scale, float bias) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    unsigned long long r = splitmix64(seed * 0x100000001B3ull + (unsigned long long)i);
    float u = (float)(r >> 40) * (1.0f / 8388608.0f) - 1.0f;  // 24 bits -> [-1, 1)
    dst[i] = to_bf16(bias + scale * u);
  }
}
static void gen(uint16_t* dst, long long n, unsigned long long seed, float scale, float bias) {
  gen_uniform<<<1024, 256>>>(dst, n, seed, scale, bias);
  CK(cudaGetLastError());
}

// ---------------------------------------------------------------- model state on the device
struct Model {
  int n_layers, vocab;
  WeightLayout lay{};
  uint16_t* w = nullptr;
  uint16_t *kc = nullptr, *vc = nullptr;
  float *h, *q, *po, *pml, *act, *logits, *amv;
  int *tokens, *ami;
  unsigned* counters;
  unsigned long long* trace = nullptr;  // MK_TRACE builds: per-SM clock64 stamps
  unsigned long long* qtag = nullptr;
  float* ssq = nullptr;                 // MK_SSQ: published sums of squares (attempt 18)   // MK_QTAG: tagged q / new K/V words (attempt 17)
  uint16_t* wob = nullptr;              // MK_OSPLIT_BLK: Wo blocked per KV head (a copy of the same weights)
  unsigned epoch = 0;
};
#ifndef MK_TRACE
#define MK_TRACE 0
#endif
static_assert(NKV * D <= NQ * 256 * HD, "the fused O-proj partials (NKV x D per layer) live in part_o");
constexpr int kTracePerSm = MAX_SM_INSTRS * 8 + 8;  // = TRACE_PER_SM in megakernel.cu

// MK_OSPLIT_BLK (attempt 16): dst[g][row][c] = src[row][256 g + c] for one layer's Wo (D x D).
__global__ void block_wo(const uint16_t* src, uint16_t* dst) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < (long long)D * D; i += (long long)gridDim.x * blockDim.x) {
    const long long row = i / D, col = i % D, g = col / (4 * HD), c = col % (4 * HD);
    dst[(g * D + row) * (4 * HD) + c] = src[i];
  }
}
static void init_model(Model& m, int n_layers, int vocab, unsigned long long seed) {
  m.n_layers = n_layers;
  m.vocab = vocab;
  m.lay = layout_weights(n_layers, vocab);
  CK(cudaMalloc(&m.w, m.lay.total * 2));
  CK(cudaMemset(m.w, 0, m.lay.total * 2));
  const float s3 = sqrtf(3.f);
  gen(m.w + m.lay.embed, (long long)vocab * D, seed + 1, 0.02f * s3, 0.f);
  for (int l = 0; l < n_layers; ++l) {
    const LayerOffsets& L = m.lay.layer[l];
    unsigned long long b = seed + 100 + 16 * l;
    gen(m.w + L.attn_norm, D, b + 0, 0.1f, 1.f);
    gen(m.w + L.wqkv, (long long)QKV_ROWS * D, b + 1, s3 / sqrtf((float)D), 0.f);
    gen(m.w + L.wo, (long long)D * D, b + 2, s3 / sqrtf((float)D), 0.f);
    gen(m.w + L.ffn_norm, D, b + 3, 0.1f, 1.f);
    gen(m.w + L.wg, (long long)F * D, b + 4, s3 / sqrtf((float)D), 0.f);
    gen(m.w + L.wu, (long long)F * D, b + 5, s3 / sqrtf((float)D), 0.f);
    gen(m.w + L.wd, (long long)D * F, b + 6, s3 / sqrtf((float)F), 0.f);
  }
  gen(m.w + m.lay.final_norm, D, seed + 99, 0.1f, 1.f);
#if MK_OSPLIT_BLK
  CK(cudaMalloc(&m.wob, (size_t)n_layers * D * D * 2));
  for (int l = 0; l < n_layers; ++l) {
    block_wo<<<1024, 256>>>(m.w + m.lay.layer[l].wo, m.wob + (size_t)l * D * D);
    CK(cudaGetLastError());
  }
#endif
  const long long kvn = (long long)MAX_LAYERS * NKV * MAX_POS * HD;
  CK(cudaMalloc(&m.kc, kvn * 2));
  CK(cudaMalloc(&m.vc, kvn * 2));
  gen(m.kc, kvn, seed + 7, 1.f, 0.f);  // random prefix (positions < P are what a step reads)
  gen(m.vc, kvn, seed + 8, 1.f, 0.f);
  CK(cudaMalloc(&m.h, (size_t)(2 * MAX_LAYERS + 1) * D * 4));
  CK(cudaMalloc(&m.q, (size_t)MAX_LAYERS * D * 4));
  CK(cudaMalloc(&m.po, (size_t)MAX_LAYERS * NQ * 256 * HD * 4));  // nchunks <= 256
  CK(cudaMalloc(&m.pml, (size_t)MAX_LAYERS * NQ * 256 * 2 * 4));
  CK(cudaMalloc(&m.act, (size_t)MAX_LAYERS * F * 4));
  CK(cudaMalloc(&m.logits, (size_t)vocab * 4));
  CK(cudaMalloc(&m.amv, 1024 * 4));
  CK(cudaMalloc(&m.ami, 1024 * 4));
  CK(cudaMalloc(&m.tokens, (MAX_POS + 1) * 4));
  CK(cudaMalloc(&m.counters, NUM_COUNTERS * CTR_STRIDE * 4));
  CK(cudaMemset(m.counters, 0, NUM_COUNTERS * CTR_STRIDE * 4));  // once; epochs make resets unnecessary
#if MK_SSQ
  CK(cudaMalloc(&m.ssq, (size_t)(MAX_LAYERS + 1) * 32 * 4));
  CK(cudaMemset(m.ssq, 0xff, (size_t)(MAX_LAYERS + 1) * 32 * 4));  // NaN until a launch writes it
#endif
#if MK_QTAG
  CK(cudaMalloc(&m.qtag, (size_t)MAX_LAYERS * QT_LAYER * 8));
  CK(cudaMemset(m.qtag, 0, (size_t)MAX_LAYERS * QT_LAYER * 8));
#endif
  if (MK_TRACE) {
    CK(cudaMalloc(&m.trace, (size_t)1024 * kTracePerSm * 8));
    CK(cudaMemset(m.trace, 0, (size_t)1024 * kTracePerSm * 8));
  }
  // poison activations so that an unwritten value shows up as NaN
  CK(cudaMemset(m.h, 0xff, (size_t)(2 * MAX_LAYERS + 1) * D * 4));
  CK(cudaMemset(m.q, 0xff, (size_t)MAX_LAYERS * D * 4));
  CK(cudaMemset(m.act, 0xff, (size_t)MAX_LAYERS * F * 4));
  CK(cudaMemset(m.logits, 0xff, (size_t)vocab * 4));
  CK(cudaDeviceSynchronize());
}

struct Launcher {
  Schedule sched;
  Instr* d_instrs = nullptr;
  int* d_begin = nullptr;
  Params p{};
  int grid = 0;
  unsigned epoch0 = 1;  // --epoch0 (attempt 25): epoch of the first launch of a schedule

  void setup(Model& m, const Schedule& s, int nowait) {
    sched = s;
    // Counters count signals per launch of THIS schedule: a new schedule starts from zero.
    CK(cudaDeviceSynchronize());
    CK(cudaMemset(m.counters, 0, NUM_COUNTERS * CTR_STRIDE * 4));
#if MK_QTAG
    CK(cudaMemset(m.qtag, 0, (size_t)MAX_LAYERS * QT_LAYER * 8));  // tags carry epochs: they restart with them
#endif
    m.epoch = 0;
    std::string err = validate_schedule(s);
    if (!err.empty()) {
      fprintf(stderr, "schedule invalid: %s\n", err.c_str());
      exit(1);
    }
    if (epoch0 != 1) {
      // --epoch0 E: counters as E-1 launches of this schedule leave them (each counter k gets signals[k] per launch;
      // u32 arithmetic, i.e. mod 2^32 like the device's red.add), and the next launch is epoch E.
#if defined(MK_LMDYN) && MK_LMDYN > 0
      fprintf(stderr, "--epoch0 does not preset the MK_LMDYN ticket\n");
      exit(2);
#endif
      std::vector<unsigned> c((size_t)NUM_COUNTERS * CTR_STRIDE, 0u);
      for (int k = 0; k < NUM_COUNTERS; ++k) c[(size_t)k * CTR_STRIDE] = (epoch0 - 1u) * (unsigned)s.signals[k];
      CK(cudaMemcpy(m.counters, c.data(), c.size() * 4, cudaMemcpyHostToDevice));
      m.epoch = epoch0 - 1u;
    }
    if (d_instrs) { cudaFree(d_instrs); cudaFree(d_begin); }
    CK(cudaMalloc(&d_instrs, s.instrs.size() * sizeof(Instr)));
    CK(cudaMalloc(&d_begin, s.sm_begin.size() * sizeof(int)));
    CK(cudaMemcpy(d_instrs, s.instrs.data(), s.instrs.size() * sizeof(Instr), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_begin, s.sm_begin.data(), s.sm_begin.size() * sizeof(int), cudaMemcpyHostToDevice));
    grid = s.cfg.n_sms;
    p.w = m.w;
    p.lay = m.lay;
    p.n_layers = m.n_layers;
    p.vocab = m.vocab;
    p.kv_chunk = s.cfg.kv_chunk;
    p.nchunks = s.cfg.nchunks;
    p.instrs = d_instrs;
    p.sm_begin = d_begin;
    p.counters = m.counters;
    p.tokens = m.tokens;
    p.kcache = m.kc;
    p.vcache = m.vc;
    p.h = m.h;
    p.q = m.q;
    p.part_o = m.po;
    p.part_ml = m.pml;
    p.act = m.act;
    p.logits = m.logits;
    p.amax_val = m.amv;
    p.amax_idx = m.ami;
    p.mode = nowait;
#if MK_OSPLIT_BLK
    p.wob = m.wob;
#endif
#if MK_SSQ
    p.ssq = m.ssq;
#endif
#if MK_QTAG
    p.qtag = m.qtag;
#endif
    p.trace = m.trace;
  }
  void launch(Model& m, int pos, cudaStream_t st) {
    p.pos = pos;
    p.epoch = ++m.epoch;
    void* args[] = {&p};
    CK(cudaLaunchCooperativeKernel((void*)megakernel, dim3(grid), dim3(NTHREADS), args, kSmemBytes, st));
  }
};

// The per-op baseline on the model's buffers (perop.h). `d_pos` is device memory holding the step's position.
struct PerOpRunner {
  perop::Args a{};
  perop::Options o;
  cudaGraphExec_t exec = nullptr;
  int* d_pos = nullptr;
  int n_kernels = 0;
  int pf_bytes = 16384;  // run 29d: 16 KB beat 0, 8, 24, 32 and 64 KB at every KV length
  void setup(Model& m, const ScheduleConfig& c, int n_sms, cudaStream_t st) {
    if (!d_pos) {
      CK(cudaMalloc(&d_pos, 4));
      CK(cudaMalloc(&a.attn_o, (size_t)MAX_LAYERS * D * 4));
      CK(cudaMalloc(&a.attn_done, (size_t)MAX_LAYERS * NKV * 4));
      CK(cudaMemset(a.attn_done, 0, (size_t)MAX_LAYERS * NKV * 4));
    }
    a.w = m.w;
    a.lay = m.lay;
    a.n_layers = m.n_layers;
    a.vocab = m.vocab;
    a.kv_chunk = c.kv_chunk;
    a.nchunks = c.nchunks;
    a.pos = d_pos;
    a.tokens = m.tokens;
    a.kcache = m.kc;
    a.vcache = m.vc;
    a.h = m.h;
    a.q = m.q;
    a.part_o = m.po;
    a.part_ml = m.pml;
    a.act = m.act;
    a.logits = m.logits;
    a.amax_val = m.amv;
    a.amax_idx = m.ami;
    a.pf_bytes = pf_bytes;
    if (exec) CK(cudaGraphExecDestroy(exec));
    exec = perop::build_graph(a, o, n_sms, st, &n_kernels);
  }
  void set_pos(int pos, cudaStream_t st) {
    CK(cudaMemcpyAsync(d_pos, &pos, 4, cudaMemcpyHostToDevice, st));
    CK(cudaStreamSynchronize(st));
  }
  void launch(cudaStream_t st) { CK(cudaGraphLaunch(exec, st)); }
};

static std::vector<int> parse_list(const char* s) {
  std::vector<int> v;
  while (*s) {
    v.push_back(atoi(s));
    const char* c = strchr(s, ',');
    if (!c) break;
    s = c + 1;
  }
  return v;
}

static bool write_file(const std::string& path, const void* data, size_t bytes) {
  FILE* f = fopen(path.c_str(), "wb");
  if (!f) return false;
  size_t w = fwrite(data, 1, bytes, f);
  fclose(f);
  return w == bytes;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: mk_run check|time|schedule|smem [options]\n");
    return 2;
  }
  setvbuf(stdout, nullptr, _IOLBF, 0);
  std::string mode = argv[1];
  if (mode == "smem") {  // the dynamic shared memory of this build (mk_schedule --smem: the contract's dynamic_smem)
    printf("%zu\n", kSmemBytes);
    return 0;
  }
  int layers = 16, vocab = 128256, chunk = 0, steps = 32, iters = 200, warmup = 30, nowait = 0, attn_qkv = -1;
  std::vector<std::pair<int, int>> qkv_units;  // attempt 24 (--qkv-units)
  std::vector<int> kvs = {512};
  std::string dump, out = "schedule.txt", logits_out, impl = "mega";
  PerOpRunner PO;
  unsigned epoch0 = 1;
  unsigned long long seed = 1234;
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char* {
      if (i + 1 >= argc) { fprintf(stderr, "missing value for %s\n", a.c_str()); exit(2); }
      return argv[++i];
    };
    if (a == "--kv") kvs = parse_list(next());
    else if (a == "--steps") steps = atoi(next());
    else if (a == "--layers") layers = atoi(next());
    else if (a == "--vocab") vocab = atoi(next());
    else if (a == "--chunk") chunk = atoi(next());
    else if (a == "--attn-qkv") attn_qkv = atoi(next());  // attempt 18: QKV units of the attention SMs (scheduler.h)
    else if (a == "--qkv-units") {  // attempt 24: "SM=U,SM=U,...": fixed QKV shares (scheduler.h, qkv_units)
      std::string v = next();
      size_t q = 0;
      while (q < v.size()) {
        size_t c = v.find(',', q);
        if (c == std::string::npos) c = v.size();
        const std::string it = v.substr(q, c - q);
        const size_t e = it.find('=');
        if (e != std::string::npos) qkv_units.emplace_back(atoi(it.substr(0, e).c_str()), atoi(it.substr(e + 1).c_str()));
        q = c + 1;
      }
    }
    else if (a == "--iters") iters = atoi(next());
    else if (a == "--warmup") warmup = atoi(next());
    else if (a == "--dump") dump = next();
    else if (a == "--logits-out") logits_out = next();  // attempt 25: check mode, logits only
    else if (a == "--epoch0") epoch0 = (unsigned)strtoul(next(), nullptr, 10);  // attempt 25: wrap probe
    else if (a == "--out") out = next();
    else if (a == "--seed") seed = strtoull(next(), nullptr, 10);
    else if (a == "--impl") impl = next();
    else if (a == "--pdl") PO.o.pdl = atoi(next()) != 0;
    else if (a == "--pf") PO.pf_bytes = atoi(next());
    else if (a == "--ogrid") PO.o.gemv_grid = atoi(next());
    else if (a == "--nowait") nowait = 1;
    else if (a == "--mode") nowait = atoi(next());
    else { fprintf(stderr, "unknown option %s\n", a.c_str()); return 2; }
  }

  if (impl != "mega" && impl != "perop") { fprintf(stderr, "--impl is mega or perop\n"); return 2; }
  const bool perop_impl = impl == "perop";
  int n_sms = 132;
  if (mode != "schedule") {
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    n_sms = prop.multiProcessorCount;
    CK(cudaFuncSetAttribute(megakernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)kSmemBytes));
    int per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, megakernel, NTHREADS, kSmemBytes));
    printf("device %s, %d SMs, L2 %d MB; megakernel: %d threads, %zu B smem, %d CTA/SM, %d pages\n",
           prop.name, n_sms, prop.l2CacheSize >> 20, NTHREADS, kSmemBytes, per_sm, NPAGES);
    if (per_sm < 1) { fprintf(stderr, "megakernel does not fit on an SM\n"); return 1; }
  }

  auto make_sched = [&](int kvlen) {
    const ScheduleConfig c = default_config(n_sms, layers, vocab, kvlen, chunk, attn_qkv, qkv_units);
    return build_schedule(c);
  };

  if (mode == "schedule") {
    Schedule s = make_sched(kvs[0]);
    std::string err = validate_schedule(s);
    if (!err.empty()) { fprintf(stderr, "schedule invalid: %s\n", err.c_str()); return 1; }
    if (!write_schedule(s, out)) { fprintf(stderr, "cannot write %s\n", out.c_str()); return 1; }
    long long mx = *std::max_element(s.sm_bytes.begin(), s.sm_bytes.end());
    long long mn = *std::min_element(s.sm_bytes.begin(), s.sm_bytes.end());
    printf("schedule: %zu instructions, bytes per SM %lld..%lld, written to %s\n", s.instrs.size(), mn, mx,
           out.c_str());
    return 0;
  }

  Model m;
  init_model(m, layers, vocab, seed);
  printf("weights: %.3f GB (%d layers, vocab %d)\n", m.lay.total * 2e-9, layers, vocab);
  cudaStream_t st;
  CK(cudaStreamCreate(&st));
  Launcher L;
  L.epoch0 = epoch0;

  if (mode == "check") {
    const int P = kvs[0];
    Schedule s = make_sched(P + steps);
    if (perop_impl) {
      PO.setup(m, s.cfg, n_sms, st);
      printf("per-op baseline: %d kernels per step in one CUDA graph, PDL %s, L2 prefetch %d B per block\n",
             PO.n_kernels, PO.o.pdl ? "on" : "off", PO.pf_bytes);
    } else {
      L.setup(m, s, 0);
      if (!dump.empty()) write_schedule(s, dump + "/schedule.txt");
    }
    std::vector<int> toks(MAX_POS + 1, 0);
    toks[P] = 1000 % vocab;
    CK(cudaMemcpy(m.tokens, toks.data(), toks.size() * 4, cudaMemcpyHostToDevice));
    std::vector<float> logits((size_t)steps * vocab);
    bool finite = true;
    for (int k = 0; k < steps; ++k) {
      if (perop_impl) {
        PO.set_pos(P + k, st);
        PO.launch(st);
      } else {
        L.launch(m, P + k, st);
      }
      CK(cudaStreamSynchronize(st));
      CK(cudaGetLastError());
      CK(cudaMemcpy(logits.data() + (size_t)k * vocab, m.logits, (size_t)vocab * 4, cudaMemcpyDeviceToHost));
      for (int v = 0; v < vocab; ++v)
        if (!std::isfinite(logits[(size_t)k * vocab + v])) { finite = false; break; }
    }
    CK(cudaMemcpy(toks.data(), m.tokens, toks.size() * 4, cudaMemcpyDeviceToHost));
    if (epoch0 != 1) printf("epochs %u..%u (counters preset for epoch %u)\n", epoch0, epoch0 + steps - 1, epoch0);
    printf("check: P=%d steps=%d nchunks=%d tokens:", P, steps, s.cfg.nchunks);
    for (int k = 0; k <= steps; ++k) printf(" %d", toks[P + k]);
    printf("\nlogits all finite: %s\n", finite ? "yes" : "NO");
    // host-side argmax must equal the in-kernel argmax
    int mism = 0;
    for (int k = 0; k < steps; ++k) {
      const float* lg = logits.data() + (size_t)k * vocab;
      int bi = (int)(std::max_element(lg, lg + vocab) - lg);
      if (bi != toks[P + k + 1]) ++mism;
    }
    printf("in-kernel argmax vs host argmax of the same logits: %d mismatches of %d\n", mism, steps);
    if (!logits_out.empty() && !write_file(logits_out, logits.data(), logits.size() * 4)) {
      fprintf(stderr, "cannot write %s\n", logits_out.c_str());
      return 1;
    }
    if (!dump.empty()) {
      std::vector<uint16_t> hw(m.lay.total);
      CK(cudaMemcpy(hw.data(), m.w, m.lay.total * 2, cudaMemcpyDeviceToHost));
      write_file(dump + "/weights.bin", hw.data(), hw.size() * 2);
      // prefix [l][kvh][0..P)[HD] of K and V
      std::vector<uint16_t> kp((size_t)layers * NKV * P * HD), vp(kp.size());
      for (int l = 0; l < layers; ++l)
        for (int h = 0; h < NKV; ++h) {
          size_t src = ((size_t)(l * NKV + h) * MAX_POS) * HD, dst = ((size_t)(l * NKV + h) * P) * HD;
          CK(cudaMemcpy(kp.data() + dst, m.kc + src, (size_t)P * HD * 2, cudaMemcpyDeviceToHost));
          CK(cudaMemcpy(vp.data() + dst, m.vc + src, (size_t)P * HD * 2, cudaMemcpyDeviceToHost));
        }
      write_file(dump + "/k_prefix.bin", kp.data(), kp.size() * 2);
      write_file(dump + "/v_prefix.bin", vp.data(), vp.size() * 2);
      write_file(dump + "/logits.bin", logits.data(), logits.size() * 4);
      FILE* f = fopen((dump + "/meta.txt").c_str(), "w");
      fprintf(f, "layers %d\nvocab %d\nP %d\nsteps %d\n", layers, vocab, P, steps);
      fprintf(f, "tokens");
      for (int k = 0; k <= steps; ++k) fprintf(f, " %d", toks[P + k]);
      fprintf(f, "\nembed %lld\nfinal_norm %lld\n", m.lay.embed, m.lay.final_norm);
      for (int l = 0; l < layers; ++l) {
        const LayerOffsets& o = m.lay.layer[l];
        fprintf(f, "layer %d %lld %lld %lld %lld %lld %lld %lld\n", l, o.attn_norm, o.wqkv, o.wo, o.ffn_norm,
                o.wg, o.wu, o.wd);
      }
      fclose(f);
      printf("dumped to %s\n", dump.c_str());
    }
    return finite ? 0 : 1;
  }

  if (mode == "time") {
    cudaEvent_t ev[1024];
    if (iters + 1 > 1024) iters = 1023;
    for (int i = 0; i <= iters; ++i) CK(cudaEventCreate(&ev[i]));
    printf("%-8s %-8s %-12s %-12s %-12s %-10s\n", "KV", "nchunks", "median_ms", "mean_ms", "min_ms",
           "GB/s(w+kv)");
    for (int kv : kvs) {
      Schedule s = make_sched(kv);
      const int pos = kv - 1;
      if (perop_impl) {
        PO.setup(m, s.cfg, n_sms, st);
        PO.set_pos(pos, st);
      } else {
        L.setup(m, s, nowait);
      }
      std::vector<int> toks(MAX_POS + 1, 1000 % vocab);
      CK(cudaMemcpy(m.tokens, toks.data(), toks.size() * 4, cudaMemcpyHostToDevice));
      auto step = [&]() {
        if (perop_impl) PO.launch(st);
        else L.launch(m, pos, st);
      };
      for (int i = 0; i < warmup; ++i) step();
      CK(cudaStreamSynchronize(st));
      for (int i = 0; i < iters; ++i) {
        CK(cudaEventRecord(ev[i], st));
        step();
      }
      CK(cudaEventRecord(ev[iters], st));
      CK(cudaStreamSynchronize(st));
      CK(cudaGetLastError());
      std::vector<float> t(iters);
      for (int i = 0; i < iters; ++i) CK(cudaEventElapsedTime(&t[i], ev[i], ev[i + 1]));
      float total;
      CK(cudaEventElapsedTime(&total, ev[0], ev[iters]));
      std::vector<float> ts = t;
      std::sort(ts.begin(), ts.end());
      const double bytes = m.lay.total * 2.0 + (double)layers * 2 * NKV * HD * 2 * kv;
      printf("%-8d %-8d %-12.4f %-12.4f %-12.4f %-10.0f%s\n", kv, s.cfg.nchunks, ts[iters / 2], total / iters,
             ts[0], bytes / (ts[iters / 2] * 1e-3) * 1e-9,
             perop_impl ? (PO.o.pdl ? "  (per-op graph, PDL)" : "  (per-op graph, no PDL)")
             : nowait == 1 ? "  (mode 1: no dependency waits)" : nowait == 2 ? "  (mode 2: loader only)" : "");
      if (MK_TRACE) {  // the stamps of the last launch: trace_kv<L>_m<mode>.bin (u64, kTracePerSm per SM)
        std::vector<unsigned long long> tr((size_t)L.grid * kTracePerSm);
        CK(cudaMemcpy(tr.data(), m.trace, tr.size() * 8, cudaMemcpyDeviceToHost));
        const char* dir = getenv("MK_TRACE_DIR");
        char path[512];
        snprintf(path, sizeof path, "%s/trace_kv%d_m%d.bin", dir ? dir : ".", kv, nowait);
        if (!write_file(path, tr.data(), tr.size() * 8)) fprintf(stderr, "cannot write %s\n", path);
        else printf("trace written to %s\n", path);
#if MK_DIAG
        // attempt 20: the MK_DIAG region (8 u64 per instruction, SMs grid .. 2 grid - 1 of the trace buffer)
        CK(cudaMemcpy(tr.data(), m.trace + (size_t)L.grid * kTracePerSm, tr.size() * 8, cudaMemcpyDeviceToHost));
        snprintf(path, sizeof path, "%s/diag_kv%d_m%d.bin", dir ? dir : ".", kv, nowait);
        if (!write_file(path, tr.data(), tr.size() * 8)) fprintf(stderr, "cannot write %s\n", path);
        else printf("diag written to %s\n", path);
#endif
      }
    }
    return 0;
  }
  fprintf(stderr, "unknown mode %s\n", mode.c_str());
  return 2;
}
