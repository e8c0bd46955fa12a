// mbarriers and bulk copies (PTX ISA: mbarrier, cp.async.bulk; the
// asynchronous proxy). docs/pipelines.md states the rules.
//
// An mbarrier counts arrivals per phase; phase k completes when its pending
// arrival count (the init count) reaches zero and its transaction count
// (bytes announced by expect_tx minus bytes delivered by complete_tx) is zero.
// A thread only knows a phase has completed when it waited for it (or a
// thread that did shares a barrier with it afterwards), so
//   * an arrival lands in the phase after the last one its thread knows
//     completed (two arrivals of one thread in one known phase: "previous
//     phase");
//   * try_wait.parity P waits for the phase after the known ones when its
//     parity is P, and passes at once otherwise ("parity").
// For the contract's fixed block size, this file runs that bookkeeping thread
// by thread (concrete thread indices, loop-free code), checks arrivals and
// transaction bytes per phase, and gives each arrive, wait and bulk copy its
// phase. The race check then orders
//   * generic accesses: before a release arrival on phase p (or before a
//     barrier after which a thread of the group arrives) → after a wait for a
//     phase >= p (or after a barrier that follows a group member's wait);
//   * a bulk copy's writes: they complete with the copy's phase; a generic
//     access of the destination must be after a wait for it, or before the
//     copy was issued.
#include "checker/engine.h"

