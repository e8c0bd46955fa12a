// scheduler.cpp — the DAG of one decode step, split into per-SM instruction lists.
//
// Per layer l the ops form a chain, each op waiting for ALL instructions of the previous one:
//   QKV(l) <- DOWN(l-1)   ATTN(l) <- QKV(l)   OPROJ(l) <- ATTN(l)   (cfg.fused: no ATTN; OPROJ(l) <- QKV(l))
//   (cfg.osplit = 1: split-K OPROJ(l, head g) <- ATTN(l, head g) through one counter per head; 2: <- all of ATTN(l))
//   GATEUP(l) <- OPROJ(l) DOWN(l) <- GATEUP(l)
//   LMHEAD <- DOWN(L-1)   ARGMAX <- LMHEAD
// Each op's work (units of pages) is split over the SMs, one contiguous range per SM, the
// larger shares going to the SMs that have streamed the fewest bytes so far. Every SM's list
// is in op order (a topological order), so with all CTAs co-resident no wait can deadlock.
#include "scheduler.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace mk {

const char* op_name(int op) {
  switch (op) {
    case OP_NOP: return "nop";
    case OP_QKV: return "qkv";
    case OP_ATTN: return "attn";
    case OP_OPROJ: return "oproj";
    case OP_GATEUP: return "gateup";
    case OP_DOWN: return "down";
    case OP_LMHEAD: return "lmhead";
    case OP_ARGMAX: return "argmax";
  }
  return "?";
}

namespace {

struct Builder {
  ScheduleConfig cfg;
  std::vector<std::vector<Instr>> lists;
  std::vector<long long> bytes;
  std::vector<int> signals;

  explicit Builder(const ScheduleConfig& c)
      : cfg(c), lists(c.n_sms), bytes(c.n_sms, 0), signals(NUM_COUNTERS, 0) {}

  // SM ids sorted by bytes so far (ties: lower id first).
  std::vector<int> by_load() const {
    std::vector<int> ids(cfg.n_sms);
    std::iota(ids.begin(), ids.end(), 0);
    std::stable_sort(ids.begin(), ids.end(), [&](int a, int b) { return bytes[a] < bytes[b]; });
    return ids;
  }

  // Split `units` units (each `unit_bytes`) of op over all SMs; returns #instructions emitted.
  int split(int op, int layer, int units, long long unit_bytes, int wait_ctr, int wait_count,
            const std::vector<char>* capped = nullptr, int cap = 0) {
    std::vector<int> share(cfg.n_sms, units / cfg.n_sms);
    int rem = units % cfg.n_sms;
    std::vector<int> order = by_load();
    if (capped) {
      // attempt 18: the SMs marked in *capped get min(cap, even share) units each; the other SMs split the
      // rest evenly, the remainder to the least-loaded of them
      int nc = 0;
      for (int sm = 0; sm < cfg.n_sms; ++sm) nc += (*capped)[sm] ? 1 : 0;
      const int c = std::min(cap, units / cfg.n_sms), rest = units - c * nc, no = cfg.n_sms - nc;
      for (int sm = 0; sm < cfg.n_sms; ++sm) share[sm] = (*capped)[sm] ? c : rest / no;
      rem = rest % no;
      std::vector<int> o2;
      for (int sm : order)
        if (!(*capped)[sm]) o2.push_back(sm);
      order = o2;
    }
    if (!capped && op == OP_QKV && !cfg.qkv_units.empty()) {
      // attempt 24: fixed shares for the listed SMs, the rest evenly over the others (remainder least-loaded first)
      std::vector<char> fixed(cfg.n_sms, 0);
      int used = 0;
      for (const auto& su : cfg.qkv_units)
        if (su.first >= 0 && su.first < cfg.n_sms && !fixed[su.first]) {
          fixed[su.first] = 1;
          share[su.first] = su.second;
          used += su.second;
        }
      int no = 0;
      for (int sm = 0; sm < cfg.n_sms; ++sm) no += fixed[sm] ? 0 : 1;
      const int rest = units - used;
      for (int sm = 0; sm < cfg.n_sms; ++sm)
        if (!fixed[sm]) share[sm] = rest / no;
      rem = rest % no;
      std::vector<int> o2;
      for (int sm : order)
        if (!fixed[sm]) o2.push_back(sm);
      order = o2;
    }
    for (int k = 0; k < rem; ++k) share[order[k]] += 1;
    int start = 0, emitted = 0;
    for (int sm = 0; sm < cfg.n_sms; ++sm) {
      if (share[sm] == 0) continue;
      Instr in{};
      in.op = op;
      in.layer = layer;
      in.start = start;
      in.count = share[sm];
      in.flags = FLAG_LOADX | (wait_ctr >= 0 ? FLAG_WAIT : 0);
      in.wait_ctr = wait_ctr;
      in.wait_count = wait_count;
      in.signal_ctr = counter_id(layer, op);
      lists[sm].push_back(in);
      bytes[sm] += unit_bytes * share[sm];
      start += share[sm];
      ++emitted;
    }
    signals[counter_id(layer, op)] = emitted;
    return emitted;
  }
};

}  // namespace

