// Progress of a whole fixed grid whose blocks run per-block instruction
// tables (checkBlockByBlock): each block's checker lists, per concrete
// thread, its mbarrier steps (mbarriers.cpp) and its counter signals and
// spin-waits; the grid's steps then run together (progress.h). A thread left
// at a spin-wait is blocked in every execution: a definite deadlock between
// blocks (e.g. per-block queues that are not in dependency order).
//
// Only monotone counters qualify: every write to an awaited location is an
// atomic add of a constant, and every spin ends, once it ends for a value,
// for every larger one. Otherwise (or when a step's thread set, address or
// amount is not a constant) no steps are listed and nothing is concluded.
#include "checker/engine.h"

namespace syncproof::checker::detail {

std::optional<std::vector<std::vector<ProgressStep>>> Checker::gridSteps(Executor &x, const Thread &t) {
  std::optional<FixedBlock> fb = fixedBlock();
  if (!fb || fb->threads == 0 || fb->threads > 1024 || x.awaits.empty()) return std::nullopt;
  const uint64_t n = fb->threads;
  std::set<int> awaited;
  for (const AwaitEv &w : x.awaits) {
    if (w.loopDepth > 0) return std::nullopt;
    awaited.insert(w.s->region);
  }
  std::vector<std::vector<ProgressStep>> steps(n);
  if (!mbarSteps.empty()) {
    if (mbarSteps.size() != n) return std::nullopt;
    steps = mbarSteps;
  }
  ConcreteThread ct = concreteThread(t, *fb);
  // Spin exits as thresholds: the least value it ends on, after showing that
  // it also ends on every larger value (memoized by the thread's condition).
  std::map<unsigned, std::optional<uint64_t>> thresholdOf;  // expression id -> least value (nullopt: never)
  auto threshold = [&](const AwaitEv &w, const z3::expr &exit) -> std::optional<std::optional<uint64_t>> {
    auto memo = thresholdOf.find(exit.id());
    if (memo != thresholdOf.end()) return memo->second;
    unsigned width = w.value.get_sort().bv_size();
    z3::expr v1 = c.bv_const("progress.v1", width), v2 = c.bv_const("progress.v2", width);
    auto at = [&](const z3::expr &v) {
      z3::expr_vector from(c), to(c);
      from.push_back(w.value);
      to.push_back(v);
      return z3::expr(exit).substitute(from, to);
    };
    if (checkExact(z3::ule(v1, v2) && at(v1) && !at(v2)) != z3::unsat) return std::nullopt;  // not monotone
    uint64_t hi = width >= 64 ? UINT64_MAX : (1ull << width) - 1, lo = 0;
    std::optional<uint64_t> least;
    std::optional<bool> top = truthOf(at(c.bv_val(hi, width)));
    if (!top) return std::nullopt;
    if (*top) {
      while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        std::optional<bool> m = truthOf(at(c.bv_val(mid, width)));
        if (!m) return std::nullopt;
        if (*m) hi = mid;
        else lo = mid + 1;
      }
      least = lo;
    }
    thresholdOf[exit.id()] = least;
    return least;
  };
  for (uint64_t lin = 0; lin < n; ++lin) {
    ct.set(lin);
    std::vector<ProgressStep> mine;
    for (const AccessEv &a : x.accesses) {
      if (!awaited.count(a.s->region) || !writesMemory(*a.s)) continue;
      std::optional<bool> r = truthOf(ct.apply(a.pc));
      if (!r) return std::nullopt;
      if (!*r) continue;
      if (a.loopDepth > 0 || a.s->updateKind != "add" || !a.operand) return std::nullopt;
      std::optional<uint64_t> off = numeralOf(ct.apply(a.off)), amount = numeralOf(ct.apply(*a.operand));
      if (!off || !amount) return std::nullopt;
      ProgressStep st;
      st.kind = ProgressStep::Signal;
      st.s = a.s;
      st.obj = {-1, a.s->region, *off};
      st.count = *amount;
      st.seq = a.seq;
      mine.push_back(st);
    }
    for (const AwaitEv &w : x.awaits) {
      std::optional<bool> r = truthOf(ct.apply(w.pc));
      if (!r) return std::nullopt;
      if (!*r) continue;
      std::optional<uint64_t> off = numeralOf(ct.apply(w.off));
      if (!off) return std::nullopt;
      std::optional<std::optional<uint64_t>> least = threshold(w, ct.apply(w.exitCond).simplify());
      if (!least) return std::nullopt;
      ProgressStep st;
      st.kind = ProgressStep::Await;
      st.s = w.s;
      st.obj = {-1, w.s->region, *off};
      std::optional<uint64_t> m = *least;
      st.exits = [m](uint64_t v) { return m && v >= *m; };
      st.count = m ? *m : UINT64_MAX;  // (the target, for messages)
      st.seq = w.seq;
      mine.push_back(st);
    }
    std::vector<ProgressStep> &all = steps[lin];
    all.insert(all.end(), mine.begin(), mine.end());
    std::stable_sort(all.begin(), all.end(), [](const ProgressStep &a, const ProgressStep &b) { return a.seq < b.seq; });
  }
  return steps;
}

std::optional<model::Finding> gridDeadlock(const std::vector<ProgressThread> &threads,
                                           const std::map<SyncObject, uint64_t> &initCount, const model::Kernel &k) {
  if (threads.empty()) return std::nullopt;
  Progress pr = runProgress(threads, initCount);
  auto name = [&](const SyncObject &o) { return syncObjectName(k, o); };
  const ProgressThread *rep = nullptr;
  const ProgressStep *w = nullptr;
  for (size_t i = 0; i < threads.size() && !rep; ++i)
    if (pr.blocked(i, threads) && threads[i].steps[pr.at[i]].kind == ProgressStep::Await) {
      rep = &threads[i];
      w = &threads[i].steps[pr.at[i]];
    }
  if (!rep) return std::nullopt;
  // A cycle when the thread that owes the signal is itself at a spin-wait.
  bool cycle = false;
  for (size_t i = 0; i < threads.size() && !cycle; ++i) {
    if (!pr.blocked(i, threads) || threads[i].steps[pr.at[i]].kind != ProgressStep::Await) continue;
    for (size_t j = pr.at[i]; j < threads[i].steps.size(); ++j)
      if (threads[i].steps[j].kind == ProgressStep::Signal && threads[i].steps[j].obj == w->obj) cycle = true;
  }
  uint64_t value = pr.value.count(w->obj) ? pr.value.at(w->obj) : 0;
  model::Finding f;
  f.kind = model::FindingKind::Deadlock;
  f.kernel = k.displayName;
  f.loc = w->s->loc;
  f.message = std::string(cycle ? "cycle: " : "deadlock: ") + "thread " + std::to_string(rep->thread) + " of block " +
              std::to_string(rep->block) + " spins on '" + name(w->obj) + "' forever: it needs " +
              (w->count == UINT64_MAX ? std::string("a value no signal gives") : std::to_string(w->count)) +
              ", and the signals that can come first give " + std::to_string(value) + "; " +
              owedBy(threads, pr, rep->block, *w, name) +
              (cycle ? " (the blocks wait on each other: their instruction queues are not in dependency order)" : "");
  for (const std::string &line : blockedSummary(threads, pr, name, 8)) f.trace.push_back({-1, w->s->loc, line});
  return f;
}

}  // namespace syncproof::checker::detail
