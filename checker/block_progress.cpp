// Deadlock within a block (progress.h): every concrete thread of the fixed
// block runs through its synchronization steps — mbarrier arrivals, copies
// and waits (mbarriers.cpp), block and warp barriers, and named-barrier
// instances (named_barriers.cpp) — as far as it can. A thread left waiting
// is blocked in every execution. Reported once per block, as `deadlock`:
//   * `never released` when a blocked thread waits for a page's release
//     barrier (an owner skipped its release);
//   * `cyclic wait` otherwise (the arrivals or participants a wait needs
//     come only after waits that depend on it: an mbarrier phase whose
//     arrivals follow a named barrier that needs the waiter, two named
//     barriers taken in opposite orders, ...).
// A wait whose phase or instance is already reported as miscounted
// (`arrival count`, `tx bytes`, a named barrier's thread count) explains the
// hang itself: nothing more is reported then.
#include "checker/engine.h"

namespace syncproof::checker::detail {

void Checker::blockProgressChecks(Executor &x, const Thread &t) {
  if (namedSteps.empty() && mbarSteps.empty()) return;
  std::optional<FixedBlock> fb = fixedBlock();
  if (!fb || fb->threads == 0 || fb->threads > 1024) return;
  const uint64_t n = fb->threads;
  std::vector<std::vector<ProgressStep>> steps = mbarSteps;
  if (steps.empty()) {
    // No mbarrier steps: the block and warp barriers alone (a thread that
    // returned before one is not at it).
    steps.assign(n, {});
    ConcreteThread ct = concreteThread(t, *fb);
    for (uint64_t lin = 0; lin < n; ++lin) {
      ct.set(lin);
      for (size_t bi = 0; bi < x.barriers.size(); ++bi) {
        const BarrierEv &b = x.barriers[bi];
        if ((b.s->barrier != BarrierKind::Block && b.s->barrier != BarrierKind::Warp) || b.s->arriveOnly) continue;
        z3::expr g = b.s->barrier == BarrierKind::Block ? !b.exited : b.guard;
        // (Unknown membership: left out, which only lets threads run further.)
        if (!truthOf(ct.apply(g)).value_or(false)) continue;
        ProgressStep st;
        st.kind = ProgressStep::Barrier;
        st.s = b.s;
        st.barrier = barrierInstance(b, bi, lin);
        st.seq = b.seq;
        steps[lin].push_back(st);
      }
    }
  }
  if (steps.size() != n) return;
  if (!namedSteps.empty()) {
    if (namedSteps.size() != n) return;
    for (uint64_t lin = 0; lin < n; ++lin) {
      steps[lin].insert(steps[lin].end(), namedSteps[lin].begin(), namedSteps[lin].end());
      std::stable_sort(steps[lin].begin(), steps[lin].end(),
                       [](const ProgressStep &a, const ProgressStep &b) { return a.seq < b.seq; });
    }
  }
  // The grid's progress check (gridSteps) merges its counter steps into these.
  mbarSteps = steps;

  std::vector<ProgressThread> threads(n);
  for (uint64_t lin = 0; lin < n; ++lin) threads[lin] = {-1, lin, steps[lin], warpRole(lin)};
  Progress pr = runProgress(threads, mbarInitCount);
  auto objName = [&](const SyncObject &o) { return syncObjectName(k, o); };
  // The blocked threads; none reported when one waits on a phase already
  // reported as miscounted (the hang is its consequence).
  std::vector<uint64_t> stuck;
  for (uint64_t lin = 0; lin < n; ++lin) {
    if (!pr.blocked(lin, threads)) continue;
    const ProgressStep &st = steps[lin][pr.at[lin]];
    if (st.kind == ProgressStep::MbarWait && !mbarWellCounted.count({st.obj, st.phase})) return;
    stuck.push_back(lin);
  }
  if (stuck.empty()) return;
  // The representative: a wait for a page's release, else an mbarrier wait,
  // else a named barrier, else the first blocked thread.
  auto rank = [&](uint64_t lin) {
    const ProgressStep &st = steps[lin][pr.at[lin]];
    if (st.kind == ProgressStep::MbarWait) return mbarReleaseRegions.count(std::get<1>(st.obj)) ? 0 : 1;
    if (st.kind == ProgressStep::Barrier && st.s->barrier == BarrierKind::Named) return 2;
    return 3;
  };
  uint64_t rep = stuck[0];
  for (uint64_t lin : stuck)
    if (rank(lin) < rank(rep)) rep = lin;
  const ProgressStep &w = steps[rep][pr.at[rep]];
  bool page = w.kind == ProgressStep::MbarWait && mbarReleaseRegions.count(std::get<1>(w.obj));
  std::string waits = w.kind == ProgressStep::MbarWait
                          ? "waits for phase " + std::to_string(w.phase) + " of '" + objName(w.obj) + "'" +
                                (page ? " (the page's release before its refill)" : "")
                          : "waits at '" + w.s->text + "'";
  Finding f;
  f.kind = FindingKind::Deadlock;
  f.kernel = k.displayName;
  f.loc = w.s->loc;
  f.message = std::string(page ? "never released: " : "cyclic wait: ") + "thread " + std::to_string(rep) + " " + waits +
              ", which never completes: " + owedBy(threads, pr, -1, w, objName) +
              (page ? " (a page taken and never released)" : "");
  f.values.push_back({"blockDim", fb->text()});
  for (const std::string &line : blockedSummary(threads, pr, objName, 8)) f.trace.push_back({-1, w.s->loc, line});
  findings.push_back(f);
}

}  // namespace syncproof::checker::detail