namespace syncproof::checker::detail {

static ProgressStep step(ProgressStep::Kind kind, const Stmt *s, SyncObject obj, uint64_t phase, uint64_t count,
                         uint64_t tx, int64_t barrier, int seq) {
  ProgressStep st;
  st.kind = kind;
  st.s = s;
  st.obj = obj;
  st.phase = phase;
  st.count = count;
  st.tx = tx;
  st.barrier = barrier;
  st.seq = seq;
  return st;
}

// A .relaxed wait followed by an acquire (or acq_rel, sc) memory fence of the
// same thread, which runs whenever the wait does, with no memory access in
// between: an acquire pattern (PTX ISA, "Release and Acquire Patterns": a
// strong read followed by an acquire fence). Every access after the wait is
// after the fence, so the bookkeeping may treat the wait as an acquire.
bool Checker::acquiredByFence(Executor &x, const Thread &t, const MbarEv &w) {
  for (const FenceEv &f : x.fences) {
    if (f.seq < w.seq || !acquiresOrder(f.s->order) || !memoryFence(*f.s) || f.loopDepth != w.loopDepth)
      continue;
    bool between = false;
    for (const AccessEv &a : x.accesses) between |= a.seq > w.seq && a.seq < f.seq;
    for (const MbarEv &m : x.mbars) between |= m.seq > w.seq && m.seq < f.seq && m.s->kind == Stmt::Kind::AsyncCopy;
    if (between) return false;
    return check(launchConstraints() && threadConstraints(t) && x.assumed && w.guard && !f.guard) == z3::unsat;
  }
  return false;
}

void Checker::mbarrierChecks(Executor &x, const Thread &t) {
  if (x.mbars.empty()) return;
  std::set<int> unknownAt;
  auto unknown = [&](const Stmt *s, const std::string &why) {
    if (!unknownAt.insert(s->id).second) return;
    Finding f;
    f.kind = FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = s->loc;
    f.message = "not modelled: '" + (s->kind == Stmt::Kind::AsyncCopy ? s->atomicOp : s->text) + "': " + why;
    unknownFindings.push_back(f);
  };
  // Operations inside loops: the ring induction (ring_induction.cpp), or
  // unknown with the invariant it could not establish.
  ring.reset();
  groupLoop.reset();
  std::string ringWhy;
  bool inLoops = std::any_of(x.mbars.begin(), x.mbars.end(), [](const MbarEv &e) { return e.loopDepth > 0; });
  if (inLoops && onlyAmpereGroups(x)) {
    // Ampere cp.async groups only: their numbers by closed forms
    // (async_groups.cpp).
    ringWhy = groupInduction(x, t);
    if (getenv("SYNCPROOF_RING"))
      fprintf(stderr, "syncproof: %s: cp.async group induction: %s\n", k.displayName.c_str(),
              ringWhy.empty() ? "holds" : ringWhy.c_str());
    if (ringWhy.empty()) {
      mbarModelled = true;
      return;
    }
    groupLoop.reset();
  } else if (inLoops) {
    ringWhy = ringInduction(x, t);
    if (getenv("SYNCPROOF_RING"))  // one line: why the ring induction did not hold (tuning aid)
      fprintf(stderr, "syncproof: %s: ring induction: %s\n", k.displayName.c_str(),
              ringWhy.empty() ? (ring && ring->parityBroken ? "parity broken" : "holds") : ringWhy.c_str());
    if (ringWhy.empty()) {
      mbarModelled = true;
      return;
    }
    ring.reset();
  }
  for (const MbarEv &e : x.mbars) {
    if (e.loopDepth > 0) unknown(e.s, "inside a loop with a runtime trip count: " + ringWhy);
    else if (e.s->kind == Stmt::Kind::Mbarrier && e.s->mbarOp == model::MbarOp::TryWait)
      unknown(e.s, "a try_wait/test_wait whose result is used other than by a loop that spins until it succeeds");
    else if (e.s->kind == Stmt::Kind::Mbarrier && e.s->mbarOp == model::MbarOp::Wait && !e.operand)
      unknown(e.s, "a wait on a phase-state token (no .parity) is not modelled in this version");
    else if (e.s->kind == Stmt::Kind::Mbarrier && e.s->mbarOp == model::MbarOp::Wait &&
             e.s->order == model::MemOrder::Relaxed && !acquiredByFence(x, t, e))
      // PTX ISA (mbarrier.test_wait/try_wait, .relaxed): the wait observes
      // the phase's completion but does not acquire what the arrivals
      // released; the phase bookkeeping below treats every completed wait as
      // an acquire, so it must not run on it (a race would be proved away).
      unknown(e.s, "a .relaxed wait observes the phase without acquiring the arrivals' writes; syncproof does not "
                   "model waits without acquire in this version (use the default .acquire, or a fence.acquire after it)");
  }
  std::optional<FixedBlock> fb = fixedBlock();
  if (!fb) {
    unknown(x.mbars[0].s, "the arrivals of each phase are counted for a fixed block size; give one (--block)");
    return;
  }
  if (!unknownAt.empty()) return;
  const uint64_t n = fb->threads;
  if (n == 0 || n > 1024) return;

  // Concrete values per thread.
  struct Val {
    bool reaches = false;
    uint64_t obj = 0, operand = 0, tx = 0;
    bool hasOperand = false, hasTx = false;
  };
  std::vector<std::vector<Val>> vals(n, std::vector<Val>(x.mbars.size()));
  std::vector<std::vector<char>> barrierHit(n, std::vector<char>(x.barriers.size(), 0));
  ConcreteThread ct = concreteThread(t, *fb);
  for (uint64_t lin = 0; lin < n; ++lin) {
    ct.set(lin);
    for (size_t ei = 0; ei < x.mbars.size(); ++ei) {
      const MbarEv &e = x.mbars[ei];
      z3::expr g = e.pc;
      std::optional<bool> r = truthOf(ct.apply(g));
      if (!r) {
        unknown(e.s, "which threads execute it depends on values other than threadIdx and blockDim");
        continue;
      }
      Val &v = vals[lin][ei];
      v.reaches = *r;
      if (!*r) continue;
      z3::expr off = e.off;
      std::optional<uint64_t> o = numeralOf(ct.apply(off));
      if (!o) { unknown(e.s, "the mbarrier's address is not a constant for each thread"); continue; }
      v.obj = *o;
      if (e.operand) {
        z3::expr op = *e.operand;
        std::optional<uint64_t> ov = numeralOf(ct.apply(op));
        if (!ov) { unknown(e.s, "its count or parity is not a constant for each thread"); continue; }
        v.operand = *ov;
        v.hasOperand = true;
      }
      if (e.tx) {
        z3::expr tx = *e.tx;
        std::optional<uint64_t> tv = numeralOf(ct.apply(tx));
        if (!tv) { unknown(e.s, "its transaction byte count is not a constant for each thread"); continue; }
        v.tx = *tv;
        v.hasTx = true;
      }
    }
    for (size_t bi = 0; bi < x.barriers.size(); ++bi) {
      const BarrierEv &b = x.barriers[bi];
      if (b.s->barrier != BarrierKind::Block && b.s->barrier != BarrierKind::Warp) continue;
      if (b.s->barrier == BarrierKind::Block) { barrierHit[lin][bi] = 1; continue; }  // uniform (divergence check)
      z3::expr g = b.guard;
      std::optional<bool> r = truthOf(ct.apply(g));
      barrierHit[lin][bi] = r && *r ? 1 : 0;
    }
  }
  if (!unknownAt.empty()) return;

  // The objects: (region, offset); every statement must address one object.
  using Obj = std::pair<int, uint64_t>;
  std::map<int, Obj> objOf;  // statement id -> object
  for (size_t ei = 0; ei < x.mbars.size(); ++ei) {
    const MbarEv &e = x.mbars[ei];
    if (e.region < 0) continue;  // bulk stores and bulk async-groups: no mbarrier
    std::set<uint64_t> offs;
    for (uint64_t lin = 0; lin < n; ++lin)
      if (vals[lin][ei].reaches) offs.insert(vals[lin][ei].obj);
    if (offs.size() > 1) { unknown(e.s, "different threads use different mbarriers here"); continue; }
    if (!offs.empty()) objOf[e.s->id] = {e.region, *offs.begin()};
  }
  if (!unknownAt.empty()) return;

  // Program order over mbarrier events and barriers.
  const std::map<int, Obj> objBase = objOf;
  // (Accesses come after an mbarrier event of the same position: a copy's
  // issue is its own access.)
  struct Item {
    int seq;
    int what;  // 0 mbarrier event, 1 barrier, 2 access (knowledge snapshot)
    size_t index;
  };
  std::vector<Item> items;
  for (size_t ei = 0; ei < x.mbars.size(); ++ei) items.push_back({x.mbars[ei].seq, 0, ei});
  for (size_t bi = 0; bi < x.barriers.size(); ++bi)
    if (x.barriers[bi].s->barrier == BarrierKind::Block || x.barriers[bi].s->barrier == BarrierKind::Warp)
      items.push_back({x.barriers[bi].seq, 1, bi});
  for (size_t ai = 0; ai < x.accesses.size(); ++ai) items.push_back({x.accesses[ai].seq, 2, ai});
  std::stable_sort(items.begin(), items.end(), [](const Item &a, const Item &b) {
    return a.seq != b.seq ? a.seq < b.seq : a.what == 2 && b.what != 2;
  });
  // Which threads execute each access (unknown: counted as executing, which
  // only lowers the knowledge recorded for it).
  std::vector<std::vector<char>> accessHit(n, std::vector<char>(x.accesses.size(), 0));
  for (uint64_t lin = 0; lin < n; ++lin) {
    ct.set(lin);
    for (size_t ai = 0; ai < x.accesses.size(); ++ai) {
      std::optional<bool> r = truthOf(ct.apply(x.accesses[ai].pc));
      accessHit[lin][ai] = !r || *r;
    }
  }

  // Knowledge released into each phase by its arrivals (carried to its
  // waiters), from the previous round: the sweep is repeated until it no
  // longer grows, so a wait placed before the arrivals in program text
  // still learns what they knew (a least fixpoint: only real orderings).
  std::map<std::pair<Obj, uint64_t>, std::map<Obj, uint64_t>> carriedPrev;
  std::vector<Finding> roundFindings;
  // The last round's results (kept when the knowledge stops growing).
  std::map<int, std::set<int64_t>> phasesOf;   // statement id -> phases seen
  std::map<int, std::set<uint64_t>> threadsOf;  // statement id -> threads executing it
  std::map<int, int> coverOf;                   // bulk store / cp.async -> covering wait
  std::map<int, int> writeCoverOf;              // bulk store -> the wait_group (not .read) that completes its writes
  std::map<int, Obj> objOfFinal;                // statement id -> object (with generation)
  // Each thread's mbarrier events and barriers in program order, for the
  // progress check after the rounds (progress.h).
  using Step = ProgressStep;
  auto key = [](const Obj &o) { return SyncObject{0, o.first, o.second}; };
  std::vector<std::vector<Step>> progress;
  std::set<std::pair<Obj, uint64_t>> wellCounted;  // phases with their init count of arrivals and their bytes
  std::map<Obj, uint64_t> countFinal;
  std::set<int> releaseRegionsFinal;
  // First waits that are not vacuous (below): from the next round on they
  // are the `parity` finding they were before, treated as the intended wait.
  std::set<std::pair<uint64_t, int>> notVacuous;
  for (int round = 0;; ++round) {
  std::map<int, Obj> objOf = objBase;  // tagged with generations below
  std::map<std::pair<Obj, uint64_t>, std::map<Obj, uint64_t>> carried;
  std::map<int, std::map<Obj, std::vector<uint64_t>>> knownAt;
  auto learn = [](std::map<Obj, uint64_t> &into, const std::map<Obj, uint64_t> &from) {
    for (auto &[o, kn] : from) into[o] = std::max(into[o], kn);
  };

  struct PhaseTally {
    uint64_t arrivals = 0, expected = 0, delivered = 0;
    bool waited = false;
    const Stmt *firstExpect = nullptr, *firstCopy = nullptr;
    std::set<uint64_t> arrivers;
  };
  std::map<Obj, std::map<uint64_t, PhaseTally>> tally;
  std::map<Obj, std::pair<const Stmt *, uint64_t>> initOf;  // init statement and count
  std::map<Obj, std::set<uint64_t>> initThreads;
  std::vector<std::map<Obj, uint64_t>> known(n);  // phases the thread knows completed
  std::vector<std::map<Obj, std::set<uint64_t>>> arrivedIn(n);
  std::vector<std::map<int, uint64_t>> tokenPhase(n);  // arrival token -> the phase it arrived in
  // Pages: a region whose wait a thread passes right before a bulk copy is a
  // page's release ('empty') barrier; an arrival on it again with no wait of
  // the thread in between is a second release of one ownership.
  std::vector<std::map<Obj, bool>> waitedSince(n);  // per thread: waited since its last arrival on the object
  std::vector<int> lastWaitRegion(n, -1);
  std::set<int> releaseRegions;
  struct PreviousPhase {
    const Stmt *s;
    std::string msg;
    std::vector<std::string> steps;
    int region;
    bool noWaitBetween;
    Obj obj;
  };
  std::vector<PreviousPhase> previousPhases;
  // A thread's first wait on an object, before it has arrived on it, with
  // the parity of the phase *before* phase 0 (CUTLASS's producer start
  // state: `empty` waited with parity 1 first): it passes at once if phase 0
  // has not completed then, which is checked after the sweep (vacuous).
  struct VacuousWait {
    uint64_t lin;
    const Stmt *s;
    Obj obj;
    size_t step;  // its index in progress[lin]
    std::string msg;
    std::vector<std::string> steps;
  };
  std::vector<VacuousWait> vacuous;
  progress.assign(n, {});
  phasesOf.clear();
  threadsOf.clear();
  coverOf.clear();
  writeCoverOf.clear();
  std::set<int> reported;
  roundFindings.clear();
  auto finding = [&](FindingKind kind, const Stmt *s, const std::string &msg) {
    Finding f;
    f.kind = kind;
    f.kernel = k.displayName;
    f.loc = s->loc;
    f.message = msg;
    f.values.push_back({"blockDim", fb->text()});
    return f;
  };
  auto report = [&](const Stmt *s, const std::string &msg, const std::vector<std::string> &steps) {
    if (!reported.insert(s->id).second) return;
    Finding f = finding(FindingKind::Mbarrier, s, msg);
    for (const std::string &st : steps) f.trace.push_back({-1, s->loc, st});
    roundFindings.push_back(f);
  };
  auto objName = [&](const Obj &o) { return syncObjectName(k, {0, o.first, o.second}); };
  // PTX ISA (mbarrier): the object is a 64-bit value aligned to 8 bytes.
  for (size_t ei = 0; ei < x.mbars.size(); ++ei) {
    auto it = objOf.find(x.mbars[ei].s->id);
    if (it == objOf.end()) continue;
    const model::Region &r = k.regions[it->second.first];
    if (it->second.second % 8 == 0 && r.baseAlign >= 8) continue;
    report(x.mbars[ei].s,
           "misaligned mbarrier: '" + objName(it->second) + "' is not 8-byte aligned (" +
               (r.baseAlign < 8 ? "'" + r.name + "' is declared with " + std::to_string(r.baseAlign) +
                                      "-byte alignment"
                                : "byte " + std::to_string(it->second.second) + " of '" + r.name + "'") +
               "); mbarrier objects are 64-bit values aligned to 8 bytes, otherwise the behaviour is undefined",
           {});
  }
  // Bytes a thread announced (expect_tx, or a copy that announces its own)
  // for a phase in which it has not arrived since: the phase's arrivals can
  // then complete it (tx-count 0) before the bytes are expected. Closed by
  // the thread's own arrival in that phase (PTX ISA: the phase completes
  // when the pending arrival count and the tx-count are both zero).
  std::vector<std::map<Obj, std::pair<const Stmt *, uint64_t>>> expectOpen(n);
  auto expectNotFollowed = [&](uint64_t lin, const Obj &obj, const std::pair<const Stmt *, uint64_t> &open) {
    report(open.first,
           "tx bytes announced too late: thread " + std::to_string(lin) + " announces bytes on '" + objName(obj) +
               "' for phase " + std::to_string(open.second) +
               " but does not arrive on it afterwards in that phase, so the phase can complete on its arrivals "
               "alone (transaction count 0) before the bytes are expected, and its waits pass before the copy lands "
               "(announce the bytes with the arrival: arrive.expect_tx, or before the thread's own arrival)",
           {"thread " + std::to_string(lin) + " announces the bytes after its arrival in phase " +
            std::to_string(open.second) + ", or without one"});
  };

  std::map<Obj, uint64_t> gen;  // re-initialisations so far
  struct BulkState {
    uint64_t committed = 0;
    std::vector<std::pair<int, uint64_t>> pending;  // (bulk store statement, its group)
    // Bulk stores whose global writes may not be complete: only a
    // wait_group without .read waits for the writes (PTX ISA,
    // cp.async.bulk.wait_group: .read waits for the reads of the sources).
    std::vector<std::pair<int, uint64_t>> writing;
  };
  std::vector<BulkState> bulk(n), cpasync(n);
  auto generation = [&](const Obj &o) { return Obj{o.first, o.second + (gen[o] << 40)}; };
  // A completed wait for phase p of obj: phases <= p are complete, and the
  // thread learns what their arrivals knew (acquire after release).
  auto completeUpTo = [&](uint64_t lin, const Obj &obj, uint64_t p) {
    for (uint64_t q = 0; q <= p; ++q) {
      auto a = carriedPrev.find({obj, q});
      if (a != carriedPrev.end()) learn(known[lin], a->second);
      auto b = carried.find({obj, q});
      if (b != carried.end()) learn(known[lin], b->second);
    }
    known[lin][obj] = std::max(known[lin][obj], p + 1);
  };
  for (const Item &it : items) {
    if (it.what == 2) {
      // What each thread knows when it executes this access (threads that
      // do not execute it: no constraint).
      const AccessEv &a = x.accesses[it.index];
      std::map<Obj, std::vector<uint64_t>> &at = knownAt[a.seq];
      std::set<Obj> objs;
      for (uint64_t lin = 0; lin < n; ++lin)
        if (accessHit[lin][it.index])
          for (auto &[o, kn] : known[lin]) objs.insert(o);
      for (const Obj &o : objs) {
        std::vector<uint64_t> &v = at[o];
        v.assign(n, UINT64_MAX);
        for (uint64_t lin = 0; lin < n; ++lin)
          if (accessHit[lin][it.index]) {
            auto f = known[lin].find(o);
            v[lin] = f == known[lin].end() ? 0 : f->second;
          }
      }
      continue;
    }
    if (it.what == 1) {
      const BarrierEv &b = x.barriers[it.index];
      threadsOf[b.s->id];
      std::map<uint64_t, std::vector<uint64_t>> groups;  // warp (or 0 for the block) -> threads
      for (uint64_t lin = 0; lin < n; ++lin)
        if (barrierHit[lin][it.index]) {
          groups[b.s->barrier == BarrierKind::Block ? 0 : lin / 32].push_back(lin);
          threadsOf[b.s->id].insert(lin);
          progress[lin].push_back(step(Step::Barrier, b.s, {}, 0, 0, 0, barrierInstance(b, it.index, lin), b.seq));
        }
      for (auto &[g, members] : groups) {
        std::map<Obj, uint64_t> best;
        for (uint64_t lin : members)
          for (auto &[o, kn] : known[lin]) best[o] = std::max(best[o], kn);
        for (uint64_t lin : members)
          for (auto &[o, kn] : best) known[lin][o] = kn;
      }
      continue;
    }
    const MbarEv &e = x.mbars[it.index];
    const Stmt &s = *e.s;
    if (e.region < 0) {
      // Bulk async-groups, thread by thread: a bulk store joins the group of
      // the next commit; wait_group(.read) N completes all but the N most
      // recent committed groups.
      for (uint64_t lin = 0; lin < n; ++lin) {
        const Val &v = vals[lin][it.index];
        if (!v.reaches) continue;
        threadsOf[s.id].insert(lin);
        // Bulk async-groups (bulk stores) and cp.async groups are separate.
        bool ampere = s.kind == Stmt::Kind::AsyncCopy ? s.access == model::AccessKind::Write
                                                      : s.mbarOp == model::MbarOp::AsyncCommit ||
                                                            s.mbarOp == model::MbarOp::AsyncWait;
        BulkState &b = ampere ? cpasync[lin] : bulk[lin];
        if (s.kind == Stmt::Kind::AsyncCopy) {
          b.pending.push_back({s.id, b.committed});
          if (!ampere) b.writing.push_back({s.id, b.committed});
        } else if (s.mbarOp == model::MbarOp::BulkCommit || s.mbarOp == model::MbarOp::AsyncCommit) {
          ++b.committed;
        } else if (s.mbarOp == model::MbarOp::BulkWait || s.mbarOp == model::MbarOp::BulkWaitRead ||
                   s.mbarOp == model::MbarOp::AsyncWait) {
          // The operations of `list` this wait completes go to `cover`;
          // false when one of them was completed by another wait before.
          auto complete = [&](std::vector<std::pair<int, uint64_t>> &list, std::map<int, int> &cover) {
            bool agree = true;
            std::vector<std::pair<int, uint64_t>> still;
            for (auto &[store, group] : list) {
              if (group + v.operand >= b.committed) {
                still.push_back({store, group});
                continue;
              }
              auto [pos, fresh] = cover.emplace(store, s.id);
              if (!fresh && pos->second != s.id) {
                agree = false;
                pos->second = -1;
              }
            }
            list = still;
            return agree;
          };
          if (!complete(b.pending, coverOf)) unknown(&s, "different threads complete the bulk store at different waits");
          if (s.mbarOp == model::MbarOp::BulkWait) complete(b.writing, writeCoverOf);  // (-1: no one wait)
        }
      }
      continue;
    }
    auto oi = objOf.find(s.id);
    if (oi == objOf.end()) continue;  // executed by no thread
    // An init starts a new generation of the object (phase 0, new count);
    // whether it can overlap uses of the old one is the race check's.
    if (s.kind == Stmt::Kind::Mbarrier && s.mbarOp == model::MbarOp::Init && initOf.count(generation(oi->second))) {
      ++gen[oi->second];
      for (uint64_t lin = 0; lin < n; ++lin) {
        known[lin].erase(generation(oi->second));
        arrivedIn[lin].erase(generation(oi->second));
      }
    }
    const Obj obj = generation(oi->second);
    objOf[s.id] = obj;
    for (uint64_t lin = 0; lin < n; ++lin) {
      const Val &v = vals[lin][it.index];
      if (!v.reaches) continue;
      threadsOf[s.id].insert(lin);
      uint64_t kn = known[lin][obj];
      if (s.kind == Stmt::Kind::AsyncCopy) {
        if (lastWaitRegion[lin] >= 0) releaseRegions.insert(lastWaitRegion[lin]);
        // The copy completes its bytes on the phase its thread's last
        // arrival announced them for (arrive.expect_tx, then the copy), or
        // on the phase after the known ones. (A thread's arrivals land in
        // increasing phases: the last is the largest.)
        uint64_t ph = kn;
        auto la = arrivedIn[lin].find(obj);
        if (la != arrivedIn[lin].end() && !la->second.empty()) ph = std::max(ph, *la->second.rbegin());
        PhaseTally &p = tally[obj][ph];
        progress[lin].push_back(step(Step::Copy, &s, key(obj), ph, 0, v.tx, 0, e.seq));
        p.delivered += v.tx;
        if (s.txBytes) {
          p.expected += v.tx;  // cuda::memcpy_async announces its own bytes
          expectOpen[lin].emplace(obj, std::make_pair(&s, ph));
        }
        if (!p.firstCopy) p.firstCopy = &s;
        phasesOf[s.id].insert((int64_t)ph);
        continue;
      }
      switch (s.mbarOp) {
      case model::MbarOp::Init:
        initThreads[obj].insert(lin);
        initOf[obj] = {&s, v.operand};
        break;
      case model::MbarOp::Arrive: {
        // After a "previous phase" finding the arrival counts where it was
        // meant to (one finding per defect).
        uint64_t meant = kn;
        while (arrivedIn[lin][obj].count(meant)) ++meant;
        PhaseTally &p = tally[obj][meant];
        if (meant != kn) {
          auto ws = waitedSince[lin].find(obj);
          previousPhases.push_back(
              {&s,
               "previous phase: thread " + std::to_string(lin) + " arrives on '" + objName(obj) +
                   "' again before it has seen phase " + std::to_string(kn) +
                   " complete, so this arrival can be counted in that phase instead of the next",
               {"thread " + std::to_string(lin) + " arrived in phase " + std::to_string(kn) +
                " and has not waited for it to complete"},
               obj.first, ws != waitedSince[lin].end() && !ws->second, obj});
        }
        waitedSince[lin][obj] = false;
        arrivedIn[lin][obj].insert(meant);
        if (auto eo = expectOpen[lin].find(obj); eo != expectOpen[lin].end() && eo->second.second == meant)
          expectOpen[lin].erase(eo);
        if (s.token >= 0) tokenPhase[lin][s.token] = meant;
        if (releasesOrder(s.order)) learn(carried[{obj, meant}], known[lin]);
        p.arrivals += v.hasOperand ? v.operand : 1;
        p.arrivers.insert(lin);
        progress[lin].push_back(step(Step::Arrive, &s, key(obj), meant, v.hasOperand ? v.operand : 1, v.hasTx ? v.tx : 0, 0, e.seq));
        if (v.hasTx) {
          p.expected += v.tx;
          if (!p.firstExpect) p.firstExpect = &s;
        }
        phasesOf[s.id].insert((int64_t)meant);
        break;
      }
      case model::MbarOp::ExpectTx: {
        PhaseTally &p = tally[obj][kn];
        expectOpen[lin].emplace(obj, std::make_pair(&s, kn));
        progress[lin].push_back(step(Step::ExpectTx, &s, key(obj), kn, 0, v.tx, 0, e.seq));
        p.expected += v.tx;
        if (!p.firstExpect) p.firstExpect = &s;
        break;
      }
      case model::MbarOp::Wait: {
        if (auto eo = expectOpen[lin].find(obj); eo != expectOpen[lin].end()) {
          expectNotFollowed(lin, obj, eo->second);
          expectOpen[lin].erase(eo);
        }
        for (auto &[o, w] : waitedSince[lin]) w = true;
        lastWaitRegion[lin] = obj.first;
        if (s.tokenWait) {
          // The phase of the arrival whose token it waits for.
          auto tp = tokenPhase[lin].find((int)v.operand);
          if (tp == tokenPhase[lin].end()) {
            unknown(&s, "thread " + std::to_string(lin) + " waits on a token that is not from one of its arrivals");
            break;
          }
          tally[obj][tp->second].waited = true;
          progress[lin].push_back(step(Step::MbarWait, &s, key(obj), tp->second, 0, 0, 0, e.seq));
          phasesOf[s.id].insert((int64_t)tp->second);
          completeUpTo(lin, obj, tp->second);
          break;
        }
        uint64_t parity = v.operand & 1;
        // (A wait with the other parity passes at once or, once phase kn
        // has completed, blocks until phase kn + 1 completes.)
        progress[lin].push_back(step(Step::MbarWait, &s, key(obj), parity == (kn & 1) ? kn : kn + 1, 0, 0, 0, e.seq));
        if (parity == (kn & 1)) {
          tally[obj][kn].waited = true;
          phasesOf[s.id].insert((int64_t)kn);
          completeUpTo(lin, obj, kn);
        } else if (kn == 0 && arrivedIn[lin][obj].empty() && !notVacuous.count({lin, s.id})) {
          // Maybe vacuous: no knowledge, no phase (-1: a statement that is a
          // real wait for other threads is then unknown), decided below.
          phasesOf[s.id].insert(-1);
          vacuous.push_back({lin, &s, obj, progress[lin].size() - 1,
                             "parity: thread " + std::to_string(lin) + " waits on '" + objName(obj) +
                                 "' with parity 1 before phase 0 has completed, as if for the phase before the first, "
                                 "but phase 0 can complete before this wait (its arrivals do not depend on it), and "
                                 "then the wait blocks until phase 1 completes",
                             {"thread " + std::to_string(lin) + " has seen no phase of '" + objName(obj) +
                              "' complete and has not arrived on it"}});
        } else {
          // Reported; afterwards treated as the wait it was meant to be
          // (for phase kn), so that the accesses it fails to order are not
          // reported again.
          tally[obj][kn].waited = true;
          phasesOf[s.id].insert((int64_t)kn);
          completeUpTo(lin, obj, kn);
          report(&s,
                 "parity: thread " + std::to_string(lin) + " waits on '" + objName(obj) + "' with parity " +
                     std::to_string(parity) + ", but the phase it has not yet seen complete is phase " +
                     std::to_string(kn) + " (parity " + std::to_string(kn & 1) +
                     "): the wait passes at once and orders nothing",
                 {"thread " + std::to_string(lin) + " has seen " + std::to_string(kn) + " phase(s) of '" +
                  objName(obj) + "' complete"});
        }
        break;
      }
      default:
        break;
      }
    }
  }

  for (uint64_t lin = 0; lin < n; ++lin)
    for (auto &[obj, open] : expectOpen[lin]) expectNotFollowed(lin, obj, open);
  // Asynchronous operations still running when the block may exit (its
  // shared memory then goes to the next block on the SM): a bulk store that
  // no wait_group(.read) of its issuing thread covers, and a bulk copy into
  // shared memory on a phase no thread waits for (nor for a later one).
  // (Kept aside: reported after the race and progress checks unless a
  // defect they report explains it, exitInFlightChecks.)
  std::vector<std::pair<int, Finding>> exits;
  std::set<int> exitReported;  // one finding per statement (its first thread)
  auto inFlightAtExit = [&](const Stmt *st, const std::string &msg) {
    if (exitReported.insert(st->id).second) exits.push_back({st->id, finding(FindingKind::AsyncCopy, st, msg)});
  };
  {
    std::map<int, const Stmt *> stmtOf;
    for (const MbarEv &e : x.mbars) stmtOf[e.s->id] = e.s;
    for (uint64_t lin = 0; lin < n; ++lin)
      for (auto &[store, group] : bulk[lin].pending)
        if (const Stmt *st = stmtOf[store]; st && st->kind == Stmt::Kind::AsyncCopy &&
                                            st->access == model::AccessKind::Read)
          inFlightAtExit(st, "in flight at exit: thread " + std::to_string(lin) + "'s bulk store reads '" +
                                 k.regions[st->region].name +
                                 "' through the async proxy, and no cp.async.bulk.wait_group.read of that thread "
                                 "covers it before the thread exits: the block's shared memory can be given to "
                                 "another block while the store still reads it");
    for (uint64_t lin = 0; lin < n; ++lin)
      for (auto &[copy, group] : cpasync[lin].pending)
        if (const Stmt *st = stmtOf[copy]; st && st->kind == Stmt::Kind::AsyncCopy)
          inFlightAtExit(st, "in flight at exit: thread " + std::to_string(lin) + "'s cp.async writes '" +
                                 k.regions[st->region].name +
                                 "', and no cp.async.wait_group / cp.async.wait_all of that thread covers it "
                                 "before the thread exits: the block's shared memory can be given to another "
                                 "block while the copy still writes it");
    std::map<Obj, int64_t> lastWaited;
    for (auto &[obj, phases] : tally)
      for (auto &[ph, p] : phases)
        if (p.waited) lastWaited[obj] = std::max(lastWaited.count(obj) ? lastWaited[obj] : -1, (int64_t)ph);
    for (auto &[obj, phases] : tally)
      for (auto &[ph, p] : phases) {
        if (!p.firstCopy) continue;
        auto lw = lastWaited.find(obj);
        if (lw != lastWaited.end() && lw->second >= (int64_t)ph) continue;
        inFlightAtExit(p.firstCopy, "in flight at exit: the bulk copy into '" + k.regions[p.firstCopy->region].name +
                                        "' completes on phase " + std::to_string(ph) + " of '" + objName(obj) +
                                        "', which no thread waits for: the block can exit while the copy still "
                                        "writes its shared memory and signals the mbarrier");
      }
  }
  // Arrivals and transaction bytes per phase.
  for (auto &[obj, phases] : tally) {
    auto init = initOf.find(obj);
    if (init == initOf.end()) {
      for (auto &[ph, p] : phases) {
        (void)ph;
        const Stmt *s = p.firstExpect ? p.firstExpect : p.firstCopy;
        for (const MbarEv &e : x.mbars)
          if (!s && objOf.count(e.s->id) && objOf[e.s->id] == obj) s = e.s;
        if (s) unknown(s, "the mbarrier '" + objName(obj) + "' is not initialised in this kernel");
        break;
      }
      continue;
    }
    const Stmt *is = init->second.first;
    uint64_t count = init->second.second;
    if (initThreads[obj].size() > 1) {
      report(is, "re-init: " + std::to_string(initThreads[obj].size()) + " threads initialise '" + objName(obj) +
                     "' (one thread must, before a barrier that orders it before every use)",
             {});
      continue;
    }
    uint64_t last = phases.empty() ? 0 : phases.rbegin()->first;
    for (auto &[ph, p] : phases) {
      bool needed = p.waited || ph < last;
      if (p.arrivals > count || (needed && p.arrivals < count)) {
        std::string what = p.arrivals > count ? "it completes before the last intended arrival (the rest spill into "
                                                "the next phase)"
                                              : "it never completes (a hang)";
        report(is,
               "arrival count: phase " + std::to_string(ph) + " of '" + objName(obj) + "' receives " +
                   std::to_string(p.arrivals) + " arrival(s) but the mbarrier is initialised with count " +
                   std::to_string(count) + ": " + what,
               {std::to_string(p.arrivers.size()) + " thread(s) arrive in phase " + std::to_string(ph) +
                (p.waited ? "; threads wait for it" : "")});
      }
      if (p.expected != p.delivered && (needed || p.expected || p.delivered)) {
        const Stmt *at = p.firstExpect ? p.firstExpect : p.firstCopy;
        std::string what = p.expected > p.delivered ? "the phase never completes (a hang)"
                                                    : "the phase can complete while a copy is still writing";
        report(at,
               "tx bytes: phase " + std::to_string(ph) + " of '" + objName(obj) + "' expects " +
                   std::to_string(p.expected) + " transaction bytes but the bulk copies completing on it deliver " +
                   std::to_string(p.delivered) + ": " + what,
               {});
      }
    }
  }
  wellCounted.clear();
  countFinal.clear();
  for (auto &[obj, phases] : tally) {
    auto init = initOf.find(obj);
    if (init == initOf.end() || initThreads[obj].size() > 1) continue;
    countFinal[obj] = init->second.second;
    for (auto &[ph, p] : phases)
      if (p.arrivals == init->second.second && p.expected == p.delivered) wellCounted.insert({obj, ph});
  }
  releaseRegionsFinal = releaseRegions;
  // Arrivals counted in an earlier phase: on a page's release barrier, a
  // second arrival with no wait in between is a second release of the same
  // ownership (page-reuse, once); the later arrivals it displaces on the
  // same pages are its consequence. Elsewhere: "previous phase".
  {
    std::set<int> doubled;
    for (const PreviousPhase &pp : previousPhases) {
      if (pp.noWaitBetween && releaseRegions.count(pp.region)) {
        doubled.insert(pp.region);
        if (!reported.insert(pp.s->id).second) continue;
        Finding f;
        f.kind = FindingKind::PageReuse;
        f.kernel = k.displayName;
        f.loc = pp.s->loc;
        f.message = "released twice: '" + pp.s->text + "' releases a page on '" + k.regions[pp.region].name +
                    "' that this thread already released in the same ownership (no wait in between): the extra "
                    "arrival completes a later phase, so a later refill can pass its wait while the page is still read";
        f.values.push_back({"blockDim", fb->text()});
        for (const std::string &st : pp.steps) f.trace.push_back({-1, pp.s->loc, st});
        roundFindings.push_back(f);
        continue;
      }
      if (doubled.count(pp.region)) continue;
      // An mbarrier no thread waits on orders nothing: which phase an
      // arrival lands in cannot be observed.
      bool observed = false;
      for (auto &[ph, p] : tally[pp.obj]) observed |= p.waited;
      if (!observed) continue;
      report(pp.s, pp.msg, pp.steps);
    }
  }
  bool rejectedNew = false;
  // The vacuous first waits: the block's steps run with the waiting thread
  // stopped before the wait (the other candidates pass theirs, every step
  // left out only lets threads run further). When the arrivals on the object
  // that the threads can then make (of any phase) stay below its count,
  // phase 0 needs this thread to pass the wait first: the wait passes at once
  // in every execution, and orders nothing. Otherwise it is a `parity`
  // finding (it may block until phase 1), and its step stays.
  {
    std::set<std::pair<uint64_t, size_t>> passing;  // (thread, step index)
    for (const VacuousWait &vw : vacuous) passing.insert({vw.lin, vw.step});
    std::set<std::pair<uint64_t, size_t>> drop;
    for (const VacuousWait &vw : vacuous) {
      auto init = initOf.find(vw.obj);
      bool isVacuous = init != initOf.end() && initThreads[vw.obj].size() == 1;
      if (isVacuous) {
        std::vector<ProgressThread> threads(n);
        for (uint64_t lin = 0; lin < n; ++lin) {
          threads[lin] = {-1, lin, {}, ""};
          for (size_t i = 0; i < progress[lin].size(); ++i) {
            if (lin == vw.lin && i == vw.step) break;
            if (passing.count({lin, i})) continue;
            threads[lin].steps.push_back(progress[lin][i]);
          }
        }
        std::map<SyncObject, uint64_t> counts;
        for (auto &[o, in] : initOf)
          if (initThreads[o].size() == 1) counts[key(o)] = in.second;
        Progress pr = runProgress(threads, counts);
        uint64_t arrivals = 0;
        for (uint64_t lin = 0; lin < n; ++lin)
          for (size_t i = 0; i < pr.at[lin]; ++i) {
            const Step &st = threads[lin].steps[i];
            if (st.kind == Step::Arrive && st.obj == key(vw.obj)) arrivals += st.count;
          }
        isVacuous = arrivals < init->second.second;
      }
      if (isVacuous) drop.insert({vw.lin, vw.step});
      else {
        report(vw.s, vw.msg, vw.steps);
        if (notVacuous.insert({vw.lin, vw.s->id}).second) rejectedNew = true;
      }
    }
    for (auto it = drop.rbegin(); it != drop.rend(); ++it)
      progress[it->first].erase(progress[it->first].begin() + (long)it->second);
  }
  // Converged (or enough rounds): keep this round's results.
  bool grew = false;
  for (auto &[key, kn] : carried) {
    std::map<Obj, uint64_t> merged = carriedPrev[key];
    learn(merged, kn);
    if (merged != carriedPrev[key]) { carriedPrev[key] = merged; grew = true; }
  }
  if ((!grew && !rejectedNew) || round >= 8) {
    // Knowledge that has not settled is not the least fixpoint the phases
    // rest on: not proved either way.
    if (grew) unknown(x.mbars[0].s, "the phase bookkeeping did not settle within 8 rounds");
    for (auto &f : roundFindings) findings.push_back(f);
    exitInFlight = exits;
    mbarKnownAt = knownAt;
    objOfFinal = objOf;
    break;
  }
  }  // rounds

  // Warp roles, for traces: a warp that issues bulk copies into shared memory
  // loads, one that issues bulk stores stores, one that waits on mbarriers
  // and does neither consumes.
  {
    std::map<uint64_t, std::set<std::string>> roles;
    for (const MbarEv &e : x.mbars) {
      auto th = threadsOf.find(e.s->id);
      if (th == threadsOf.end()) continue;
      const Stmt &s = *e.s;
      const char *role = nullptr;
      if (s.kind == Stmt::Kind::AsyncCopy) role = s.access == model::AccessKind::Read ? "storer" : "loader";
      else if (s.kind == Stmt::Kind::Mbarrier && s.mbarOp == model::MbarOp::Wait) role = "consumer";
      if (!role) continue;
      for (uint64_t lin : th->second) roles[lin / 32].insert(role);
    }
    warpRoles.clear();
    for (auto &[w, rs] : roles) {
      if (rs.count("loader")) rs.erase("consumer");  // (a loader waits for pages to be released)
      std::string text;
      for (const char *r : {"loader", "consumer", "storer"})
        if (rs.count(r)) text += (text.empty() ? "" : "/") + std::string(r);
      warpRoles[w] = text;
    }
  }

  // The steps for the progress check (blockProgressChecks, after the named
  // barriers have added theirs).
  if (unknownAt.empty()) {
    mbarSteps = progress;
    mbarInitCount.clear();
    for (auto &[o, cnt] : countFinal) mbarInitCount[key(o)] = cnt;
    mbarWellCounted.clear();
    for (auto &[o, ph] : wellCounted) mbarWellCounted.insert({key(o), ph});
    mbarReleaseRegions = releaseRegionsFinal;
  }

  // The phase of each arrive, wait and copy (the same for all its threads).
  for (auto &[id, ph] : phasesOf) {
    if (ph.size() == 1 && *ph.begin() >= 0) mbarPhase[id] = (int)*ph.begin();
    else if (ph.size() > 1)
      for (const MbarEv &e : x.mbars)
        if (e.s->id == id) unknown(e.s, "different threads reach it in different phases");
  }
  execThreads.insert(threadsOf.begin(), threadsOf.end());

  bulkCover = coverOf;
  bulkWriteCover = writeCoverOf;
  mbarObjects = objOfFinal;
  mbarModelled = unknownAt.empty();
}

// A pair of accesses, one in a ring loop and one outside it (or in a loop
// head's second run): their order is not derived from the ring. Unknown at
// the access outside, once; the pair is then treated as ordered.
void Checker::ringUnsupported(const AccessEv &a, const AccessEv &b) {
  const AccessEv &at = a.iters.empty() ? a : b;
  if (!ringUnsupportedReported.insert(at.s->id).second) return;
  Finding f;
  f.kind = FindingKind::Unknown;
  f.kernel = k.displayName;
  f.loc = at.s->loc;
  f.message = "not modelled: the order between '" + a.s->text + "' and '" + b.s->text +
              "' (one inside an mbarrier pipeline loop, one outside it) is not derived from the ring's phases";
  unknownFindings.push_back(f);
}

// Does some thread of `t`'s group (its warp, or the block) execute statement
// `ev`, with every thread that executes `ev` also executing barrier `w`?
static z3::expr groupDoes(Checker &ck, const Thread &t, const BarrierEv &w, int ev) {
  z3::context &c = ck.c;
  auto ti = ck.execThreads.find(ev), wi = ck.execThreads.find(w.s->id);
  if (ti == ck.execThreads.end() || wi == ck.execThreads.end() || ti->second.empty()) return c.bool_val(false);
  for (uint64_t th : ti->second)
    if (!wi->second.count(th)) return c.bool_val(false);
  if (w.s->barrier == BarrierKind::Block) return c.bool_val(true);
  std::set<uint64_t> warps;
  for (uint64_t th : ti->second) warps.insert(th / 32);
  z3::expr r = c.bool_val(false);
  z3::expr myWarp = z3::udiv(ck.linearTid(t), c.bv_val(32, 32));
  for (uint64_t w32 : warps) r = r || myWarp == c.bv_val(w32, 32);
  return r;
}

// Release points after `a` in x: a release arrival of x, or a barrier x
// passes after which a thread of its group arrives.
std::vector<Checker::MbarPoint> Checker::mbarReleases(Executor &x, const Thread &tx, const AccessEv &a) {
  std::vector<MbarPoint> rel;
  if (!mbarModelled) return rel;
  for (const MbarEv &e : x.mbars) {
    const Stmt &s = *e.s;
    if (s.kind != Stmt::Kind::Mbarrier || s.mbarOp != model::MbarOp::Arrive) continue;
    auto ph = mbarPhase.find(s.id);
    auto ob = mbarObjects.find(s.id);
    if (ph == mbarPhase.end() || ob == mbarObjects.end()) continue;
    if (!releasesOrder(s.order)) {
      // A .relaxed arrival after a release (or acq_rel, sc) memory fence of
      // the same thread is a release pattern for the accesses before the
      // fence (PTX ISA, "Release and Acquire Patterns": a release fence
      // followed by a strong write). The fence is cumulative: it also
      // releases what a barrier before it ordered before it, when every
      // thread that arrives runs the barrier and then the fence.
      for (const FenceEv &f : x.fences) {
        if (!releasesOrder(f.s->order) || !memoryFence(*f.s) || f.seq >= e.seq) continue;
        if (f.seq >= a.seq) rel.push_back({ob->second, ph->second, e.guard && f.guard});
        // (every thread that arrives runs the fence: its path to the
        // arrival passes the fence)
        if (!z3::eq(e.guard, f.guard) &&
            check(launchConstraints() && threadConstraints(tx) && x.assumed && e.guard && !f.guard) != z3::unsat)
          continue;
        for (const BarrierEv &w : x.barriers) {
          if ((w.s->barrier != BarrierKind::Block && w.s->barrier != BarrierKind::Warp) || w.seq < a.seq ||
              w.seq > f.seq)
            continue;
          rel.push_back({ob->second, ph->second, w.guard && groupDoes(*this, tx, w, s.id)});
        }
      }
      continue;
    }
    // The arrival itself belongs to its phase (>=): it precedes the phase's completion.
    if (e.seq >= a.seq) rel.push_back({ob->second, ph->second, e.guard});
    for (const BarrierEv &w : x.barriers) {
      if ((w.s->barrier != BarrierKind::Block && w.s->barrier != BarrierKind::Warp) || w.seq < a.seq || w.seq > e.seq)
        continue;
      rel.push_back({ob->second, ph->second, w.guard && groupDoes(*this, tx, w, s.id)});
    }
  }
  return rel;
}

// The thread `t`, executing the access at `seq`, knows phase `phase` of
// `obj` complete: a predicate over its linear index (ranges of threads).
z3::expr Checker::mbarKnows(int seq, const std::pair<int, uint64_t> &obj, int phase, const Thread &t) {
  z3::expr r = c.bool_val(false);
  auto at = mbarKnownAt.find(seq);
  if (at == mbarKnownAt.end()) return r;
  auto v = at->second.find(obj);
  if (v == at->second.end()) return r;
  const std::vector<uint64_t> &kn = v->second;
  z3::expr lin = linearTid(t);
  size_t i = 0;
  while (i < kn.size()) {
    if (kn[i] <= (uint64_t)phase) { ++i; continue; }
    size_t j = i;
    while (j + 1 < kn.size() && kn[j + 1] > (uint64_t)phase) ++j;
    if (i == 0 && j + 1 == kn.size()) return c.bool_val(true);
    r = r || (z3::uge(lin, c.bv_val(i, 32)) && z3::ule(lin, c.bv_val(j, 32)));
    i = j + 1;
  }
  return r;
}

z3::expr Checker::mbarHappensBefore(Executor &x, const Thread &tx, const AccessEv &a, Executor &y, const Thread &ty,
                                    const AccessEv &b) {
  z3::expr r = c.bool_val(false);
  if (!mbarModelled || x.mbars.empty()) return r;
  if (ring) {
    // After a parity violation the knowledge is not the program's: the
    // races it causes are that violation's.
    if (ring->parityBroken) return c.bool_val(true);
    bool unsupported = false;
    r = ringHappensBefore(x, tx, a, y, ty, b, unsupported);
    if (unsupported) ringUnsupported(a, b);
    return unsupported ? c.bool_val(true) : r;
  }
  // A release point of a's thread (or of its group after a barrier) on
  // phase p of an object whose phase p b's thread knows complete when it
  // executes b (its own wait, a barrier after a group member's wait, or a
  // chain of phases: the bookkeeping's knowledge).
  for (const MbarPoint &p : mbarReleases(x, tx, a)) {
    z3::expr knows = mbarKnows(b.seq, p.obj, p.phase, ty);
    if (!knows.is_false()) r = r || (p.cond && knows);
  }
  return r;
}

// A bulk copy `cp` (in x) and an access `o` (in y; maybe another copy) of
// overlapping bytes: the copy's writes complete with its phase, so `o` must
// follow a wait for that phase or precede the copy's issue.
bool Checker::copyRace(Executor &x, const Thread &tx, const AccessEv &cp, Executor &y, const Thread &ty,
                       const AccessEv &o, const z3::expr &base, bool sameThread) {
  const Stmt &sc = *cp.s, &so = *o.s;
  // cuda::memcpy_async(group, ...): the group's threads perform one copy.
  if (&sc == &so && sc.atomicOp == "cuda::memcpy_async(group)") return false;
  std::pair<int, int> key{std::min(sc.id, so.id), std::max(sc.id, so.id)};
  if (reportedPairs.count(key)) return false;
  bool store = sc.access == model::AccessKind::Read;  // a bulk store reads its shared source
  bool grouped = store || sc.mbarRegion < 0;          // completes by its thread's wait_group
  if (groupLoop && !store && grouped) return groupLoopCopyRace(x, tx, cp, y, ty, o, base, sameThread);
  if (store && so.kind != Stmt::Kind::AsyncCopy && so.access == model::AccessKind::Read) return false;
  if (store && so.kind == Stmt::Kind::AsyncCopy && so.access == model::AccessKind::Read) return false;
  z3::expr q = base && cp.guard && o.guard && overlap(c, cp.off, sc.size, o.off, so.size);
  // No overlap at all: settled without the phase knowledge below.
  if (check(q) == z3::unsat) return false;
  auto ph = mbarPhase.find(sc.id);
  auto ob = mbarObjects.find(sc.id);
  z3::expr after = c.bool_val(false);
  if (grouped) {
    // After the issuing thread's wait_group that covers the copy: in that
    // thread (its own wait), or in another thread after a block barrier that
    // follows the wait, when every thread issuing the copy executes the wait.
    auto cv = bulkCover.find(sc.id);
    if (mbarModelled && cv != bulkCover.end()) {
      auto issuers = execThreads.find(sc.id), waiters = execThreads.find(cv->second);
      bool allWait = issuers != execThreads.end() && waiters != execThreads.end();
      if (allWait)
        for (uint64_t th : issuers->second) allWait &= waiters->second.count(th) > 0;
      for (const MbarEv &w : y.mbars) {
        if (w.s->id != cv->second) continue;
        if (sameThread && w.seq < o.seq) after = after || w.guard;
        if (!sameThread && allWait)
          for (const BarrierEv &bb : y.barriers)
            if (bb.s->barrier == BarrierKind::Block && bb.seq > w.seq && bb.seq < o.seq) after = after || bb.guard;
      }
    }
  } else if (mbarModelled && ph != mbarPhase.end() && ob != mbarObjects.end()) {
    // o's thread knows the copy's phase complete.
    after = mbarKnows(o.seq, ob->second, ph->second, ty);
  } else if (mbarModelled && ring) {
    if (ring->parityBroken) return false;
    bool unsupported = false;
    after = ringKnowsCopy(x, cp, y, ty, o, unsupported);
    if (unsupported) {
      ringUnsupported(cp, o);
      return false;
    }
  }
  z3::expr before = c.bool_val(false);
  if (sameThread) {
    if (o.seq < cp.seq) return false;  // program order: issued after the access
  } else {
    // The access is in an earlier block interval than the issue, or ordered
    // before it by a named barrier or an mbarrier phase.
    for (auto &[ko, go] : o.bseg)
      for (auto &[kc, gc] : cp.bseg)
        if (ko < kc) before = before || (go && gc);
    if (!y.named.empty()) before = before || namedHappensBefore(y, o, x, cp);
    before = before || mbarHappensBefore(y, ty, o, x, tx, cp);
    if (so.kind == Stmt::Kind::AsyncCopy && so.access == model::AccessKind::Write && ring) {
      bool unsupported = false;
      before = before || ringKnowsCopy(y, o, x, tx, cp, unsupported);
      if (unsupported) {
        ringUnsupported(cp, o);
        return false;
      }
    }
    if (so.kind == Stmt::Kind::AsyncCopy && so.access == model::AccessKind::Write) {
      // Two copies: the other one completed before this one was issued.
      auto ph2 = mbarPhase.find(so.id);
      auto ob2 = mbarObjects.find(so.id);
      if (mbarModelled && ph2 != mbarPhase.end() && ob2 != mbarObjects.end())
        before = before || mbarKnows(cp.seq, ob2->second, ph2->second, tx);
    }
  }
  q = q && eventValidity(x) && eventValidity(y) && !after && !before;
  z3::check_result res = check(q);
  if (res == z3::unsat) return false;
  reportedPairs.insert(key);
  if (res == z3::unknown) {
    solverUnknown(&so, "whether '" + so.text + "' can run while the bulk copy into it is in flight");
    return true;
  }
  // The page was released before this access: o's thread arrived on an
  // mbarrier before o, and the copy (the refill) is issued only after that
  // arrival's phase completed. The defect is the release's place (one
  // finding at the arrive), not the access.
  if (!grouped && !sameThread && so.kind != Stmt::Kind::AsyncCopy && mbarModelled) {
    for (const MbarEv &e : y.mbars) {
      if (e.seq >= o.seq || e.s->kind != Stmt::Kind::Mbarrier || e.s->mbarOp != model::MbarOp::Arrive) continue;
      auto eph = mbarPhase.find(e.s->id);
      auto eob = mbarObjects.find(e.s->id);
      if (eph == mbarPhase.end() || eob == mbarObjects.end()) continue;
      z3::expr knows = mbarKnows(cp.seq, eob->second, eph->second, tx);
      if (knows.is_false() || check(q && e.guard && knows) != z3::sat) continue;
      if (!pageReleaseReported.insert(e.s->id).second) return true;
      Finding f;
      f.kind = FindingKind::PageReuse;
      f.kernel = k.displayName;
      f.loc = e.s->loc;
      const std::string obj = k.regions[eob->second.first].name;
      f.message = "released early: '" + e.s->text + "' releases the page (phase " + std::to_string(eph->second) +
                  " of '" + obj + "') before this thread's access '" + so.text + "' (line " +
                  std::to_string(so.loc.line) + "): the refill (line " + std::to_string(sc.loc.line) +
                  ") waits only for that phase and may overwrite the page while it is still read";
      f.related.push_back({so.loc, "the access after the release"});
      f.related.push_back({sc.loc, "the refill ('" + sc.atomicOp + "')"});
      model::ThreadId ia = threadId("thread A", tx), ib = threadId("thread B", ty);
      f.threads = {ib, ia};
      addLaunchValues(f);
      f.trace.push_back({0, e.s->loc, "thread B (" + threadText(ib, false) + ") releases the page: '" + e.s->text + "'" +
                                          unrolledText(*e.s)});
      f.trace.push_back({1, sc.loc, "thread A (" + threadText(ia, false) + ") sees phase " + std::to_string(eph->second) +
                                        " of '" + obj + "' complete and refills the page" +
                                        bytesText(cp, sc.size ? sc.size : so.size) + unrolledText(sc)});
      f.trace.push_back({0, so.loc, "thread B still accesses it: '" + so.text + "'" + bytesText(o, so.size) +
                                        unrolledText(so)});
      findings.push_back(f);
      return true;
    }
  }
  if (!grouped && mbarModelled && pageStillInUse(y, cp, o, q, ph, ob, tx, ty, sameThread)) return true;
  Finding f;
  f.kind = FindingKind::AsyncCopy;
  f.kernel = k.displayName;
  const model::Region &r = k.regions[sc.region];
  bool read = so.kind != Stmt::Kind::AsyncCopy && so.access == model::AccessKind::Read;
  f.loc = so.loc;
  std::string phase = ph != mbarPhase.end() && ob != mbarObjects.end()
                          ? "phase " + std::to_string(ph->second) + " of '" + k.regions[ob->second.first].name + "'"
                          : "its mbarrier phase";
  if (grouped && !store)
    f.message = std::string(read ? "before completion: read '" : "in flight: write '") + so.text + "' of '" + r.name +
                "' can run while the cp.async into it (line " + std::to_string(sc.loc.line) +
                ") is in flight: no cp.async.wait_group of the copying thread that covers it (followed, for another "
                "thread, by a barrier) orders it after the copy";
  else if (store)
    f.message = "in flight: write '" + so.text + "' of '" + r.name + "' can run while the bulk store (line " +
                std::to_string(sc.loc.line) + ") may still be reading it: no cp.async.bulk.wait_group.read that " +
                "covers the store orders the write after it";
  else
    f.message = std::string(read ? "before completion: " : "in flight: ") + (read ? "read '" : "write '") + so.text +
                "' of '" + r.name + "' can run while the bulk copy into it (line " + std::to_string(sc.loc.line) +
                ") is in flight: no wait for " + phase + " orders it after the copy";
  f.related.push_back({sc.loc, "the bulk copy ('" + sc.atomicOp + "')"});
  model::ThreadId ia = threadId("thread A", tx), ib = threadId("thread B", ty);
  f.threads = sameThread ? std::vector<model::ThreadId>{ia} : std::vector<model::ThreadId>{ia, ib};
  addLaunchValues(f);
  f.trace.push_back({0, sc.loc, "thread A (" + threadText(ia, false) + ") issues the bulk copy into '" + r.name + "'" +
                                    bytesText(cp, sc.size) + unrolledText(sc)});
  f.trace.push_back({sameThread ? 0 : 1, so.loc,
                     std::string(sameThread ? "thread A" : "thread B (" + threadText(ib, false) + ")") +
                         (read ? " reads '" : " writes '") + so.text + "'" + bytesText(o, so.size) +
                         " before the copy's phase completes" + unrolledText(so)});
  findings.push_back(f);
  return true;
}

// A bulk copy `cp` that can overlap `o` (q: the race, satisfiable) refills a
// page that is still in use when `o` belongs to the page's previous owner:
//   * `o` is an earlier fill of the same bytes on another phase (its async
//     writes may still be pending), or `cp` is that earlier fill and `o` the
//     refill;
//   * `o` is a generic access after which its thread releases (arrives on an
//     mbarrier) before it waits for `cp`'s phase: it used the previous
//     contents (a read of the refill's data placed before its wait is
//     "before completion" instead).
// Reported once per refill statement, at the refill.
bool Checker::pageStillInUse(Executor &y, const AccessEv &cp, const AccessEv &o, const z3::expr &q,
                             std::map<int, int>::const_iterator ph, std::map<int, std::pair<int, uint64_t>>::const_iterator ob,
                             const Thread &tx, const Thread &ty, bool sameThread) {
  const Stmt &sc = *cp.s, &so = *o.s;
  if (ph == mbarPhase.end() || ob == mbarObjects.end()) return false;
  const Stmt *refill = &sc, *previous = &so;
  bool twoFills = so.kind == Stmt::Kind::AsyncCopy && so.access == model::AccessKind::Write && so.mbarRegion >= 0;
  if (twoFills) {
    auto ph2 = mbarPhase.find(so.id);
    auto ob2 = mbarObjects.find(so.id);
    if (ph2 == mbarPhase.end() || ob2 == mbarObjects.end()) return false;
    if (ob2->second == ob->second && ph2->second == ph->second) return false;  // one fill, overlapping copies
    if (o.seq > cp.seq) std::swap(refill, previous);
  } else if (so.kind == Stmt::Kind::AsyncCopy) {
    return false;
  } else {
    bool released = false;
    for (const MbarEv &e : y.mbars) {
      if (e.seq <= o.seq || e.s->kind != Stmt::Kind::Mbarrier || e.s->mbarOp != model::MbarOp::Arrive) continue;
      // (An arrival in the copy's own phase, as in arrive_and_wait, is the
      // thread's part of that phase: `o` was meant to see the copy.)
      auto eph = mbarPhase.find(e.s->id);
      auto eob = mbarObjects.find(e.s->id);
      if (eph == mbarPhase.end() || eob == mbarObjects.end() ||
          (eob->second == ob->second && eph->second >= ph->second))
        continue;
      z3::expr waitsFirst = c.bool_val(false);
      for (const MbarEv &w : y.mbars) {
        if (w.seq <= o.seq || w.seq >= e.seq || w.s->kind != Stmt::Kind::Mbarrier || w.s->mbarOp != model::MbarOp::Wait)
          continue;
        auto wph = mbarPhase.find(w.s->id);
        auto wob = mbarObjects.find(w.s->id);
        if (wph != mbarPhase.end() && wob != mbarObjects.end() && wob->second == ob->second && wph->second >= ph->second)
          waitsFirst = waitsFirst || w.guard;
      }
      if (check(q && e.guard && !waitsFirst) == z3::sat) {
        released = true;
        break;
      }
    }
    if (!released) return false;
  }
  const std::string at = refill->loc.file + ":" + std::to_string(refill->loc.line) + ":" +
                         std::to_string(refill->loc.column);
  if (!pageRefillReported.insert(at).second) return true;
  const std::string name = k.regions[sc.region].name;
  Finding f;
  f.kind = FindingKind::PageReuse;
  f.kernel = k.displayName;
  f.loc = refill->loc;
  if (twoFills)
    f.message = "still in use: the refill '" + refill->atomicOp + "' of '" + name + "' can be issued while the page's " +
                "previous fill (line " + std::to_string(previous->loc.line) + ") may still be writing it: no wait " +
                "for the page's release orders the refill after the previous owner";
  else
    f.message = "still in use: the refill '" + refill->atomicOp + "' of '" + name + "' can overwrite the page while '" +
                previous->text + "' (line " + std::to_string(previous->loc.line) + ") of its previous owner may " +
                "still run: no wait for that owner's release orders the refill after it";
  f.related.push_back({previous->loc, twoFills ? "the previous fill" : "the previous owner's access"});
  model::ThreadId ia = threadId("thread A", tx), ib = threadId("thread B", ty);
  f.threads = sameThread ? std::vector<model::ThreadId>{ia} : std::vector<model::ThreadId>{ia, ib};
  addLaunchValues(f);
  if (twoFills) {
    f.trace.push_back({0, previous->loc, "thread A issues the fill of '" + name + "' (line " +
                                             std::to_string(previous->loc.line) + ")" + unrolledText(*previous)});
    f.trace.push_back({sameThread ? 0 : 1, refill->loc,
                       std::string(sameThread ? "thread A" : "thread B") +
                           " issues the refill before that fill's phase is known complete" + unrolledText(*refill)});
  } else {
    f.trace.push_back({1, so.loc, "thread B (" + threadText(ib, false) + ") uses the page: '" + so.text + "'" +
                                      bytesText(o, so.size) + unrolledText(so)});
    f.trace.push_back({0, sc.loc, "thread A (" + threadText(ia, false) + ") refills it without waiting for thread B's release" +
                                      bytesText(cp, sc.size ? sc.size : so.size) + unrolledText(sc)});
  }
  findings.push_back(f);
  return true;
}

// Generic accesses of a thread after its own bulk copy into them.
void Checker::copySourceWritten(const Stmt &src, const Stmt &other, const z3::expr &q) {
  if (copySourcesReported.count(src.id)) return;
  if (check(q) == z3::unsat) return;
  copySourcesReported.insert(src.id);
  Finding f;
  f.kind = FindingKind::Unknown;
  f.kernel = k.displayName;
  f.loc = src.loc;
  f.message = "not modelled: the bulk copy reads its global source '" + src.text +
              "' through the async proxy, and the generic write '" + other.text + "' (line " +
              std::to_string(other.loc.line) +
              ") of this launch may overlap it; ordering generic writes of global memory before an async-proxy read "
              "needs fence.proxy.async, which syncproof does not model for global memory";
  unknownFindings.push_back(f);
}

// The issuing thread's own access `o` of the global destination `g` of a bulk
// store (`store`: its AsyncCopy statement). After the issue, a read sees the
// destination, and a write is ordered with the store's write, only after a
// cp.async.bulk.wait_group without .read of that thread covers the store
// (PTX ISA, cp.async.bulk.wait_group: .read waits only for the reads of the
// sources; "Completion Mechanisms for Asynchronous Copy Operations": reading
// the destination before the operation completes is undefined). Before the
// issue, ordering the generic access before the async proxy's write needs
// fence.proxy.async, which is not modelled for global memory.
void Checker::bulkDestinationAccess(Executor &x, const Thread &t, const AccessEv &g, const AccessEv *store,
                                    const AccessEv &o, const z3::expr &q) {
  const Stmt &sg = *g.s, &so = *o.s;
  std::pair<int, int> key{std::min(sg.id, so.id), std::max(sg.id, so.id)};
  if (reportedPairs.count(key)) return;
  bool inLoop = !g.iters.empty() || !o.iters.empty();
  bool before = o.seq < g.seq;
  auto notModelled = [&](const std::string &why) {
    if (check(q) == z3::unsat) return;
    reportedPairs.insert(key);
    Finding f;
    f.kind = FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = so.loc;
    f.message = "not modelled: '" + so.text + "' of this thread may overlap the global destination of its bulk store at "
                "line " + std::to_string(sg.loc.line) + ": " + why;
    f.related.push_back({sg.loc, "the bulk store ('" + sg.atomicOp + "')"});
    unknownFindings.push_back(f);
  };
  if (before || inLoop) {
    notModelled(before ? "ordering a generic access before the async proxy's write needs fence.proxy.async, which "
                         "syncproof does not model for global memory"
                       : "an access and a bulk store inside loops are not matched in this version");
    return;
  }
  auto cv = store ? bulkWriteCover.find(store->s->id) : bulkWriteCover.end();
  if (!mbarModelled || !store) {
    notModelled("the bulk store's completion is not modelled here");
    return;
  }
  z3::expr after = c.bool_val(false);
  if (cv != bulkWriteCover.end() && cv->second >= 0)
    for (const MbarEv &w : x.mbars)
      if (w.s->id == cv->second && w.seq < o.seq) after = after || w.guard;
  z3::check_result res = check(q && !after);
  if (res == z3::unsat) return;
  reportedPairs.insert(key);
  if (res == z3::unknown) {
    solverUnknown(&so, "whether '" + so.text + "' can run while the bulk store into it is in flight");
    return;
  }
  bool read = so.access == model::AccessKind::Read;
  Finding f;
  f.kind = FindingKind::AsyncCopy;
  f.kernel = k.displayName;
  f.loc = so.loc;
  f.message = std::string(read ? "before completion: read '" : "in flight: ") + (read ? "" : std::string("write '")) +
              so.text + "' of '" + k.regions[sg.region].name + "' can run while the bulk store (line " +
              std::to_string(sg.loc.line) + ") may still be writing it: no cp.async.bulk.wait_group of this thread " +
              "(without .read, which waits only for the reads of the source) covers the store before it";
  f.related.push_back({sg.loc, "the bulk store ('" + sg.atomicOp + "')"});
  model::ThreadId ia = threadId("thread A", t);
  f.threads = {ia};
  addLaunchValues(f);
  f.trace.push_back({0, sg.loc, "thread A (" + threadText(ia, false) + ") issues the bulk store into '" +
                                    k.regions[sg.region].name + "'" + bytesText(g, sg.size) + unrolledText(sg)});
  f.trace.push_back({0, so.loc, std::string("thread A ") + (read ? "reads '" : "writes '") + so.text + "'" +
                                    bytesText(o, so.size) + " before the store's writes complete" + unrolledText(so)});
  findings.push_back(f);
}

void Checker::copySelfChecks(Executor &x, const Thread &t) {
  bool any = false;
  for (const AccessEv &a : x.accesses) any |= a.s->kind == Stmt::Kind::AsyncCopy;
  if (!any) return;
  z3::expr base = launchConstraints() && threadConstraints(t) && x.assumed;
  // Both accesses of the thread happen and may overlap the global bytes
  // `g` names (another global region counts when pointer parameters may
  // alias); nullopt when they cannot.
  auto meetsGlobal = [&](const AccessEv &g, const AccessEv &o) -> std::optional<z3::expr> {
    bool same = o.s->region == g.s->region;
    if (!same && !(opts.launch.pointersMayAlias && k.regions[o.s->region].space == model::AddressSpace::Global))
      return std::nullopt;
    return base && eventValidity(x) && g.guard && o.guard &&
           (same ? overlap(c, g.off, g.s->size, o.off, o.s->size) : c.bool_val(true));
  };
  // The copy's global source, written by the issuing thread itself.
  for (const AccessEv &r : x.accesses) {
    if (r.s->updateKind != "async-read") continue;
    for (const AccessEv &o : x.accesses) {
      if (&o == &r || o.s->access == model::AccessKind::Read) continue;
      if (std::optional<z3::expr> q = meetsGlobal(r, o)) copySourceWritten(*r.s, *o.s, *q);
    }
  }
  // A bulk store's global destination, accessed by the issuing thread
  // itself (other threads: "the completion of bulk stores is not modelled",
  // raceChecks).
  for (size_t i = 0; i < x.accesses.size(); ++i) {
    const AccessEv &g = x.accesses[i];
    if (g.s->updateKind != "async") continue;
    const AccessEv *store = nullptr;  // the AsyncCopy statement emitted right after it
    for (size_t j = i + 1; j < x.accesses.size() && !store; ++j)
      if (x.accesses[j].s->kind == Stmt::Kind::AsyncCopy && x.accesses[j].s->loc.line == g.s->loc.line &&
          x.accesses[j].s->loc.column == g.s->loc.column)
        store = &x.accesses[j];
    for (const AccessEv &o : x.accesses) {
      if (&o == &g || o.s->updateKind == "async" || o.s->kind == Stmt::Kind::AsyncCopy || o.s->region < 0) continue;
      if (std::optional<z3::expr> q = meetsGlobal(g, o)) bulkDestinationAccess(x, t, g, store, o, *q);
    }
  }
  for (const AccessEv &cp : x.accesses) {
    if (cp.s->kind != Stmt::Kind::AsyncCopy) continue;
    for (const AccessEv &o : x.accesses) {
      if (o.s->region != cp.s->region) continue;
      // (Straight-line code: each later access once. A cp.async group loop
      // pairs every order, a statement with itself included: its iterations.)
      if (!groupLoop && (&o == &cp || o.seq < cp.seq)) continue;
      copyRace(x, t, cp, x, t, o, base, true);
    }
  }
}

// Asynchronous operations in flight when the block may exit (found by the
// phase bookkeeping): reported unless the block has a finding of its own that
// explains them — a bulk store already reported as racing with an access
// (its wait is wrong), or a broken mbarrier protocol (the copy's phase is not
// waited for because of a parity, count or progress defect).
void Checker::exitInFlightChecks() {
  bool protocolBroken = false;
  for (const Finding &f : findings)
    protocolBroken |= f.kind == FindingKind::Mbarrier || f.kind == FindingKind::Deadlock ||
                      f.kind == FindingKind::PageReuse;
  for (auto &[id, f] : exitInFlight) {
    bool explained = false;
    for (auto &[a, b] : reportedPairs) explained |= a == id || b == id;
    if (f.message.find("bulk copy") != std::string::npos) explained |= protocolBroken;
    if (!explained) findings.push_back(f);
  }
  exitInFlight.clear();
}

// A bulk store reads its source through the async proxy: generic writes of
// those bytes that precede it must be followed, in the writing thread and
// before whatever orders them before the store, by fence.proxy.async (PTX
// ISA: proxies; membar/fence, fence.proxy.async).
void Checker::bulkStoreFenceChecks(Executor &x, const Thread &tx, Executor &y, const Thread &ty) {
  // A proxy fence whose state space covers shared memory: no space (every
  // one), .shared::cta or .shared::cluster (which holds the CTA's shared
  // memory); fence.proxy.async.global orders global memory only (PTX ISA:
  // membar/fence, proxy fences).
  auto proxyFence = [](const FenceEv &f) {
    const std::string &t = f.s->text;
    return t.rfind("fence.proxy.async", 0) == 0 && t.find(".global") == std::string::npos;
  };
  for (const AccessEv &st : x.accesses) {
    const Stmt &ss = *st.s;
    if (ss.kind != Stmt::Kind::AsyncCopy) continue;
    // An Ampere cp.async is a weak memory operation of the generic proxy
    // (PTX ISA, cp.async): no proxy fence is involved.
    if (ss.atomicOp.rfind("cp.async.c", 0) == 0) continue;
    // A bulk copy writes its shared destination through the async proxy:
    // generic writes of those bytes before it need the same fence (a
    // write-after-write across proxies; reads before it do not).
    bool store = ss.access == model::AccessKind::Read;
    const char *what = store ? "bulk store" : "bulk copy";
    bool done = false;
    for (int same = 1; same >= 0 && !done; --same) {
      Executor &w = same ? x : y;
      const Thread &tw = same ? tx : ty;
      z3::expr base = launchConstraints() && threadConstraints(tx) && x.assumed;
      if (!same)
        base = base && threadConstraints(ty) && y.assumed &&
               !(tx.tid[0] == ty.tid[0] && tx.tid[1] == ty.tid[1] && tx.tid[2] == ty.tid[2]);
      for (const AccessEv &g : w.accesses) {
        const Stmt &gs = *g.s;
        if (gs.kind != Stmt::Kind::Access || gs.region != ss.region || gs.access == model::AccessKind::Read) continue;
        // Ordered before the store: program order (same thread) or an
        // earlier block interval.
        z3::expr before = c.bool_val(false);
        if (same) {
          if (g.seq > st.seq) continue;
          before = c.bool_val(true);
        } else {
          // ... and the writer passes a block barrier between them (it must,
          // for the issuing thread to pass it).
          z3::expr passes = c.bool_val(false);
          for (const BarrierEv &bb : w.barriers)
            if (bb.s->barrier == BarrierKind::Block && bb.seq > g.seq && bb.seq < st.seq) passes = passes || bb.guard;
          for (auto &[kg, gg] : g.bseg)
            for (auto &[ks, gs2] : st.bseg)
              if (kg < ks) before = before || (gg && gs2);
          before = before && passes;
          // ... or ordered by a named barrier or an mbarrier phase (which,
          // like a block barrier, orders the generic proxy only).
          before = before || namedHappensBefore(w, g, x, st) || mbarHappensBefore(w, tw, g, x, tx, st);
        }
        // A proxy fence of the writer after the write and before the store
        // (same thread) or before a block barrier it passes before the store.
        z3::expr fenced = c.bool_val(false);
        for (const FenceEv &f : w.fences) {
          if (!proxyFence(f) || f.seq < g.seq) continue;
          if (same) {
            if (f.seq < st.seq) fenced = fenced || f.guard;
          } else {
            for (const BarrierEv &bb : w.barriers)
              if (bb.s->barrier == BarrierKind::Block && bb.seq > f.seq && bb.seq < st.seq)
                fenced = fenced || (f.guard && bb.guard);
            // The fence itself ordered before the store by a named barrier
            // or an mbarrier phase: it precedes the writer's release.
            AccessEv at{g.s, g.off, f.guard, f.bseg, {}, {}, f.seq, f.pc, f.loopDepth, std::nullopt};
            fenced = fenced || (f.guard && (namedHappensBefore(w, at, x, st) || mbarHappensBefore(w, tw, at, x, tx, st)));
          }
        }
        z3::expr q = base && eventValidity(x) && eventValidity(w) && st.guard && g.guard &&
                     overlap(c, st.off, ss.size, g.off, gs.size) && before && !fenced;
        z3::check_result r = check(q);
        if (r == z3::unsat) continue;
        done = true;
        if (r == z3::unknown) {
          solverUnknown(&ss, store ? "whether the bulk store's source is fenced"
                                   : "whether the generic writes of the bulk copy's destination are fenced");
          break;
        }
        // Another thread's write, and the issuing thread executes the proxy
        // fence after the block barrier that orders the write and before the
        // store: the fence lies on the causality path from the write to the
        // async access (PTX ISA, membar/fence: proxy fences compose with other
        // synchronization). The CUDA guide's pattern fences in every writer;
        // whether this placement suffices is not decided: possible.
        if (!same) {
          z3::expr issuerFenced = c.bool_val(false);
          for (const FenceEv &fx : x.fences) {
            if (!proxyFence(fx) || fx.seq > st.seq) continue;
            for (auto &[kg, gg] : g.bseg)
              for (auto &[kf, gf] : fx.bseg)
                if (kg < kf) issuerFenced = issuerFenced || (gg && gf && fx.guard);
          }
          if (!issuerFenced.is_false() && check(q && !issuerFenced) == z3::unsat) {
            Finding f;
            f.kind = FindingKind::Unknown;
            f.kernel = k.displayName;
            f.loc = ss.loc;
            f.message = "possible missing fence.proxy.async: the " + std::string(what) + (store ? " reads '" : " writes '") +
                        k.regions[ss.region].name + "' through the async proxy, and the generic write '" + gs.text +
                        "' (line " + std::to_string(gs.loc.line) + ") by another thread is fenced only by the issuing "
                        "thread after the barrier: the fence lies on the causality path, but syncproof decides only "
                        "a fence in each writing thread before the barrier (the CUDA Programming Guide's pattern)";
            f.related.push_back({gs.loc, "the generic write"});
            unknownFindings.push_back(f);
            break;
          }
        }
        Finding f;
        f.kind = FindingKind::AsyncCopy;
        f.kernel = k.displayName;
        f.loc = ss.loc;
        f.message = "fence.proxy.async: the " + std::string(what) + (store ? " reads '" : " writes '") +
                    k.regions[ss.region].name + "' through the async proxy, but the generic write '" + gs.text +
                    "' (line " + std::to_string(gs.loc.line) + ") is not followed by fence.proxy.async before the " +
                    (store ? "store" : "copy");
        f.related.push_back({gs.loc, "the generic write"});
        model::ThreadId ia = threadId("thread A", tx), ib = threadId("thread B", tw);
        f.threads = same ? std::vector<model::ThreadId>{ia} : std::vector<model::ThreadId>{ia, ib};
        addLaunchValues(f);
        f.trace.push_back({same ? 0 : 1, gs.loc, "a generic store writes '" + gs.text + "'"});
        f.trace.push_back({0, ss.loc, "thread A issues the " + std::string(what) + " with no fence.proxy.async in between"});
        findings.push_back(f);
        break;
      }
    }
  }
}

// In a real execution a thread that reaches an event reached it with valid
// states after the loops before it: pc => guard (guard = pc and the loops'
// witnesses). Ordering events are used through their guards; this keeps a
// model from dropping such an event by choosing an invalid loop state.
z3::expr Checker::eventValidity(Executor &x) {
  auto it = validity.find(&x);
  if (it != validity.end()) return it->second;
  z3::expr r = c.bool_val(true);
  for (const MbarEv &e : x.mbars) r = r && z3::implies(e.pc, e.guard);
  for (const NamedEv &e : x.named) r = r && z3::implies(e.pc, e.guard);
  for (const FenceEv &f : x.fences) r = r && z3::implies(f.pc, f.guard);
  return validity.emplace(&x, r.simplify()).first->second;
}

}  // namespace syncproof::checker::detail