Schedule build_schedule(const ScheduleConfig& cfg) {
  Builder b(cfg);
  const long long PB = PAGE_BYTES;
  int prev_ctr = -1, prev_count = 0;
  for (int l = 0; l < cfg.n_layers; ++l) {
    // attempt 18 (cfg.attn_qkv >= 0): the SMs that will run this layer's attention (the least-loaded before the
    // QKV split) get at most attn_qkv QKV units; only if they are at most half of the grid
    const int na_pre = NKV * cfg.nchunks;
    const bool acap = cfg.attn_qkv >= 0 && !cfg.fused && 2 * na_pre <= cfg.n_sms;
    std::vector<int> attn_sms;
    std::vector<char> is_attn(cfg.n_sms, 0);
    if (acap) {
      std::vector<int> order = b.by_load();
      for (int a = 0; a < na_pre; ++a) { attn_sms.push_back(order[a]); is_attn[order[a]] = 1; }
    }
    // QKV: 384 units of 8 rows (2 pages)
    int n = b.split(OP_QKV, l, QKV_ROWS / 8, 2 * PB, prev_ctr, prev_count, acap ? &is_attn : nullptr, cfg.attn_qkv);
    if (cfg.fused) {
      // Attention + O-proj fused (FLAG_FUSED): SM s works for KV head g = s % NKV; the D/FUSED_ROWS
      // Wo pages (rows x g's 256 columns) of head g are split over its SMs, larger shares to the
      // least-loaded. Every such instruction first streams all K/V chunks of head g.
      const int nkv = 2 * cfg.nchunks;
      const int tot = D / FUSED_ROWS;
      int emitted = 0;
      for (int g = 0; g < NKV; ++g) {
        std::vector<int> mem;
        for (int sm = g; sm < cfg.n_sms; sm += NKV) mem.push_back(sm);
        std::vector<int> ord = mem;
        std::stable_sort(ord.begin(), ord.end(), [&](int a, int c) { return b.bytes[a] < b.bytes[c]; });
        std::vector<int> share(cfg.n_sms, 0);
        for (int sm : mem) share[sm] = tot / (int)mem.size();
        for (int k = 0; k < tot % (int)mem.size(); ++k) share[ord[k]] += 1;
        int start = 0, j = 0;
        for (int sm : mem) {
          if (share[sm] == 0) continue;
          Instr in{};
          in.op = OP_OPROJ;
          in.layer = l;
          in.start = start;
          in.count = share[sm];
          in.flags = FLAG_WAIT | FLAG_LOADX | FLAG_FUSED | (g << 8) | (nkv << 16) | ((j++ & 127) << 24);  // j: rotation (MK_FUSED_ROT)
          in.wait_ctr = counter_id(l, OP_QKV);
          in.wait_count = n;
          in.signal_ctr = counter_id(l, OP_OPROJ);
          b.lists[sm].push_back(in);
          b.bytes[sm] += 2LL * cfg.kv_chunk * HD * 2 * cfg.nchunks + PB * share[sm];
          start += share[sm];
          ++emitted;
        }
      }
      b.signals[counter_id(l, OP_OPROJ)] = emitted;
      n = b.split(OP_GATEUP, l, F / 4, 2 * PB, counter_id(l, OP_OPROJ), emitted);
      for (auto& lst : b.lists)  // gate/up sums the NKV O-proj partials as its input (start 0 stores h_mid)
        for (Instr& in : lst)
          if (in.op == OP_GATEUP && in.layer == l) in.flags |= FLAG_FUSED;
      n = b.split(OP_DOWN, l, D, PB, counter_id(l, OP_GATEUP), n);
      prev_ctr = counter_id(l, OP_DOWN);
      prev_count = n;
      continue;
    }
    const bool qt = cfg.qtag && l >= 1;  // MK_QTAG (attempt 17)
    if (qt)
      for (auto& lst : b.lists)
        for (Instr& in : lst)
          if (in.op == OP_QKV && in.layer == l) in.flags |= FLAG_QTAG;
    // ATTN: NKV * nchunks instructions, to the least-loaded SMs
    {
      const int na = NKV * cfg.nchunks;
      std::vector<int> order = b.by_load();
      for (int a = 0; a < na; ++a) {
        const int sm = acap ? attn_sms[a] : order[a % cfg.n_sms];
        Instr in{};
        in.op = OP_ATTN;
        in.layer = l;
        in.start = a;
        in.count = 1;
        in.flags = qt ? FLAG_QTAG : FLAG_WAIT;  // qt: polls its head's tagged q (and new K/V) instead of the counter
        in.wait_ctr = counter_id(l, OP_QKV);
        in.wait_count = n;
        in.signal_ctr = cfg.osplit == 1 ? head_counter_id(l, a / cfg.nchunks) : counter_id(l, OP_ATTN);
        b.lists[sm].push_back(in);
        b.signals[in.signal_ctr]++;
        b.bytes[sm] += 2LL * cfg.kv_chunk * HD * 2;
      }
      n = na;
    }
    if (cfg.osplit) {
      // split-K O-proj (FLAG_SPLITK): SM s works for KV head g = s % NKV; g's D / OSPLIT_ROWS Wo blocks
      // (OSPLIT_ROWS rows x g's 256 columns) are split over its SMs, larger shares to the least-loaded.
      const int tot = D / OSPLIT_ROWS;
      int emitted = 0;
      for (int g = 0; g < NKV; ++g) {
        std::vector<int> mem;
        for (int sm = g; sm < cfg.n_sms; sm += NKV) mem.push_back(sm);
        std::vector<int> ord = mem;
        std::stable_sort(ord.begin(), ord.end(), [&](int a, int c) { return b.bytes[a] < b.bytes[c]; });
        std::vector<int> share(cfg.n_sms, 0);
        for (int sm : mem) share[sm] = tot / (int)mem.size();
        for (int k = 0; k < tot % (int)mem.size(); ++k) share[ord[k]] += 1;
        int start = 0;
        for (int sm : mem) {
          if (share[sm] == 0) continue;
          Instr in{};
          in.op = OP_OPROJ;
          in.layer = l;
          in.start = start;
          in.count = share[sm];
          in.flags = FLAG_WAIT | FLAG_LOADX | FLAG_SPLITK | (g << 8);
          in.wait_ctr = cfg.osplit == 1 ? head_counter_id(l, g) : counter_id(l, OP_ATTN);
          in.wait_count = cfg.osplit == 1 ? cfg.nchunks : n;
          in.signal_ctr = counter_id(l, OP_OPROJ);
          b.lists[sm].push_back(in);
          b.bytes[sm] += PB * share[sm];
          start += share[sm];
          ++emitted;
        }
      }
      b.signals[counter_id(l, OP_OPROJ)] = emitted;
      n = emitted;
    } else {
      n = b.split(OP_OPROJ, l, D / 4, PB, counter_id(l, OP_ATTN), n);
    }
    n = b.split(OP_GATEUP, l, F / 4, 2 * PB, counter_id(l, OP_OPROJ), n);
    n = b.split(OP_DOWN, l, D, PB, counter_id(l, OP_GATEUP), n);
    prev_ctr = counter_id(l, OP_DOWN);
    prev_count = n;
  }
  const int L = cfg.n_layers;
  int n = b.split(OP_LMHEAD, L, cfg.vocab / 4, PB, prev_ctr, prev_count);
  {
    const int sm = b.by_load()[0];
    Instr in{};
    in.op = OP_ARGMAX;
    in.layer = L;
    in.start = 0;
    in.count = 1;
    in.flags = FLAG_WAIT;
    in.wait_ctr = counter_id(L, OP_LMHEAD);
    in.wait_count = n;
    in.signal_ctr = counter_id(L, OP_ARGMAX);
    b.lists[sm].push_back(in);
    b.signals[counter_id(L, OP_ARGMAX)] = 1;
  }

  Schedule s;
  s.cfg = cfg;
  s.sm_begin.push_back(0);
  for (int sm = 0; sm < cfg.n_sms; ++sm) {
    s.instrs.insert(s.instrs.end(), b.lists[sm].begin(), b.lists[sm].end());
    s.sm_begin.push_back((int)s.instrs.size());
  }
  s.signals = b.signals;
  s.sm_bytes = b.bytes;
  return s;
}

