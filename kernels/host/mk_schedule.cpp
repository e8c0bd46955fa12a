// mk_schedule.cpp — the megakernel's schedule and its syncproof contract, without a GPU.
//
//   mk_schedule --kv L --out DIR [--layers N] [--vocab V] [--sms S] [--chunk C] [--smem BYTES]
//
// Builds the schedule the runner launches for a step that attends to L positions (pos = L-1,
// the first launch of the schedule: epoch 1), checks it (validate_schedule) and writes into DIR:
//   schedule.txt   the documented schedule file (docs/megakernel.md, "Schedule file")
//   instrs.txt     the instruction words (`--memory p.instrs=`), 8 i32 per instruction
//   sm_begin.txt   each SM's first instruction (`--memory p.sm_begin=`)
//   contract.yaml  the launch contract syncproof checks the kernel under: grid, block, dynamic
//                  shared memory (--smem), cooperative launch, the scalar parameters (p.pos,
//                  p.epoch, p.mode = 0, nonnull(p.w), the weight layout p.lay.*) and the two
//                  memory files.
// Plain C++ (no CUDA): CMake builds it with the checker, and scripts/ run it before the check.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>

#include "scheduler.h"

using namespace mk;

namespace {

int usage() {
  fprintf(stderr, "usage: mk_schedule --kv L --out DIR [--layers N] [--vocab V] [--sms S] [--chunk C] [--smem BYTES]\n");
  return 2;
}

}  // namespace

int main(int argc, char **argv) {
  int kv = -1, layers = MAX_LAYERS, vocab = 128256, sms = 132, chunk = 0;
  long long smem = 0;
  std::string out;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return usage();
    const char *v = argv[++i];
    char *end = nullptr;
    const long n = strtol(v, &end, 10);
    const bool num = end && *end == 0 && end != v;
    if (a == "--out") out = v;
    else if (!num) return usage();
    else if (a == "--kv") kv = (int)n;
    else if (a == "--layers") layers = (int)n;
    else if (a == "--vocab") vocab = (int)n;
    else if (a == "--sms") sms = (int)n;
    else if (a == "--chunk") chunk = (int)n;
    else if (a == "--smem") smem = n;
    else return usage();
  }
  if (kv < 1 || kv > MAX_POS || out.empty() || layers < 1 || layers > MAX_LAYERS || sms < 1) return usage();
  mkdir(out.c_str(), 0755);
  const Schedule s = build_schedule(default_config(sms, layers, vocab, kv, chunk, -1, {}));
  const std::string err = validate_schedule(s);
  if (!err.empty()) {
    fprintf(stderr, "mk_schedule: schedule invalid: %s\n", err.c_str());
    return 1;
  }
  if (!write_schedule(s, out + "/schedule.txt") ||
      !write_schedule_words(s, out + "/instrs.txt", out + "/sm_begin.txt")) {
    fprintf(stderr, "mk_schedule: cannot write into %s\n", out.c_str());
    return 1;
  }
  const WeightLayout lay = layout_weights(layers, vocab);
  const std::string spec = out + "/contract.yaml";
  FILE *f = fopen(spec.c_str(), "w");
  if (!f) {
    fprintf(stderr, "mk_schedule: cannot write %s\n", spec.c_str());
    return 1;
  }
  fprintf(f, "# The megakernel's launch (kernels/host/runner.cu, Launcher) for KV length %d, written by\n"
             "# mk_schedule: the first launch of this schedule (epoch 1, counters zero).\n",
          kv);
  fprintf(f, "version: 1\nkernels: [megakernel]\nlaunch:\n  grid: %d\n  block: %d\n  cooperative: true\n  device: h200\n  blocks_per_sm: 1\n",
          sms, NTHREADS);
  if (smem > 0) fprintf(f, "  dynamic_smem: %lld\n", smem);  // kSmemBytes of the build (mk_run prints it)
  fprintf(f, "params:\n  p.n_layers: %d\n  p.vocab: %d\n  p.pos: %d\n  p.epoch: 1\n  p.kv_chunk: %d\n"
             "  p.nchunks: %d\n  p.mode: 0\n",
          layers, vocab, kv - 1, s.cfg.kv_chunk, s.cfg.nchunks);
  // The kernel tests a pointer derived from p.w for null (load_rmsnorm's srcb): the runner's
  // weight blob is never null.
  fprintf(f, "  \"nonnull(p.w)\": 1\n");
  fprintf(f, "  p.lay.embed: %lld\n  p.lay.final_norm: %lld\n  p.lay.total: %lld\n", lay.embed, lay.final_norm,
          lay.total);
  for (int l = 0; l < MAX_LAYERS; ++l) {
    const LayerOffsets &L = lay.layer[l];
    const struct { const char *name; long long v; } fields[] = {
        {"attn_norm", L.attn_norm}, {"wqkv", L.wqkv},   {"wo", L.wo}, {"ffn_norm", L.ffn_norm},
        {"wg", L.wg},               {"wu", L.wu},       {"wd", L.wd}};
    for (const auto &fl : fields) fprintf(f, "  \"p.lay.layer[%d].%s\": %lld\n", l, fl.name, fl.v);
  }
  fprintf(f, "memory:\n  - param: p.instrs\n    file: instrs.txt\n  - param: p.sm_begin\n    file: sm_begin.txt\n");
  fclose(f);
  printf("mk_schedule: KV %d, %zu instructions on %d SMs, written to %s (schedule.txt, instrs.txt, sm_begin.txt, "
         "contract.yaml)\n",
         kv, s.instrs.size(), sms, out.c_str());
  return 0;
}

