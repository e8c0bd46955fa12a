// mbarrier rings in loops with runtime trip counts, by induction over the
// iteration (docs/pipelines.md "Rings in loops").
//
// A ring is a family of S mbarriers that a loop uses in rotation: in
// iteration k every event of the family addresses member k mod S (after the
// ring-state invariants of the loop abstraction, `stage == k % S`). When
//   * each ring event is executed by a fixed set of threads in every
//     iteration (which threads does not depend on k),
//   * all loops that use the rings run the same number of iterations,
//   * every member is initialised before the loops with one count C, and
//     receives before them either no arrival or exactly C (phase 0 completed
//     in advance: "pre-arrived"),
// then iteration k's arrivals on member k mod S belong to phase
// P(k) = floor(k / S) + pre — provided each arriving thread knows the
// previous phase of that member complete (checked below) and each iteration
// brings exactly C arrivals and as many tx bytes as it expects.
//
// Knowledge is relative to the iteration: at a point of iteration k a thread
// knows, for each family and each offset d in [0, S), that the phases
// completed by the arrivals of the iterations j == k + d (mod S) with
// j <= k + delta[d] are complete (phases of one member complete in order).
// A wait on member k mod S for the phase after the known ones, with the
// matching parity, completes the phase of iteration k + D and learns what
// that iteration's arrivers knew when they arrived (shifted by D); a warp
// barrier merges its threads' knowledge; the next iteration starts from the
// end state shifted by one. Iterations 0, 1, 2, ... are computed in turn
// (each only needs earlier ones: D <= 0) until the relative state repeats for
// more iterations than any D reaches back; from there on every iteration has
// that state (induction: the computation of an iteration depends only on the
// states of the iterations it reaches back to). The parities of the waits in
// that steady state are then proved for every k >= the first steady
// iteration by the solver: this is the inductive step; the iterations before
// are the base cases.
//
// What is checked, for every trip count: the parity of every wait (else a
// `parity` violation at the first iteration that breaks it), arrivals and
// tx bytes per phase (violations), that every arrival lands in its
// iteration's phase, that a wait's next phase cannot complete before the
// wait (no phase aliasing), progress within an iteration (no cycle of waits),
// and that every copy's phase is waited for. Any of the last four that fails
// is `unknown` with the invariant that could not be established. The races
// then use the knowledge: ringHappensBefore.
#include "checker/engine.h"

#include <algorithm>