std::string validate_schedule(const Schedule& s) {
  const ScheduleConfig& c = s.cfg;
  char buf[256];
  if (c.n_layers < 1 || c.n_layers > MAX_LAYERS) return "n_layers out of range";
  if (c.vocab % 4 != 0 || c.vocab / 4 < c.n_sms) return "vocab must be a multiple of 4 and >= 4*n_sms";
  if (c.kv_chunk < 1 || c.kv_chunk > MAX_CHUNK) return "kv_chunk out of range";
  if ((long long)c.kv_chunk * c.nchunks > MAX_POS) return "nchunks*kv_chunk > MAX_POS";
  if (c.nchunks < 1 || c.nchunks > 256) return "nchunks out of range (1..256)";
  // every SM has exactly one LM-head instruction (its argmax partial is indexed by SM)
  std::vector<int> signals(NUM_COUNTERS, 0);
  for (int sm = 0; sm < c.n_sms; ++sm) {
    int lm = 0;
    if (s.sm_begin[sm + 1] - s.sm_begin[sm] > MAX_SM_INSTRS) {
      snprintf(buf, sizeof buf, "sm %d has more than %d instructions", sm, MAX_SM_INSTRS);
      return buf;
    }
    // op order along the list must be non-decreasing in (layer, op)
    int last_key = -1;
    for (int i = s.sm_begin[sm]; i < s.sm_begin[sm + 1]; ++i) {
      const Instr& in = s.instrs[i];
      const int key = in.layer * NUM_OPS + in.op;
      if (key < last_key) {
        snprintf(buf, sizeof buf, "sm %d: instruction %d out of topological order", sm, i);
        return buf;
      }
      last_key = key;
      if (in.op == OP_LMHEAD) ++lm;
      const bool gemv = in.op == OP_QKV || in.op == OP_OPROJ || in.op == OP_GATEUP || in.op == OP_DOWN ||
                        in.op == OP_LMHEAD;
      if (gemv && !(in.flags & FLAG_LOADX)) return "a GEMV instruction without FLAG_LOADX";
      if (!instr_in_bounds(in)) {  // the bounds the kernel's MK_GUARD traps on (megakernel.h)
        snprintf(buf, sizeof buf, "sm %d: instruction %d: words out of bounds (op %d, count %d, %d rows)", sm, i,
                 in.op, in.count, instr_rows(in));
        return buf;
      }
      if (in.op == OP_QKV && (in.flags & FLAG_QTAG) && in.count * 4 > 32)  // its tagged words are stored by warp 0
        return "QKV instruction with FLAG_QTAG too large";
      if ((in.flags & FLAG_FUSED) && in.op == OP_OPROJ &&
          (c.kv_chunk * HD * 2 > PAGE_BYTES || ((in.flags >> 16) & 255) != 2 * c.nchunks || c.kv_chunk > MAX_CHUNK))
        return "fused O-proj: K/V pages do not match the chunks";
      if (in.flags & FLAG_WAIT) {
        // the awaited counter belongs to an earlier op
        if (counter_rank(in.wait_ctr) >= counter_rank(in.signal_ctr)) {
          snprintf(buf, sizeof buf, "sm %d: instruction %d waits on a later counter", sm, i);
          return buf;
        }
      }
      if (in.signal_ctr >= 0) signals[in.signal_ctr]++;
    }
    if (lm != 1) {
      snprintf(buf, sizeof buf, "sm %d has %d LM-head instructions (need 1)", sm, lm);
      return buf;
    }
  }
  for (int k = 0; k < NUM_COUNTERS; ++k)
    if (signals[k] != s.signals[k]) return "signal count table out of sync";
  for (const Instr& in : s.instrs)
    if ((in.flags & FLAG_WAIT) && s.signals[in.wait_ctr] != in.wait_count)
      return "a wait count differs from the number of signals of its counter";
  return "";
}

