// scheduler.h — builds the per-SM instruction lists of one decode step (host C++ only).
#pragma once
#include <string>
#include <utility>
#include <vector>
#include "../megakernel.h"

namespace mk {

struct ScheduleConfig {
  int n_sms = 132;
  int n_layers = 16;
  int vocab = 128256;
  int kv_chunk = 64;   // positions per attention instruction
  int nchunks = 4;     // attention chunks per kv head (covers nchunks*kv_chunk positions)
  bool fused = false;  // MK_FUSED_AO: attention + split-K O-proj per KV head (FLAG_FUSED), no ATTN op
  bool qtag = false;   // MK_QTAG (attempt 17): layers >= 1: QKV publishes tagged q / new K/V, ATTN polls them (no wait)
  int osplit = 0;      // MK_OSPLIT (attempt 16): split-K O-proj per KV head (FLAG_SPLITK); 1: per-head attention counters
  int attn_qkv = -1;   // attempt 18 (runner --attn-qkv K): >= 0: the SMs that will run attention are picked before the QKV
                       // split and get at most K QKV units (the rest goes to the others); only when the attention SMs
                       // are at most half of the grid (KV 128 and 512 at chunk 64); -1: off (the old split)
  // attempt 24 (runner --qkv-units "SM=U,SM=U,..."): per-SM QKV shares fixed by the host (e.g. fewer units for the SMs
  // the trace shows ending QKV last); the other SMs split the rest evenly, the remainder to the least-loaded of them
  // (as in split()). Empty: off (the default split). Applies to every layer; ignored when attn_qkv caps apply.
  std::vector<std::pair<int, int>> qkv_units;
};

struct Schedule {
  ScheduleConfig cfg;
  std::vector<Instr> instrs;   // SM by SM
  std::vector<int> sm_begin;   // n_sms + 1
  std::vector<int> signals;    // per counter: signals per launch (what waiters count to)
  std::vector<long long> sm_bytes;  // weight+KV bytes streamed per SM (balance report)
};

Schedule build_schedule(const ScheduleConfig& cfg);
// The runner's configuration for a step that attends to kvlen positions: chunk 0 picks 64
// positions per attention instruction up to KV 1024, else 128 (NOTES.md attempts 7-8); the
// macros of megakernel.h (MK_FUSED_AO, MK_OSPLIT, MK_QTAG) pick the variant.
ScheduleConfig default_config(int n_sms, int n_layers, int vocab, int kvlen, int chunk, int attn_qkv,
                              const std::vector<std::pair<int, int>>& qkv_units);
// Offsets of the weight tensors in the blob (256-byte aligned tensors).
WeightLayout layout_weights(int n_layers, int vocab);
// Checks the invariants the kernel relies on; returns "" or a description of the first violation.
std::string validate_schedule(const Schedule& s);
// Writes the documented text format (docs/megakernel.md, "Schedule file").
bool write_schedule(const Schedule& s, const std::string& path);
// Writes the instruction words for syncproof's `--memory p.instrs=FILE` (8 i32 per instruction,
// the fields of Instr in order) and `--memory p.sm_begin=FILE` (n_sms + 1 i32).
bool write_schedule_words(const Schedule& s, const std::string& instrs_path, const std::string& sm_begin_path);
const char* op_name(int op);

}  // namespace mk