namespace syncproof::checker::detail {

namespace {
constexpr int64_t kNone = INT64_MIN / 4;  // nothing known for this offset

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
int64_t mod(int64_t a, int64_t b) {
  int64_t r = a % b;
  return r < 0 ? r + b : r;
}
}  // namespace

// The state an iteration starts with, from the end of the previous one.
static Checker::RingState shiftState(const Checker::RingState &s, const std::vector<Checker::RingFamily> &fams,
                                     int64_t by) {
  Checker::RingState r(s.size());
  for (size_t f = 0; f < s.size(); ++f) {
    int64_t S = (int64_t)fams[f].S;
    r[f].assign(S, kNone);
    for (int64_t d = 0; d < S; ++d)
      if (s[f][d] != kNone) {
        int64_t nd = mod(d - by, S);
        r[f][nd] = std::max(r[f][nd], s[f][d] - by);
      }
  }
  return r;
}

static bool mergeInto(Checker::RingState &into, const Checker::RingState &from) {
  bool changed = false;
  for (size_t f = 0; f < into.size(); ++f)
    for (size_t d = 0; d < into[f].size(); ++d)
      if (from[f][d] > into[f][d]) {
        into[f][d] = from[f][d];
        changed = true;
      }
  return changed;
}

std::string Checker::ringInduction(Executor &x, const Thread &t) {
  std::optional<FixedBlock> fb = fixedBlock();
  if (!fb || fb->threads == 0 || fb->threads > 1024) return "the arrivals of each phase are counted for a fixed block size";
  const uint64_t n = fb->threads;
  ConcreteThread ct = concreteThread(t, *fb);
  z3::expr base = launchConstraints();

  // The loops of the ring events.
  auto loopOf = [&](const std::vector<z3::expr> &iters) -> int {
    if (iters.size() != 1) return -1;
    for (auto &[id, li] : x.loopIters)
      if (z3::eq(li.k, iters[0])) return id;
    return -1;
  };
  std::vector<size_t> loopEvs, prefixEvs;
  for (size_t i = 0; i < x.mbars.size(); ++i) {
    const MbarEv &e = x.mbars[i];
    if (e.loopDepth == 0) continue;
    if (e.loopDepth > 1 || e.iters.size() != 1) return "mbarrier operations in nested loops are not modelled";
    if (e.region < 0) return "bulk async-groups (bulk stores, cp.async) inside loops are not modelled";
    if (loopOf(e.iters) < 0) return "the loop of an mbarrier operation was not recorded";
    loopEvs.push_back(i);
  }
  for (size_t i = 0; i < x.mbars.size(); ++i) {
    const MbarEv &e = x.mbars[i];
    if (e.loopDepth > 0) continue;
    if (e.s->kind != Stmt::Kind::Mbarrier || (e.s->mbarOp != model::MbarOp::Init && e.s->mbarOp != model::MbarOp::Arrive))
      return "only inits and arrivals before a pipeline loop are modelled with loops";
    prefixEvs.push_back(i);
  }
  for (const MbarEv *ep : [&] {
         std::vector<const MbarEv *> v;
         for (size_t i : loopEvs) v.push_back(&x.mbars[i]);
         return v;
       }()) {
    const Stmt &s = *ep->s;
    if (s.kind == Stmt::Kind::Mbarrier && s.mbarOp == model::MbarOp::Wait && !ep->operand)
      return "a wait on a phase-state token (no .parity) inside a loop is not modelled";
    // PTX ISA (mbarrier.try_wait, .relaxed): it observes the phase without
    // acquiring what the arrivals released; the knowledge below treats every
    // completed wait as an acquire.
    if (s.kind == Stmt::Kind::Mbarrier && s.mbarOp == model::MbarOp::Wait && s.order == model::MemOrder::Relaxed)
      return "a .relaxed wait observes the phase without acquiring the arrivals' writes; waits without acquire "
             "are not modelled";
    if (s.kind == Stmt::Kind::Mbarrier && s.mbarOp != model::MbarOp::Wait && s.mbarOp != model::MbarOp::Arrive &&
        s.mbarOp != model::MbarOp::ExpectTx)
      return "'" + s.text + "' inside a loop is not modelled";
    if (s.kind == Stmt::Kind::AsyncCopy && (s.access != model::AccessKind::Write || s.size == 0))
      return "bulk copy '" + s.atomicOp + "' inside a loop: only copies into shared memory of a constant size are modelled";
  }
  for (const BarrierEv &b : x.barriers)
    if (b.loopDepth > 0 && b.s->barrier == BarrierKind::Block && b.iters.size() == 1 && loopOf(b.iters) >= 0) {
      bool ringLoop = false;
      for (size_t i : loopEvs) ringLoop |= loopOf(x.mbars[i].iters) == loopOf(b.iters);
      if (ringLoop) return "a block barrier inside a pipeline loop is not modelled with mbarrier rings";
    }

  // Values at iteration j for a concrete thread.
  auto atIter = [&](const z3::expr &e, const z3::expr &k, uint64_t j) -> std::optional<uint64_t> {
    z3::expr_vector from(c), to(c);
    from.push_back(k);
    to.push_back(c.bv_val(j, 64));
    z3::expr v = ct.apply(e);
    return numeralOf(v.substitute(from, to));
  };
  // Which concrete threads execute each loop event (in every iteration or
  // never), with a cache over the simplified guards.
  std::map<std::pair<unsigned, unsigned>, int> reachCache;
  auto reaches = [&](const z3::expr &pc, const z3::expr &iterPc) -> int {
    z3::expr a = ct.apply(pc).simplify(), b = ct.apply(iterPc).simplify();
    auto key = std::make_pair(a.id(), b.id());
    if (auto it = reachCache.find(key); it != reachCache.end()) return it->second;
    int r = -1;
    if (a.is_false()) r = 0;
    else if (z3::eq(a, b) || check(base && a != b) == z3::unsat) r = 1;
    else if (check(base && a) == z3::unsat) r = 0;
    reachCache[key] = r;
    return r;
  };

  RingModel rm;
  rm.threads.assign(n, {});
  // Items of each thread in its loop, program order: loop mbarrier events
  // and warp barriers.
  struct Item {
    int seq;
    int what;  // 0 mbarrier event, 1 warp barrier
    size_t index;
  };
  std::vector<std::vector<Item>> items(n);
  struct EvVal {
    std::vector<uint64_t> obj;  // iterations 0..63
    uint64_t count = 1, tx = 0;
    bool hasTx = false;
  };
  std::vector<std::map<size_t, EvVal>> vals(n);
  std::map<int, int> loopOfThread;  // lin -> loop
  const uint64_t kSamples = 64;
  for (uint64_t lin = 0; lin < n; ++lin) {
    ct.set(lin);
    for (size_t i : loopEvs) {
      const MbarEv &e = x.mbars[i];
      int L = loopOf(e.iters);
      const LoopIter &li = x.loopIters.at(L);
      int r = reaches(e.pc, li.pc);
      if (r < 0) return "whether a thread executes '" + e.s->text + "' depends on the iteration";
      if (!r) continue;
      if (li.notPlain) return "a pipeline loop that is left other than through its condition is not modelled";
      auto lt = loopOfThread.emplace((int)lin, L);
      if (!lt.second && lt.first->second != L) return "a thread runs mbarrier rings in two loops";
      EvVal v;
      for (uint64_t j = 0; j < kSamples; ++j) {
        std::optional<uint64_t> o = atIter(e.off, li.k, j);
        if (!o) return "the mbarrier that '" + e.s->text + "' uses is not a function of the iteration alone";
        v.obj.push_back(*o);
      }
      if (e.s->kind == Stmt::Kind::Mbarrier && e.s->mbarOp == model::MbarOp::Arrive && e.operand) {
        std::optional<uint64_t> cnt = numeralOf(ct.apply(*e.operand));
        if (!cnt) return "the arrival count of '" + e.s->text + "' is not a constant";
        v.count = *cnt;
      }
      if (e.tx) {
        std::optional<uint64_t> tx = numeralOf(ct.apply(*e.tx));
        if (!tx) return "the transaction bytes of '" + e.s->text + "' are not a constant";
        v.tx = *tx;
        v.hasTx = true;
      }
      vals[lin][i] = v;
      items[lin].push_back({e.seq, 0, i});
    }
    auto lt = loopOfThread.find((int)lin);
    if (lt == loopOfThread.end()) continue;
    for (size_t bi = 0; bi < x.barriers.size(); ++bi) {
      const BarrierEv &b = x.barriers[bi];
      if (b.s->barrier != BarrierKind::Warp || loopOf(b.iters) != lt->second) continue;
      int r = reaches(b.guard, x.loopIters.at(lt->second).pc);
      if (r < 0) return "whether a thread executes '" + b.s->text + "' depends on the iteration";
      // Only a whole-warp barrier merges knowledge (a partial mask orders
      // only the lanes it names: left out, which only loses order).
      std::optional<uint64_t> mask = numeralOf(ct.apply(b.mask));
      if (r && mask && *mask == 0xffffffffu) items[lin].push_back({b.seq, 1, bi});
    }
    std::sort(items[lin].begin(), items[lin].end(), [](const Item &a, const Item &b) { return a.seq < b.seq; });
    rm.threads[lin].loop = lt->second;
    for (const Item &it : items[lin]) rm.threads[lin].itemSeq.push_back(it.seq);
  }

  // Families: the period of each event's object, its members.
  std::map<std::pair<int, std::vector<uint64_t>>, int> famKey;
  std::map<std::pair<uint64_t, size_t>, int> famOfEv;  // (lin, event) -> family
  for (uint64_t lin = 0; lin < n; ++lin)
    for (auto &[i, v] : vals[lin]) {
      const MbarEv &e = x.mbars[i];
      uint64_t S = 0;
      for (uint64_t cand = 1; cand <= 16 && !S; ++cand) {
        bool ok = true;
        for (uint64_t j = 0; j + cand < kSamples && ok; ++j) ok = v.obj[j] == v.obj[j + cand];
        std::set<uint64_t> distinct(v.obj.begin(), v.obj.begin() + (long)cand);
        if (ok && distinct.size() == cand) S = cand;
      }
      if (!S) return "the mbarrier that '" + e.s->text + "' uses does not rotate with a period of at most 16 iterations";
      std::vector<uint64_t> members(v.obj.begin(), v.obj.begin() + (long)S);
      auto [it, fresh] = famKey.emplace(std::make_pair(e.region, members), (int)rm.fams.size());
      if (fresh) {
        // Periodic for every iteration, not only the samples: o(k + S) == o(k).
        int L = loopOf(e.iters);
        const LoopIter &li = x.loopIters.at(L);
        z3::expr k = li.k;
        ct.set(lin);
        z3::expr o = ct.apply(e.off);
        z3::expr_vector from(c), to(c);
        from.push_back(k);
        to.push_back(k + c.bv_val(S, 64));
        z3::expr later = o.substitute(from, to);
        // (Iterations k and k + S exist: their closed forms do not overflow.)
        z3::expr exist = ct.apply(li.closedAssume) && ct.apply(li.closedAssume).substitute(from, to);
        if (check(base && exist && z3::ule(k, c.bv_val(UINT64_MAX - S, 64)) && later != o) != z3::unsat)
          return "the mbarrier that '" + e.s->text + "' uses is not proved to repeat every " + std::to_string(S) +
                 " iterations";
        RingFamily f;
        f.region = e.region;
        f.S = S;
        f.member = members;
        rm.fams.push_back(f);
      }
      famOfEv[{lin, i}] = it->second;
      auto fo = rm.famOf.emplace(e.s->id, it->second);
      if (!fo.second && fo.first->second != it->second) return "different threads use different mbarrier rings at '" + e.s->text + "'";
    }
  // Members of different families must not overlap.
  {
    std::map<std::pair<int, uint64_t>, int> owner;
    for (size_t f = 0; f < rm.fams.size(); ++f)
      for (uint64_t m : rm.fams[f].member) {
        auto [it, fresh] = owner.emplace(std::make_pair(rm.fams[f].region, m), (int)f);
        if (!fresh && it->second != (int)f) return "two mbarrier rings share an mbarrier";
      }
  }
  // Init and arrivals before the loops.
  std::map<std::pair<int, uint64_t>, uint64_t> initCount, preArrivals;
  std::map<std::pair<int, uint64_t>, std::set<uint64_t>> initThreads;
  std::map<std::pair<int, uint64_t>, const Stmt *> initStmt;
  for (uint64_t lin = 0; lin < n; ++lin) {
    ct.set(lin);
    for (size_t i : prefixEvs) {
      const MbarEv &e = x.mbars[i];
      std::optional<bool> r = truthOf(ct.apply(e.pc));
      if (!r) return "which threads execute '" + e.s->text + "' depends on values other than threadIdx and blockDim";
      if (!*r) continue;
      // Before the thread's own ring operations (another role's loop may
      // come first in the text).
      if (!items[lin].empty() && e.seq > items[lin].front().seq)
        return "mbarrier operations after the pipeline loop are not modelled with loops";
      std::optional<uint64_t> o = numeralOf(ct.apply(e.off));
      std::optional<uint64_t> op = e.operand ? numeralOf(ct.apply(*e.operand)) : std::optional<uint64_t>(1);
      if (!o || !op) return "the mbarrier or count of '" + e.s->text + "' is not a constant for each thread";
      auto key = std::make_pair(e.region, *o);
      if (e.s->mbarOp == model::MbarOp::Init) {
        initCount[key] = *op;
        initThreads[key].insert(lin);
        initStmt[key] = e.s;
      } else {
        if (e.tx) return "an arrival with transaction bytes before a pipeline loop is not modelled with loops";
        preArrivals[key] += *op;
      }
    }
  }
  for (RingFamily &f : rm.fams) {
    std::set<uint64_t> counts, pres;
    for (uint64_t m : f.member) {
      auto key = std::make_pair(f.region, m);
      if (!initCount.count(key)) return "the mbarrier '" + syncObjectName(k, {0, f.region, m}) + "' is not initialised before the loop";
      if (initThreads[key].size() != 1) return "the mbarrier '" + syncObjectName(k, {0, f.region, m}) + "' is initialised by several threads";
      counts.insert(initCount[key]);
      pres.insert(preArrivals.count(key) ? preArrivals[key] : 0);
      f.init = initStmt[key];
    }
    if (counts.size() != 1) return "the mbarriers of one ring are initialised with different counts";
    f.count = *counts.begin();
    if (pres.size() != 1 || (*pres.begin() != 0 && *pres.begin() != f.count))
      return "arrivals before the loop on '" + k.regions[f.region].name + "' neither leave phase 0 open nor complete it on every member";
    f.pre = *pres.begin() == f.count ? 1 : 0;
  }

  // The loops run the same number of iterations (their conditions agree at
  // every iteration, for every thread).
  {
    z3::expr j = c.bv_const("ring!j", 64);
    std::optional<z3::expr> first;
    std::string firstText;
    for (uint64_t lin = 0; lin < n; ++lin) {
      if (rm.threads[lin].loop < 0) continue;
      const LoopIter &li = x.loopIters.at(rm.threads[lin].loop);
      ct.set(lin);
      z3::expr_vector from(c), to(c);
      from.push_back(li.k);
      to.push_back(j);
      z3::expr cond = ct.apply(li.cond).substitute(from, to).simplify();
      if (!first) {
        first = cond;
        continue;
      }
      if (z3::eq(*first, cond)) continue;
      if (check(base && *first != cond) != z3::unsat)
        return "cannot prove that every loop of the mbarrier ring runs the same number of iterations (the loop at line " +
               std::to_string(li.loop ? li.loop->loc.line : 0) + " may run a different number)";
    }
  }

  // Per-iteration tallies of each family: arrivals, expected and delivered
  // bytes (the same in every iteration: which threads execute what does not
  // depend on it).
  struct Tally {
    uint64_t arrivals = 0, expected = 0, delivered = 0;
    const Stmt *firstArrive = nullptr, *firstExpect = nullptr, *firstCopy = nullptr, *firstWait = nullptr;
    std::set<uint64_t> arrivers;
  };
  std::vector<Tally> tally(rm.fams.size());
  for (uint64_t lin = 0; lin < n; ++lin)
    for (const Item &it : items[lin]) {
      if (it.what != 0) continue;
      const MbarEv &e = x.mbars[it.index];
      int f = famOfEv.at({lin, it.index});
      const EvVal &v = vals[lin].at(it.index);
      Tally &ty = tally[f];
      if (e.s->kind == Stmt::Kind::AsyncCopy) {
        ty.delivered += v.tx;
        if (e.s->txBytes) ty.expected += v.tx;
        if (!ty.firstCopy) ty.firstCopy = e.s;
      } else if (e.s->mbarOp == model::MbarOp::Arrive) {
        ty.arrivals += v.count;
        ty.arrivers.insert(lin);
        if (!ty.firstArrive) ty.firstArrive = e.s;
        if (v.hasTx) {
          ty.expected += v.tx;
          if (!ty.firstExpect) ty.firstExpect = e.s;
        }
      } else if (e.s->mbarOp == model::MbarOp::ExpectTx) {
        ty.expected += v.tx;
        if (!ty.firstExpect) ty.firstExpect = e.s;
      } else if (e.s->mbarOp == model::MbarOp::Wait) {
        if (!ty.firstWait) ty.firstWait = e.s;
      }
    }

  // Families released at or after each position of an iteration: the
  // thread's own release arrivals, and those of its warp after a warp
  // barrier it passes.
  for (uint64_t lin = 0; lin < n; ++lin)
    if (rm.threads[lin].loop >= 0) rm.threads[lin].releasedFrom.assign(items[lin].size() + 1, std::set<int>{});
  for (uint64_t lin = 0; lin < n; ++lin) {
    if (rm.threads[lin].loop < 0) continue;
    for (size_t p = items[lin].size(); p-- > 0;) {
      std::set<int> &rel = rm.threads[lin].releasedFrom[p];
      rel = rm.threads[lin].releasedFrom[p + 1];
      const Item &it = items[lin][p];
      if (it.what == 0) {
        const MbarEv &e = x.mbars[it.index];
        if (e.s->kind == Stmt::Kind::Mbarrier && e.s->mbarOp == model::MbarOp::Arrive && releasesOrder(e.s->order))
          rel.insert(famOfEv.at({lin, it.index}));
      } else {
        const BarrierEv &b = x.barriers[it.index];
        for (uint64_t o = lin / 32 * 32; o < std::min(n, lin / 32 * 32 + 32); ++o) {
          if (rm.threads[o].loop < 0) continue;
          for (size_t q = 0; q < items[o].size(); ++q) {
            if (items[o][q].what != 1 || x.barriers[items[o][q].index].s != b.s) continue;
            for (size_t r = q + 1; r < items[o].size(); ++r) {
              const Item &ri = items[o][r];
              if (ri.what != 0) continue;
              const MbarEv &re = x.mbars[ri.index];
              if (re.s->kind == Stmt::Kind::Mbarrier && re.s->mbarOp == model::MbarOp::Arrive && releasesOrder(re.s->order))
                rel.insert(famOfEv.at({o, ri.index}));
            }
          }
        }
      }
    }
  }

  // Whether the thread arrived on family `fi` before item `p` of the iteration.
  auto arrivedEarlier = [&](uint64_t lin, size_t p, int fi) {
    for (size_t q = 0; q < p; ++q)
      if (items[lin][q].what == 0 && famOfEv.at({lin, items[lin][q].index}) == fi &&
          x.mbars[items[lin][q].index].s->kind == Stmt::Kind::Mbarrier &&
          x.mbars[items[lin][q].index].s->mbarOp == model::MbarOp::Arrive)
        return true;
    return false;
  };
  // The knowledge, iteration by iteration.
  const size_t F = rm.fams.size();
  std::vector<std::set<int>> arrivesOn(n);  // families each thread arrives on in the loop
  for (uint64_t lin = 0; lin < n; ++lin)
    for (const Item &it : items[lin])
      if (it.what == 0 && x.mbars[it.index].s->kind == Stmt::Kind::Mbarrier &&
          x.mbars[it.index].s->mbarOp == model::MbarOp::Arrive)
        arrivesOn[lin].insert(famOfEv.at({lin, it.index}));
  RingState none(F);
  for (size_t f = 0; f < F; ++f) none[f].assign(rm.fams[f].S, kNone);
  auto knownCount = [&](const RingFamily &f, int64_t i, int64_t delta) -> int64_t {
    if (delta == kNone) return 0;
    return std::max<int64_t>(0, floorDiv(i + delta, (int64_t)f.S) + f.pre + 1);
  };
  auto phaseOf = [&](const RingFamily &f, int64_t i) { return floorDiv(i, (int64_t)f.S) + f.pre; };
  struct WaitRecord {
    int64_t D = 0;  // the iteration (relative) whose arrivals complete the awaited phase
    bool vacuous = false;
  };
  // [iteration][lin][item]: the awaited iteration of each wait.
  std::vector<std::vector<std::vector<WaitRecord>>> waits;
  std::vector<std::vector<std::vector<RingState>>> states;  // [iteration][lin][position]
  int64_t reach = 0;  // how far back (iterations) any wait learns from
  size_t steady = 0;
  bool found = false;
  const size_t kMaxIterations = 96;
  struct ParityBreak {
    uint64_t lin;
    size_t item;
    int64_t iter, known;
    uint64_t parity;
  };
  std::optional<ParityBreak> parityBreak;
  std::vector<std::pair<uint64_t, std::pair<size_t, int64_t>>> vacuousWaits;  // (lin, (item, iteration))
  std::string landing;
  for (size_t i = 0; i < kMaxIterations && !found; ++i) {
    std::vector<std::vector<RingState>> cur(n);
    std::vector<std::vector<WaitRecord>> curWaits(n);
    for (uint64_t lin = 0; lin < n; ++lin) {
      if (rm.threads[lin].loop < 0) continue;
      RingState start = i == 0 ? none : shiftState(states[i - 1][lin].back(), rm.fams, 1);
      cur[lin].assign(items[lin].size() + 1, start);
      curWaits[lin].assign(items[lin].size(), {});
    }
    // To a fixpoint within the iteration (waits that learn from arrivals of
    // the same iteration; warp barriers). A wait decides its phase from the
    // knowledge it has; a decision that later knowledge would change is not
    // modelled. Findings come from the last sweep, which changes nothing.
    std::vector<std::vector<int64_t>> decided(n);
    for (uint64_t lin = 0; lin < n; ++lin) decided[lin].assign(items[lin].size(), -1);
    bool finalSweep = false;
    for (int sweep = 0;; ++sweep) {
      if (sweep > 64) return "the knowledge within one iteration of the pipeline loop did not settle";
      bool changed = false;
      for (uint64_t lin = 0; lin < n; ++lin) {
        if (rm.threads[lin].loop < 0) continue;
        ct.set(lin);
        for (size_t p = 0; p < items[lin].size(); ++p) {
          RingState s = cur[lin][p];
          const Item &it = items[lin][p];
          if (it.what == 1) {
            // A warp barrier: the knowledge of its threads before it.
            const BarrierEv &b = x.barriers[it.index];
            for (uint64_t o = lin / 32 * 32; o < std::min(n, lin / 32 * 32 + 32); ++o) {
              if (o == lin || rm.threads[o].loop < 0) continue;
              for (size_t q = 0; q < items[o].size(); ++q)
                if (items[o][q].what == 1 && x.barriers[items[o][q].index].s == b.s) mergeInto(s, cur[o][q]);
            }
          } else {
            const MbarEv &e = x.mbars[it.index];
            int fi = famOfEv.at({lin, it.index});
            const RingFamily &f = rm.fams[fi];
            if (e.s->kind == Stmt::Kind::Mbarrier && e.s->mbarOp == model::MbarOp::Wait) {
              int64_t K = knownCount(f, (int64_t)i, s[fi][0]);
              const LoopIter &li = x.loopIters.at(rm.threads[lin].loop);
              std::optional<uint64_t> par = atIter(*e.operand, li.k, i);
              if (!par) return "the parity of '" + e.s->text + "' is not a function of the iteration alone";
              WaitRecord w;
              if (decided[lin][p] >= 0 && decided[lin][p] != K)
                return "the knowledge within one iteration changes the phase that '" + e.s->text + "' waits for";
              decided[lin][p] = K;
              if ((*par & 1) == (uint64_t)(K & 1)) {
                // Waits for phase K: completed by iteration iT.
                int64_t iT = (K - f.pre) * (int64_t)f.S + mod((int64_t)i, (int64_t)f.S);
                w.D = iT - (int64_t)i;
                if (w.D > 0) return "a wait on '" + k.regions[f.region].name + "' waits for the arrivals of a later iteration";
                reach = std::max(reach, -w.D);
                s[fi][0] = std::max(s[fi][0], w.D);
                if (iT >= 0) {
                  // What the arrivers of iteration iT knew (their releases).
                  const auto &src = (size_t)iT == i ? cur : states[(size_t)iT];
                  for (uint64_t o = 0; o < n; ++o) {
                    if (rm.threads[o].loop < 0) continue;
                    for (size_t q = 0; q < items[o].size(); ++q) {
                      const Item &oi = items[o][q];
                      if (oi.what != 0) continue;
                      const MbarEv &oe = x.mbars[oi.index];
                      if (oe.s->kind != Stmt::Kind::Mbarrier || oe.s->mbarOp != model::MbarOp::Arrive ||
                          famOfEv.at({o, oi.index}) != fi || !releasesOrder(oe.s->order))
                        continue;
                      mergeInto(s, shiftState(src[o][q], rm.fams, -w.D));
                    }
                  }
                }
              } else {
                w.vacuous = true;
                bool arrivedBefore = arrivedEarlier(lin, p, fi);
                // It arrived on this member in an earlier iteration.
                bool ownEarlier = (int64_t)i >= (int64_t)f.S && arrivesOn[lin].count(fi);
                if (K == 0 && f.pre == 0 && !arrivedBefore && (*par & 1) == 1 && !ownEarlier) {
                  if (finalSweep) vacuousWaits.push_back({lin, {p, (int64_t)i}});
                } else if (!parityBreak && finalSweep) {
                  parityBreak = ParityBreak{lin, p, (int64_t)i, K, *par & 1};
                }
              }
              curWaits[lin][p] = w;
            } else {
              // Arrivals, expect_tx and copies land in the iteration's phase
              // if the thread knows the previous phase complete.
              int64_t need = phaseOf(f, (int64_t)i);
              bool arrivedHere = arrivedEarlier(lin, p, fi);
              bool isArrive = e.s->kind == Stmt::Kind::Mbarrier && e.s->mbarOp == model::MbarOp::Arrive;
              if (need > 0 && knownCount(f, (int64_t)i, s[fi][0]) < need && !(arrivedHere && !isArrive) &&
                  landing.empty() && finalSweep)
                landing = "thread " + std::to_string(lin) + "'s '" + e.s->text + "' in iteration " + std::to_string(i) +
                          " lands in phase " + std::to_string(need) + " of '" +
                          syncObjectName(k, {0, f.region, f.member[mod((int64_t)i, (int64_t)f.S)]}) +
                          "' only if the thread knows phase " + std::to_string(need - 1) +
                          " complete, which its waits do not show";
            }
          }
          if (p + 1 < cur[lin].size() && mergeInto(cur[lin][p + 1], s)) changed = true;
        }
      }
      if (!changed) {
        if (finalSweep) break;
        finalSweep = true;
      }
    }
    states.push_back(cur);
    waits.push_back(curWaits);
    if (parityBreak || !landing.empty()) break;
    // Steady: the last reach + 1 iterations had the same relative states.
    size_t run = (size_t)reach + 1;
    if (states.size() >= run + 1) {
      bool same = true;
      for (size_t a = states.size() - run; a < states.size() && same; ++a)
        same = states[a] == states[a - 1] && waits[a].size() == waits[a - 1].size();
      if (same) {
        for (size_t a = states.size() - run; a < states.size() && same; ++a)
          for (uint64_t lin = 0; lin < n && same; ++lin)
            for (size_t p = 0; p < waits[a][lin].size() && same; ++p)
              same = waits[a][lin][p].D == waits[a - 1][lin][p].D && waits[a][lin][p].vacuous == waits[a - 1][lin][p].vacuous;
      }
      // The steady state must also be past every iteration-dependent case:
      // the first round of each ring (phase 0, vacuous first waits) and the
      // iterations whose knowledge reaches before the loop (k + delta < 0).
      int64_t minDelta = 0;
      uint64_t smax = 1;
      for (const RingFamily &f : rm.fams) smax = std::max(smax, f.S);
      for (const auto &per : states.back())
        for (const RingState &st : per)
          for (const auto &v : st)
            for (int64_t dv : v)
              if (dv != kNone) minDelta = std::min(minDelta, dv);
      size_t candidate = states.size() - run - 1;
      if (same && candidate >= smax + (uint64_t)(-minDelta)) {
        for (uint64_t lin = 0; lin < n; ++lin)
          for (const WaitRecord &w : waits[candidate][lin])
            if (w.vacuous) return "a wait passes at once (parity of the phase before the first) in every iteration";
        steady = candidate;
        found = true;
      }
    }
  }

  // Findings that need a trip count: the iteration must run under the
  // contract (its condition satisfiable at that iteration).
  auto iterationRuns = [&](uint64_t lin, int64_t iter) {
    const LoopIter &li = x.loopIters.at(rm.threads[lin].loop);
    ct.set(lin);
    z3::expr_vector from(c), to(c);
    from.push_back(li.k);
    to.push_back(c.bv_val((uint64_t)iter, 64));
    return check(base && ct.apply(li.cond).substitute(from, to)) == z3::sat;
  };
  auto report = [&](FindingKind kind, const Stmt *s, const std::string &msg, const std::vector<std::string> &steps) {
    Finding f;
    f.kind = kind;
    f.kernel = k.displayName;
    f.loc = s->loc;
    f.message = msg;
    f.values.push_back({"blockDim", fb->text()});
    for (const std::string &st : steps) f.trace.push_back({-1, s->loc, st});
    findings.push_back(f);
  };
  // The first iteration whose wait has the wrong parity (iterations before
  // the steady state, found above; after it, by the solver below).
  if (!parityBreak && found) {
    for (uint64_t lin = 0; lin < n && !parityBreak; ++lin) {
      if (rm.threads[lin].loop < 0) continue;
      const LoopIter &li = x.loopIters.at(rm.threads[lin].loop);
      ct.set(lin);
      for (size_t p = 0; p < items[lin].size() && !parityBreak; ++p) {
        if (items[lin][p].what != 0) continue;
        const MbarEv &e = x.mbars[items[lin][p].index];
        if (e.s->kind != Stmt::Kind::Mbarrier || e.s->mbarOp != model::MbarOp::Wait) continue;
        int fi = famOfEv.at({lin, items[lin][p].index});
        const RingFamily &f = rm.fams[fi];
        int64_t delta = states[steady][lin][p][fi][0];
        // In the steady state the wait's phase count is
        // floor((k + delta) / S) + pre + 1, whose parity repeats every 2S
        // iterations. The parity operand must match it on one window
        // [steady, steady + 2S) (evaluated) and repeat every 2S iterations
        // (proved for every k by the solver): then it matches for every k.
        auto mismatch = [&](int64_t kk) -> std::optional<bool> {
          std::optional<uint64_t> pv = atIter(*e.operand, li.k, (uint64_t)kk);
          if (!pv) return std::nullopt;
          return (*pv & 1) != (uint64_t)(knownCount(f, kk, delta) & 1);
        };
        for (int64_t kk = (int64_t)steady; kk < (int64_t)(steady + 2 * f.S) && !parityBreak; ++kk) {
          std::optional<bool> m = mismatch(kk);
          if (!m) return "the parity of '" + e.s->text + "' is not a function of the iteration alone";
          if (*m) {
            std::optional<uint64_t> pv = atIter(*e.operand, li.k, (uint64_t)kk);
            parityBreak = ParityBreak{lin, p, kk, knownCount(f, kk, delta), *pv & 1};
          }
        }
        if (parityBreak) break;
        z3::expr par = ct.apply(*e.operand);
        z3::expr_vector from(c), to(c);
        from.push_back(li.k);
        to.push_back(li.k + c.bv_val(2 * f.S, 64));
        z3::expr later = par.substitute(from, to);
        z3::expr exist = ct.apply(li.closedAssume) && ct.apply(li.closedAssume).substitute(from, to) &&
                         ct.apply(li.cond).substitute(from, to);
        z3::expr q = base && exist && z3::uge(li.k, c.bv_val(steady, 64)) &&
                     z3::ule(li.k, c.bv_val(UINT64_MAX - 2 * f.S, 64)) &&
                     (later & c.bv_val(1, 32)) != (par & c.bv_val(1, 32));
        z3::check_result r = check(q);
        if (r == z3::unknown) return "the solver could not decide whether the parity of '" + e.s->text + "' repeats every " +
                                     std::to_string(2 * f.S) + " iterations";
        if (r == z3::sat && lastModel) {
          // Iteration k or k + 2S has the wrong parity.
          uint64_t kk = 0;
          lastModel->eval(li.k, true).is_numeral_u64(kk);
          for (int64_t cand : {(int64_t)kk, (int64_t)kk + 2 * (int64_t)f.S}) {
            std::optional<bool> m = mismatch(cand);
            if (m && *m && !parityBreak) {
              std::optional<uint64_t> pv = atIter(*e.operand, li.k, (uint64_t)cand);
              parityBreak = ParityBreak{lin, p, cand, knownCount(f, cand, delta), *pv & 1};
            }
          }
          if (!parityBreak) return "the parity of '" + e.s->text + "' does not repeat every " + std::to_string(2 * f.S) +
                                   " iterations";
        }
      }
    }
  }
  if (parityBreak) {
    const ParityBreak &pb = *parityBreak;
    if (!iterationRuns(pb.lin, pb.iter))
      return "a wait's parity is wrong only in iteration " + std::to_string(pb.iter) + ", which the contract never runs";
    const MbarEv &e = x.mbars[items[pb.lin][pb.item].index];
    int fi = famOfEv.at({pb.lin, items[pb.lin][pb.item].index});
    const RingFamily &f = rm.fams[fi];
    std::string obj = syncObjectName(k, {0, f.region, f.member[mod(pb.iter, (int64_t)f.S)]});
    report(FindingKind::Mbarrier, e.s,
           "parity: in iteration " + std::to_string(pb.iter) + " of the loop, thread " + std::to_string(pb.lin) +
               " waits on '" + obj + "' with parity " + std::to_string(pb.parity) +
               ", but the phase it has not yet seen complete is phase " + std::to_string(pb.known) + " (parity " +
               std::to_string(pb.known & 1) + "): the wait passes at once and orders nothing",
           {"the ring '" + k.regions[f.region].name + "' has " + std::to_string(f.S) + " mbarrier(s): iteration k uses '" +
                k.regions[f.region].name + "' slot k mod " + std::to_string(f.S),
            "thread " + std::to_string(pb.lin) + " has seen " + std::to_string(pb.known) + " phase(s) of '" + obj +
                "' complete before iteration " + std::to_string(pb.iter) + "'s wait"});
    rm.parityBroken = true;
  }
  if (rm.parityBroken) {
    // The knowledge past the broken wait is not the program's (a landing
    // that fails after it is its consequence); the races are its too.
    ring = std::move(rm);
    return "";
  }
  if (!landing.empty()) return "cannot establish that every arrival lands in its iteration's phase: " + landing;
  if (!found && !parityBreak)
    return "the phase knowledge of the pipeline loop did not become periodic within " + std::to_string(kMaxIterations) +
           " iterations";

  // Arrivals and bytes per phase.
  for (size_t fi = 0; fi < F; ++fi) {
    const RingFamily &f = rm.fams[fi];
    const Tally &ty = tally[fi];
    std::string ring = k.regions[f.region].name;
    bool waited = ty.firstWait != nullptr;
    if (waited && ty.arrivals != f.count) {
      bool any = false;
      for (uint64_t lin = 0; lin < n && !any; ++lin)
        if (rm.threads[lin].loop >= 0) any = iterationRuns(lin, 0);
      if (any)
        report(FindingKind::Mbarrier, f.init,
               "arrival count: in every iteration of the pipeline loop, the phase of '" + ring +
                   "' it uses receives " + std::to_string(ty.arrivals) +
                   " arrival(s) but the mbarrier is initialised with count " + std::to_string(f.count) + ": " +
                   (ty.arrivals > f.count ? "it completes before the last intended arrival (the rest spill into the "
                                            "next phase)"
                                          : "it never completes (a hang)"),
               {std::to_string(ty.arrivers.size()) + " thread(s) arrive on the ring in each iteration"});
    }
    if (ty.expected != ty.delivered && (waited || ty.expected || ty.delivered)) {
      const Stmt *at = ty.firstExpect ? ty.firstExpect : ty.firstCopy ? ty.firstCopy : f.init;
      report(FindingKind::Mbarrier, at,
             "tx bytes: in every iteration of the pipeline loop, the phase of '" + ring + "' it uses expects " +
                 std::to_string(ty.expected) + " transaction bytes but the bulk copies completing on it deliver " +
                 std::to_string(ty.delivered) + ": " +
                 (ty.expected > ty.delivered ? "the phase never completes (a hang)"
                                             : "the phase can complete while a copy is still writing"),
             {});
    }
    if (ty.firstCopy) {
      // Every copy's phase is waited for in its own iteration by some thread
      // (a wait that reaches back leaves the last copies in flight at exit).
      bool sameIteration = false;
      for (uint64_t lin = 0; lin < n; ++lin)
        for (size_t p = 0; p < items[lin].size(); ++p)
          if (items[lin][p].what == 0 && famOfEv.at({lin, items[lin][p].index}) == (int)fi && !states.empty() &&
              waits[std::min(steady, waits.size() - 1)][lin][p].D == 0 &&
              x.mbars[items[lin][p].index].s->kind == Stmt::Kind::Mbarrier &&
              x.mbars[items[lin][p].index].s->mbarOp == model::MbarOp::Wait &&
              !waits[std::min(steady, waits.size() - 1)][lin][p].vacuous)
            sameIteration = true;
      if (!sameIteration && !rm.parityBroken)
        return "cannot establish that the bulk copies completing on '" + ring +
               "' are waited for in their own iteration (the last ones may be in flight at exit)";
    }
  }

  // Vacuous first waits: phase 0 of their member cannot complete first —
  // each arrival of that phase follows (by its arriver's knowledge) an
  // arrival of this thread after the wait, in the same iteration.
  for (auto &[lin, pi] : vacuousWaits) {
    auto [p, i] = pi;
    const MbarEv &w = x.mbars[items[lin][p].index];
    int fi = famOfEv.at({lin, items[lin][p].index});
    bool ok = true;
    for (uint64_t o = 0; o < n && ok; ++o) {
      if (rm.threads[o].loop < 0) continue;
      for (size_t q = 0; q < items[o].size() && ok; ++q) {
        const Item &oi = items[o][q];
        if (oi.what != 0 || famOfEv.at({o, oi.index}) != fi) continue;
        const MbarEv &oe = x.mbars[oi.index];
        if (oe.s->kind != Stmt::Kind::Mbarrier || oe.s->mbarOp != model::MbarOp::Arrive) continue;
        bool follows = false;
        for (int hf : rm.threads[lin].releasedFrom[p + 1])
          if (states[(size_t)i][o][q][(size_t)hf][0] >= 0) follows = true;
        ok = follows;
      }
    }
    if (!ok)
      return "cannot establish that thread " + std::to_string(lin) + "'s first wait on '" + w.s->text +
             "' (parity 1, before phase 0) passes at once: phase 0 may complete before it";
  }

  // No phase aliasing: when a thread waits for the phase of iteration
  // k + D, the next phase of that member (iteration k + D + S) cannot
  // complete before the wait: one of its arrivers knows, when it arrives, a
  // phase that needs an arrival of this thread after the wait.
  for (size_t i = 0; i < states.size() && i <= steady + (size_t)reach + 1; ++i)
    for (uint64_t lin = 0; lin < n; ++lin)
      for (size_t p = 0; p < items[lin].size(); ++p) {
        if (items[lin][p].what != 0) continue;
        const MbarEv &w = x.mbars[items[lin][p].index];
        if (w.s->kind != Stmt::Kind::Mbarrier || w.s->mbarOp != model::MbarOp::Wait) continue;
        const WaitRecord &wr = waits[i][lin][p];
        if (wr.vacuous) continue;
        int fi = famOfEv.at({lin, items[lin][p].index});
        const RingFamily &f = rm.fams[fi];
        int64_t next = (int64_t)i + wr.D + (int64_t)f.S;  // the iteration that completes the next phase
        size_t cls = (size_t)std::min<int64_t>(next, (int64_t)states.size() - 1);
        if (next < 0) continue;
        bool guarded = false;
        for (uint64_t o = 0; o < n && !guarded; ++o) {
          if (rm.threads[o].loop < 0) continue;
          for (size_t q = 0; q < items[o].size() && !guarded; ++q) {
            const Item &oi = items[o][q];
            if (oi.what != 0 || famOfEv.at({o, oi.index}) != fi) continue;
            const MbarEv &oe = x.mbars[oi.index];
            bool delivers = (oe.s->kind == Stmt::Kind::Mbarrier && oe.s->mbarOp == model::MbarOp::Arrive);
            if (!delivers) continue;
            // o's knowledge at its arrival in iteration `next`, of this
            // thread's releases after the wait in iteration i.
            for (int hf : rm.threads[lin].releasedFrom[p + 1]) {
              int64_t rel = (int64_t)i - next;  // the release's iteration, relative to `next`
              int64_t d = mod(rel, (int64_t)rm.fams[(size_t)hf].S);
              if (states[cls][o][q][(size_t)hf][(size_t)d] >= rel) guarded = true;
            }
          }
        }
        if (!guarded)
          return "cannot establish that the phase of '" + k.regions[f.region].name + "' that iteration " +
                 std::to_string(next) + " completes cannot complete before thread " + std::to_string(lin) +
                 "'s wait '" + w.s->text + "' in iteration " + std::to_string(i) +
                 " (no ordering from the wait to that phase's arrivals): the wait could see the wrong phase";
      }

  // Progress within an iteration: the operations of one iteration, with
  // program order, "a wait for this iteration's phase follows every
  // arrival and copy of that phase" and warp barriers, form no cycle.
  // (Waits for earlier iterations complete by induction.)
  for (size_t i = 0; i < states.size() && i <= steady + (size_t)reach + 1; ++i) {
    std::vector<size_t> first(n + 1, 0);
    for (uint64_t lin = 0; lin < n; ++lin) first[lin + 1] = first[lin] + items[lin].size();
    std::map<std::pair<uint64_t, const Stmt *>, size_t> barrierNode;  // (warp, barrier) -> node
    size_t nodes = first[n];
    std::vector<std::vector<size_t>> out(nodes);
    auto node = [&](uint64_t lin, size_t q) { return first[lin] + q; };
    std::vector<std::vector<size_t>> delivers(F);  // per family: this iteration's arrivals and copies
    for (uint64_t lin = 0; lin < n; ++lin)
      for (size_t q = 0; q < items[lin].size(); ++q) {
        if (q + 1 < items[lin].size()) out[node(lin, q)].push_back(node(lin, q + 1));
        const Item &it = items[lin][q];
        if (it.what == 1) {
          auto key = std::make_pair(lin / 32, x.barriers[it.index].s);
          auto [bn, fresh] = barrierNode.emplace(key, nodes);
          if (fresh) {
            ++nodes;
            out.emplace_back();
          }
          // The barrier completes after every member reaches it.
          if (q > 0) out[node(lin, q - 1)].push_back(bn->second);
          out[bn->second].push_back(node(lin, q));
          continue;
        }
        const MbarEv &e = x.mbars[it.index];
        bool isWait = e.s->kind == Stmt::Kind::Mbarrier && e.s->mbarOp == model::MbarOp::Wait;
        if (!isWait) delivers[(size_t)famOfEv.at({lin, it.index})].push_back(node(lin, q));
      }
    for (uint64_t lin = 0; lin < n; ++lin)
      for (size_t q = 0; q < items[lin].size(); ++q) {
        const Item &it = items[lin][q];
        if (it.what != 0) continue;
        const MbarEv &e = x.mbars[it.index];
        if (e.s->kind != Stmt::Kind::Mbarrier || e.s->mbarOp != model::MbarOp::Wait) continue;
        const WaitRecord &wr = waits[i][lin][q];
        if (wr.vacuous || wr.D != 0) continue;
        for (size_t d : delivers[(size_t)famOfEv.at({lin, it.index})]) out[d].push_back(node(lin, q));
      }
    // Iterative depth-first search for a cycle.
    std::vector<char> color(nodes, 0);
    for (size_t root = 0; root < nodes; ++root) {
      if (color[root]) continue;
      std::vector<std::pair<size_t, size_t>> stack{{root, 0}};
      color[root] = 1;
      while (!stack.empty()) {
        auto &[v, next] = stack.back();
        if (next < out[v].size()) {
          size_t w = out[v][next++];
          if (color[w] == 1)
            return "cannot establish progress: in iteration " + std::to_string(i) +
                   " of the pipeline loop, waits and the arrivals they need form a cycle";
          if (!color[w]) {
            color[w] = 1;
            stack.push_back({w, 0});
          }
        } else {
          color[v] = 2;
          stack.pop_back();
        }
      }
    }
  }

  // The model the races use.
  rm.steady = steady;
  for (uint64_t lin = 0; lin < n; ++lin) {
    if (rm.threads[lin].loop < 0) continue;
    rm.threads[lin].at.resize(steady + 1);
    for (size_t i = 0; i <= steady; ++i) rm.threads[lin].at[i] = states[i][lin];
  }
  ring = std::move(rm);
  return "";
}

// The loop (statement id) whose iteration an access is in, by its outermost
// counter (a ring loop is outermost: an access in a loop inside it keeps the
// ring's iteration first); -1 outside loops.
static int ringLoopOf(Executor &e, const AccessEv &ev) {
  if (ev.iters.empty()) return -1;
  for (auto &[id, li] : e.loopIters)
    if (z3::eq(li.k, ev.iters[0])) return id;
  return -1;
}

// The position of an event at `seq` among a thread's ring items.
static size_t ringPosition(const Checker::RingThread &rt, int seq) {
  return (size_t)(std::lower_bound(rt.itemSeq.begin(), rt.itemSeq.end(), seq) - rt.itemSeq.begin());
}

// Thread `lin`'s knowledge at `pos` of iteration `kb` covers the phase of
// family `fam` completed by iteration `kr` (both 64-bit iteration numbers).
z3::expr Checker::ringKnowsFormula(uint64_t lin, size_t pos, const z3::expr &kb, int fam, const z3::expr &kr) {
  const RingThread &rt = ring->threads[lin];
  const RingFamily &f = ring->fams[(size_t)fam];
  const int64_t S = (int64_t)f.S;
  z3::expr KB = z3::zext(kb, 64), KR = z3::zext(kr, 64);
  z3::expr r = c.bool_val(false);
  for (size_t cls = 0; cls < rt.at.size(); ++cls) {
    const std::vector<int64_t> &dl = rt.at[cls][std::min(pos, rt.at[cls].size() - 1)][(size_t)fam];
    z3::expr knows = c.bool_val(false);
    if (cls < ring->steady) {
      // Iteration `cls` exactly: the known iterations, listed (or a prefix).
      std::vector<uint64_t> known;
      int64_t top = -1;
      for (int64_t d = 0; d < S; ++d)
        if (dl[(size_t)d] != kNone) top = std::max(top, (int64_t)cls + dl[(size_t)d]);
      for (int64_t j = 0; j <= top; ++j) {
        int64_t d = mod(j - (int64_t)cls, S);
        if (dl[(size_t)d] != kNone && j <= (int64_t)cls + dl[(size_t)d]) known.push_back((uint64_t)j);
      }
      if (!known.empty() && known.back() + 1 == known.size()) knows = z3::ule(kr, c.bv_val(known.back(), 64));
      else
        for (uint64_t j : known) knows = knows || kr == c.bv_val(j, 64);
      r = r || (kb == c.bv_val(cls, 64) && knows);
      continue;
    }
    // From iteration `steady` on, relative to kb. A watermark (every
    // iteration up to kb + W known) needs no modulus.
    int64_t W = kNone;
    for (int64_t d = 0; d < S; ++d)
      if (dl[(size_t)d] != kNone) W = std::max(W, dl[(size_t)d]);
    bool watermark = W != kNone;
    for (int64_t d = 0; d < S && watermark; ++d) watermark = dl[(size_t)d] == W - mod(W - d, S);
    if (watermark) {
      knows = z3::sle(KR, KB + c.bv_val((int64_t)W, 128));
    } else {
      z3::expr Sv = c.bv_val((uint64_t)S, 128);
      z3::expr big = Sv * (z3::shl(c.bv_val(1, 128), c.bv_val(64, 128)) + c.bv_val(1, 128));
      for (int64_t d = 0; d < S; ++d) {
        int64_t delta = dl[(size_t)d];
        if (delta == kNone) continue;
        z3::expr sameMember = z3::urem(KR + big - KB - c.bv_val((uint64_t)d, 128), Sv) == c.bv_val(0, 128);
        knows = knows || (sameMember && z3::sle(KR, KB + c.bv_val((int64_t)delta, 128)));
      }
    }
    r = r || (z3::uge(kb, c.bv_val(cls, 64)) && knows);
  }
  return r;
}

// a (in x) happens before b (in y) through the rings: a's thread, or its
// warp after a warp barrier, releases a family after a in a's iteration, and
// b's thread knows that iteration's phase when it executes b.
z3::expr Checker::ringHappensBefore(Executor &x, const Thread &tx, const AccessEv &a, Executor &y, const Thread &ty,
                                    const AccessEv &b, bool &unsupported) {
  z3::expr r = c.bool_val(false);
  int la = ringLoopOf(x, a), lb = ringLoopOf(y, b);
  bool ringA = false, ringB = false;
  for (const RingThread &rt : ring->threads) {
    ringA |= rt.loop >= 0 && rt.loop == la;
    ringB |= rt.loop >= 0 && rt.loop == lb;
  }
  if (!ringA && !ringB) return r;
  // A loop head's second run (a.cont) repeats instances the main run has:
  // the main run's pair decides.
  if (a.cont || b.cont) return c.bool_val(true);
  if (!ringA || !ringB) {
    // One side outside the ring loops (or the loop head run again): the
    // order is not derived here.
    unsupported = true;
    return r;
  }
  // Threads in contiguous ranges with the same releases (a's side) or the
  // same knowledge (b's side).
  struct Range {
    uint64_t lo, hi;
    size_t pos;
  };
  auto ranges = [&](int loop, int seq, bool releases) {
    std::vector<Range> out;
    for (uint64_t lin = 0; lin < ring->threads.size(); ++lin) {
      const RingThread &rt = ring->threads[lin];
      if (rt.loop != loop) continue;
      size_t pos = ringPosition(rt, seq);
      if (!out.empty() && out.back().hi + 1 == lin) {
        const RingThread &prev = ring->threads[out.back().lo];
        size_t pp = out.back().pos;
        bool same = releases ? prev.releasedFrom[pp] == rt.releasedFrom[pos] : pp == pos && prev.at.size() == rt.at.size();
        if (same && !releases)
          for (size_t cls = 0; cls < rt.at.size() && same; ++cls) same = prev.at[cls][pp] == rt.at[cls][pos];
        if (same) {
          out.back().hi = lin;
          continue;
        }
      }
      out.push_back({lin, lin, pos});
    }
    return out;
  };
  z3::expr linA = linearTid(tx), linB = linearTid(ty);
  auto inRange = [&](const z3::expr &lin, const Range &rg) {
    if (rg.lo == rg.hi) return lin == c.bv_val(rg.lo, 32);
    return z3::uge(lin, c.bv_val(rg.lo, 32)) && z3::ule(lin, c.bv_val(rg.hi, 32));
  };
  std::vector<Range> ra = ranges(la, a.seq, true), rb = ranges(lb, b.seq, false);
  for (const Range &ga : ra) {
    const std::set<int> &rel = ring->threads[ga.lo].releasedFrom[ga.pos];
    if (rel.empty()) continue;
    for (const Range &gb : rb) {
      z3::expr knows = c.bool_val(false);
      for (int fam : rel) knows = knows || ringKnowsFormula(gb.lo, gb.pos, b.iters[0], fam, a.iters[0]);
      knows = knows.simplify();
      if (knows.is_false()) continue;
      r = r || (inRange(linA, ga) && inRange(linB, gb) && knows);
    }
  }
  return r;
}

// The bulk copy `cp` (in x, iteration cp.iters) has completed when thread y
// executes `o`: y knows the phase of the copy's iteration.
z3::expr Checker::ringKnowsCopy(Executor &x, const AccessEv &cp, Executor &y, const Thread &ty, const AccessEv &o,
                                bool &unsupported) {
  z3::expr r = c.bool_val(false);
  auto fam = ring->famOf.find(cp.s->id);
  if (fam == ring->famOf.end()) return r;
  int lo = ringLoopOf(y, o);
  bool ringO = false;
  for (const RingThread &rt : ring->threads) ringO |= rt.loop >= 0 && rt.loop == lo;
  if (o.cont || cp.cont) return c.bool_val(true);  // (the main run's pair decides)
  if (!ringO || ringLoopOf(x, cp) < 0) {
    unsupported = true;
    return r;
  }
  z3::expr linB = linearTid(ty);
  for (uint64_t lin = 0; lin < ring->threads.size(); ++lin) {
    const RingThread &rt = ring->threads[lin];
    if (rt.loop != lo) continue;
    uint64_t hi = lin;
    size_t pos = ringPosition(rt, o.seq);
    while (hi + 1 < ring->threads.size() && ring->threads[hi + 1].loop == lo &&
           ringPosition(ring->threads[hi + 1], o.seq) == pos && ring->threads[hi + 1].at == rt.at)
      ++hi;
    z3::expr knows = ringKnowsFormula(lin, pos, o.iters[0], fam->second, cp.iters[0]).simplify();
    if (!knows.is_false()) {
      z3::expr in = lin == hi ? linB == c.bv_val(lin, 32)
                              : z3::uge(linB, c.bv_val(lin, 32)) && z3::ule(linB, c.bv_val(hi, 32));
      r = r || (in && knows);
    }
    lin = hi;
  }
  return r;
}

}  // namespace syncproof::checker::detail