ScheduleConfig default_config(int n_sms, int n_layers, int vocab, int kvlen, int chunk, int attn_qkv,
                              const std::vector<std::pair<int, int>>& qkv_units) {
  ScheduleConfig c;
  c.n_sms = n_sms;
  c.n_layers = n_layers;
  c.vocab = vocab;
  int ch = chunk > 0 ? chunk : (kvlen <= 1024 ? 64 : 128);
#if MK_FUSED_AO
  // fused attention + O-proj (NOTES.md attempt 11) up to MK_FUSED_MAXKV: K/V pages of 128 positions
  if (kvlen <= MK_FUSED_MAXKV) {
    c.fused = true;
    ch = chunk > 0 ? chunk : 128;
  }
#endif
  c.kv_chunk = ch;
  c.nchunks = (kvlen + ch - 1) / ch;
  c.osplit = c.fused ? 0 : MK_OSPLIT;  // split-K O-proj (NOTES.md attempt 16)
  c.qtag = MK_QTAG && c.osplit == 1;   // tagged q / new K/V for layers >= 1 (NOTES.md attempt 17)
  c.attn_qkv = attn_qkv;               // attempt 18: -1 = off
  c.qkv_units = qkv_units;             // attempt 24: empty = off
  return c;
}

WeightLayout layout_weights(int n_layers, int vocab) {
  WeightLayout lay{};
  long long off = 0;
  auto take = [&](long long n) {
    long long o = off;
    off += (n + 127) / 128 * 128;  // 256-byte aligned tensors
    return o;
  };
  lay.embed = take((long long)vocab * D);
  for (int l = 0; l < n_layers; ++l) {
    LayerOffsets& L = lay.layer[l];
    L.attn_norm = take(D);
    L.wqkv = take((long long)QKV_ROWS * D);
    L.wo = take((long long)D * D);
    L.ffn_norm = take(D);
    L.wg = take((long long)F * D);
    L.wu = take((long long)F * D);
    L.wd = take((long long)D * F);
  }
  lay.final_norm = take(D);
  lay.total = off;
  return lay;
}

bool write_schedule_words(const Schedule& s, const std::string& instrs_path, const std::string& sm_begin_path) {
  FILE* f = fopen(instrs_path.c_str(), "w");
  if (!f) return false;
  fprintf(f, "# instruction words of the megakernel schedule (struct Instr: op layer start count flags wait_ctr "
             "wait_count signal_ctr), SM by SM\n");
  for (const Instr& in : s.instrs)
    fprintf(f, "%d %d %d %d %d %d %d %d\n", in.op, in.layer, in.start, in.count, in.flags, in.wait_ctr,
            in.wait_count, in.signal_ctr);
  const bool ok = fclose(f) == 0;
  FILE* g = fopen(sm_begin_path.c_str(), "w");
  if (!g) return false;
  fprintf(g, "# sm_begin: offsets of each SM's first instruction (n_sms + 1)\n");
  for (int b : s.sm_begin) fprintf(g, "%d\n", b);
  return fclose(g) == 0 && ok;
}

bool write_schedule(const Schedule& s, const std::string& path) {
  FILE* f = fopen(path.c_str(), "w");
  if (!f) return false;
  const ScheduleConfig& c = s.cfg;
  fprintf(f, "# syncproof megakernel schedule, format 1 (docs/megakernel.md)\n");
  fprintf(f, "format 1\n");
  fprintf(f, "grid %d\nblock %d\nconsumer_threads %d\nloader_warp %d\npages %d\npage_bytes %d\n",
          c.n_sms, NTHREADS, NCONS, NCONS_WARPS, NPAGES, PAGE_BYTES);
  fprintf(f, "layers %d\nvocab %d\nkv_chunk %d\nnchunks %d\n", c.n_layers, c.vocab, c.kv_chunk,
          c.nchunks);
  fprintf(f, "epochs monotone\ncounter_stride %d\n", CTR_STRIDE);
  for (int k = 0; k < NUM_COUNTERS; ++k)
    if (s.signals[k] > 0)
      if (k >= HEAD_CTR_BASE)
        fprintf(f, "counter %d layer %d op attn head %d signals %d\n", k, (k - HEAD_CTR_BASE) / NKV,
                (k - HEAD_CTR_BASE) % NKV, s.signals[k]);
      else
        fprintf(f, "counter %d layer %d op %s signals %d\n", k, k / NUM_OPS, op_name(k % NUM_OPS),
                s.signals[k]);
  for (int sm = 0; sm < c.n_sms; ++sm) {
    fprintf(f, "sm %d instrs %d bytes %lld\n", sm, s.sm_begin[sm + 1] - s.sm_begin[sm], s.sm_bytes[sm]);
    int gp = 0;
    for (int i = s.sm_begin[sm]; i < s.sm_begin[sm + 1]; ++i) {
      const Instr& in = s.instrs[i];
      const int np = instr_pages(in);
      fprintf(f, "  %s layer %d start %d count %d", op_name(in.op), in.layer, in.start, in.count);
      if (in.flags & FLAG_WAIT) fprintf(f, " wait %d >= %d", in.wait_ctr, in.wait_count);
      if (in.flags & FLAG_LOADX) fprintf(f, " loadx");
      if (in.flags & FLAG_FUSED) fprintf(f, " fused %d", in.op == OP_OPROJ ? (in.flags >> 8) & 7 : -1);
      if (in.flags & FLAG_SPLITK) fprintf(f, " splitk %d", (in.flags >> 8) & 7);
      if (in.flags & FLAG_QTAG) fprintf(f, " qtag");
      fprintf(f, " pages %d..%d signal %d\n", gp, gp + np, in.signal_ctr);
      gp += np;
    }
  }
  fclose(f);
  return true;
}

}  // namespace mk
