// Ampere cp.async groups in loops with block barriers, for every trip count
// (docs/pipelines.md "cp.async groups in loops").
//
// The positions are cut into regions: the body of each loop that commits or
// waits (several may follow one another, the pipeline going on from one into
// the next), and the straight code before, between and after them. Below,
// "the loop" is any of them; a count at a position sums the regions before
// it (a loop's body T_i times) and the position's own part.
//
// A thread's cp.async operations belong to groups: a copy joins the group
// that the thread's next cp.async.commit_group closes, so its group number is
// the number of commits the thread executed before it. A
// cp.async.wait_group N completes every group but the N newest committed
// ones: the groups numbered below commits - N. When every commit and every
// counted block barrier is executed unconditionally (before the loop, in
// every iteration of it, after it), these counts are closed forms of the
// position: before the loop a constant, in iteration k of the loop
// P + c*k + (commits of the body before it), after a loop of T iterations
// P + c*T + (commits after the loop before it); block barriers likewise.
//
// A copy of iteration k1 and an access of iteration k2 (k1, k2 < T free,
// the copy's values those of iteration k1, the access's those of k2) are
// then ordered when
//   * the access comes after a wait of the copying thread that covers the
//     copy's group: in the same thread, the latest instance of the wait
//     before the access in program order; in another thread, the latest
//     instance followed by a block barrier before the access (fewer barriers
//     before the wait than before the access);
//   * or the access comes before the issue (program order, or a block
//     barrier between them), or, for a second copy, that copy completed
//     before the issue.
// Everything else may overlap in time: the pair is reported as a possible
// race (unknown: T is free and the iterations are taken as independent, an
// over-approximation), and the trip counts are then checked one by one
// (checkRanges) to confirm it.
#include "checker/engine.h"

#include <cctype>

namespace syncproof::checker::detail {

namespace {
// The number at the end of a constant's name (Executor::fresh: "...#<tag><n>").
int64_t freshNumber(const std::string &name) {
  size_t e = name.size(), b = e;
  while (b > 0 && std::isdigit((unsigned char)name[b - 1])) --b;
  if (b == e || name.find('#') == std::string::npos) return -1;
  return std::stoll(name.substr(b));
}
}  // namespace

// Is `s` an Ampere cp.async group operation (a grouped copy into shared
// memory, a commit or a wait)?
static bool ampereGroupOp(const Stmt &s) {
  if (s.kind == Stmt::Kind::AsyncCopy) return s.access == model::AccessKind::Write && s.mbarRegion < 0;
  return s.kind == Stmt::Kind::Mbarrier &&
         (s.mbarOp == model::MbarOp::AsyncCommit || s.mbarOp == model::MbarOp::AsyncWait);
}

bool Checker::onlyAmpereGroups(const Executor &x) const {
  for (const MbarEv &e : x.mbars)
    if (!ampereGroupOp(*e.s)) return false;
  return true;
}

std::string Checker::groupInduction(Executor &x, const Thread &t) {
  // (Built in place: groupRegion reads the loops. The caller resets it when
  // the model does not apply.)
  GroupLoop &g = groupLoop.emplace();
  // The loops: those whose body (not a loop inside it) commits or waits.
  std::set<int> ids;
  for (const MbarEv &e : x.mbars) {
    if (e.loopDepth == 0 || e.s->kind == Stmt::Kind::AsyncCopy) continue;
    if (e.loopDepth > 1 || e.iters.size() != 1) return "cp.async.commit_group or wait_group in nested loops is not modelled";
    int L = -1;
    for (auto &[id, li] : x.loopIters)
      if (z3::eq(li.k, e.iters[0])) L = id;
    if (L < 0) return "the loop of a cp.async operation was not recorded";
    ids.insert(L);
  }
  if (ids.empty()) return "no loop";
  for (int L : ids) {
    const LoopIter &li = x.loopIters.at(L);
    if (li.notPlain) return "a loop with cp.async groups that is left other than through its condition is not modelled";
    if (freshNumber(li.k.decl().name().str()) < 0) return "the loop's iteration counter is not recognised";
    // Its events' positions.
    auto in = [&](const std::vector<z3::expr> &iters) { return !iters.empty() && z3::eq(iters[0], li.k); };
    int lo = INT32_MAX, hi = INT32_MIN;
    for (const MbarEv &e : x.mbars)
      if (in(e.iters)) lo = std::min(lo, e.seq), hi = std::max(hi, e.seq);
    for (const BarrierEv &b : x.barriers)
      if (in(b.iters)) lo = std::min(lo, b.seq), hi = std::max(hi, b.seq);
    for (const AccessEv &a : x.accesses)
      if (!a.cont && in(a.iters)) lo = std::min(lo, a.seq), hi = std::max(hi, a.seq);
    g.loops.push_back({L, lo, hi, c.bv_const(("gl.T!" + std::to_string(L)).c_str(), 64), c.bool_val(true)});
  }
  std::sort(g.loops.begin(), g.loops.end(), [](const GroupLoop::Loop &a, const GroupLoop::Loop &b) { return a.lo < b.lo; });
  for (size_t i = 1; i < g.loops.size(); ++i)
    if (g.loops[i].lo <= g.loops[i - 1].hi) return "cp.async groups in loops whose events interleave are not modelled";
  g.commits.assign(g.last() + 1, {});
  g.barriers.assign(g.last() + 1, {});
  z3::expr base = launchConstraints() && threadConstraints(t) && x.assumed;
  // (Commits, waits and barriers count only in a loop's body itself or in
  // straight code; copies may also sit in a loop inside a loop's body,
  // where they join the group of that position, or in another loop before
  // the last one.)
  auto regionOf = [&](int seq, const std::vector<z3::expr> &iters, bool copy) {
    int r = groupRegion(x, seq, iters);
    if (r < 0) return -1;
    if (r % 2) return iters.size() == 1 || copy ? r : -1;
    if (!iters.empty()) return copy ? r : -1;  // another loop
    return r;
  };
  // Executed whenever its region runs (a loop's body: in every iteration).
  auto always = [&](const z3::expr &pc, int region) {
    z3::expr q = region % 2 ? base && x.loopIters.at(g.loops[region / 2].id).pc && !pc : base && !pc;
    return check(q) == z3::unsat;
  };
  for (const MbarEv &e : x.mbars) {
    const Stmt &s = *e.s;
    int r = regionOf(e.seq, e.iters, s.kind == Stmt::Kind::AsyncCopy);
    if (r < 0) return "a cp.async operation in a loop after the pipeline loops or inside a loop of one is not modelled";
    if (s.kind == Stmt::Kind::AsyncCopy) {
      if (r == g.last()) return "cp.async copies after the loop are not modelled";
      continue;
    }
    bool sure = always(e.pc, r);
    if (s.mbarOp == model::MbarOp::AsyncCommit) {
      // A commit that may not run changes every later group number (after
      // the last loop only the waits' coverage, which is then under-counted).
      if (!sure && r < g.last()) return "a cp.async.commit_group that does not run on every path is not modelled";
      if (sure) g.commits[r].push_back(e.seq);
      continue;
    }
    std::optional<uint64_t> n = e.operand ? numeralOf(e.operand->simplify()) : std::nullopt;
    if (!n || (!sure && r % 2)) continue;  // (not counted: it orders nothing here)
    g.waits.push_back({r, e.seq, (int64_t)*n});
    if (!sure) g.waits.back().onlyIf = e.pc;
  }
  // (A block barrier that is not counted, in another loop or on some paths,
  // only leaves fewer waits known to be followed by one.)
  for (const BarrierEv &b : x.barriers) {
    if (b.s->barrier != BarrierKind::Block) continue;
    int r = regionOf(b.seq, b.iters, false);
    if (r < 0 || !always(b.guard, r)) continue;
    g.barriers[r].push_back(b.seq);
  }
  for (size_t i = 0; i < g.loops.size(); ++i) {
    // The test at iterations T and T - 1 (values of those iterations
    // renamed apart; a test-first loop: the test at T fails, and at T - 1
    // passes when T >= 1).
    const LoopIter &li = x.loopIters.at(g.loops[i].id);
    const z3::expr &T = g.loops[i].T;
    z3::expr one = c.bv_val(1, 64);
    std::string tag = "T" + std::to_string(i);
    z3::expr failsAtT = !renameIteration(x, (int)i, li.cond, T, tag);
    z3::expr passesBefore = renameIteration(x, (int)i, li.cond, T - one, tag + "p");
    // A thread whose path does not reach the loop (an early return, the
    // other side of an if around it) runs none of its iterations.
    z3::expr reach = li.reach ? *li.reach : c.bool_val(false);
    g.loops[i].tripCount = z3::ite(reach, failsAtT && z3::implies(T >= one, passesBefore), T == c.bv_val(0, 64));
  }
  // The executor's exit states (a loop left through its test leaves the
  // values of an iteration whose test fails: Executor::witness) tie the
  // values after a loop, which a later loop's test reads, to its iterations.
  g.loops[0].tripCount = g.loops[0].tripCount && x.exitWitness();

  // Every copy completes before its thread exits: after it, the latest
  // instance of each wait before the end of the kernel.
  for (const AccessEv &cp : x.accesses) {
    if (cp.cont || cp.s->kind != Stmt::Kind::AsyncCopy || !ampereGroupOp(*cp.s)) continue;
    z3::expr k1 = c.bv_const(("gl.k1!" + std::to_string(cp.s->id)).c_str(), 64);
    GPos pc = positionOf(x, cp, k1);
    GPos end{g.last(), INT32_MAX, k1};
    int in = groupLoopOf(x, cp.iters);
    z3::expr q = base && iterationRange(pc) && renameIteration(x, in, x.assumed && eventValidity(x) && cp.guard, k1) &&
                 !groupAfter(pc, end, true, true);
    z3::check_result r = check(q);
    if (r == z3::unsat) continue;
    if (getenv("SYNCPROOF_GROUPS") && r == z3::sat) {
      z3::solver dbg(c);
      dbg.add(q);
      if (dbg.check() == z3::sat) {
        z3::model m = dbg.get_model();
        std::string Ts;
        for (const GroupLoop::Loop &l : g.loops) Ts += " " + m.eval(l.T, true).to_string();
        fprintf(stderr, "syncproof: cp.async at exit: line %u (region %d seq %d, k1 %s), T%s\n", cp.s->loc.line, pc.region,
                pc.seq, m.eval(k1, true).to_string().c_str(), Ts.c_str());
      }
    }
    Finding f;
    f.kind = FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = cp.s->loc;
    f.message = "possible in flight at exit: the cp.async '" + cp.s->text +
                "' may not be covered by a cp.async.wait_group of its thread before the thread exits (checked for "
                "every trip count, with the iterations over-approximated)";
    unknownFindings.push_back(f);
  }
  return "";
}

int Checker::groupLoopOf(const Executor &x, const std::vector<z3::expr> &iters) const {
  if (iters.empty()) return -1;
  for (size_t i = 0; i < groupLoop->loops.size(); ++i)
    if (z3::eq(iters[0], x.loopIters.at(groupLoop->loops[i].id).k)) return (int)i;
  return -1;
}

// The region of an event at position seq: the body of the loop it is in, or
// the straight code between the loops it lies between (-1: inside a loop's
// positions without being in it).
int Checker::groupRegion(const Executor &x, int seq, const std::vector<z3::expr> &iters) const {
  if (int i = groupLoopOf(x, iters); i >= 0) return 2 * i + 1;
  int r = 0;
  for (size_t i = 0; i < groupLoop->loops.size(); ++i) {
    const GroupLoop::Loop &l = groupLoop->loops[i];
    if (seq >= l.lo && seq <= l.hi) return -1;
    if (seq > l.hi) r = 2 * (int)(i + 1);
  }
  return r;
}

// The position of event `ev` (recorded by x): its region, program-order
// position and iteration (`k` for an event of a loop's body).
Checker::GPos Checker::positionOf(const Executor &x, const AccessEv &ev, const z3::expr &k) {
  int r = groupRegion(x, ev.seq, ev.iters);
  if (r < 0) {  // (within a loop's positions without being in it: after the loops it starts after)
    r = 0;
    for (size_t i = 0; i < groupLoop->loops.size(); ++i)
      if (ev.seq >= groupLoop->loops[i].lo) r = 2 * (int)(i + 1);
  }
  return {r, ev.seq, k};
}

// Every loop's trip count T: T <= 2^31, the loop's test fails at iteration T
// and passes at T - 1; for a position in a loop, 0 <= k < T.
z3::expr Checker::iterationRange(const GPos &p) {
  const GroupLoop &g = *groupLoop;
  z3::expr r = c.bool_val(true);
  for (const GroupLoop::Loop &l : g.loops)
    r = r && l.T >= c.bv_val(0, 64) && l.T <= c.bv_val((uint64_t)1 << 31, 64) && l.tripCount;
  if (p.region % 2) r = r && p.k >= c.bv_val(0, 64) && p.k < g.loops[p.region / 2].T;
  return r;
}

// How many of `seqs` (the counted commits or barriers of each region) a
// thread executed before position p: every earlier region whole (a loop's
// body T times), and p's own region up to p.
static z3::expr countBefore(z3::context &c, const Checker::GroupLoop &g, const std::vector<std::vector<int>> &seqs,
                            const Checker::GPos &p) {
  z3::expr n = c.bv_val(0, 64);
  for (int r = 0; r < p.region; ++r) {
    if (seqs[r].empty()) continue;
    z3::expr size = c.bv_val((int64_t)seqs[r].size(), 64);
    n = n + (r % 2 ? size * g.loops[r / 2].T : size);
  }
  int64_t below = 0;
  for (int s : seqs[p.region]) below += s < p.seq;
  n = n + c.bv_val(below, 64);
  if (p.region % 2 && !seqs[p.region].empty()) n = n + p.k * c.bv_val((int64_t)seqs[p.region].size(), 64);
  return n.simplify();
}

z3::expr Checker::commitsAt(const GPos &p) { return countBefore(c, *groupLoop, groupLoop->commits, p); }
z3::expr Checker::barriersAt(const GPos &p) { return countBefore(c, *groupLoop, groupLoop->barriers, p); }

// The copy at `cp` has completed for the thread at `o`: the copying thread
// itself (same) or, after a block barrier, any thread of the block.
z3::expr Checker::groupAfter(const GPos &cp, const GPos &o, bool same, bool ownPaths) {
  const GroupLoop &g = *groupLoop;
  z3::expr grp = commitsAt(cp);
  z3::expr r = c.bool_val(false);
  z3::expr zero = c.bv_val(0, 64), one = c.bv_val(1, 64);
  for (const GroupLoop::Wait &w : g.waits) {
    if (w.onlyIf && !ownPaths) continue;
    z3::expr ok = c.bool_val(false);
    z3::expr kw = zero;
    if (same) {
      // The latest instance of w before o in program order.
      if (w.region > o.region) continue;
      if (w.region % 2 == 0) ok = c.bool_val(w.region < o.region || w.seq < o.seq);
      else {
        const z3::expr &T = g.loops[w.region / 2].T;
        kw = o.region == w.region ? (w.seq < o.seq ? o.k : o.k - one) : T - one;
        ok = kw >= zero;
      }
    } else {
      // The latest instance of w followed by a counted block barrier
      // before o (fewer barriers before it than before o).
      z3::expr X = barriersAt(o);
      if (w.region % 2 == 0) ok = barriersAt({w.region, w.seq, zero}) < X;
      else {
        const z3::expr &T = g.loops[w.region / 2].T;
        int64_t nb = (int64_t)g.barriers[w.region].size();
        // The latest iteration kw with (barriers before it) + nb*kw < X
        // (no counted barrier in the loop: the last iteration, when a
        // barrier after the loop comes before o).
        z3::expr num = X - one - barriersAt({w.region, w.seq, zero});
        z3::expr q = nb ? num / c.bv_val(nb, 64) : T - one;
        kw = z3::ite(q < T - one, q, T - one);
        ok = num >= zero && kw >= zero;
        if (!nb) ok = ok && o.region > w.region;
      }
    }
    z3::expr done = commitsAt({w.region, w.seq, kw}) > grp + c.bv_val(w.n, 64);
    if (w.onlyIf) ok = ok && *w.onlyIf;
    r = r || (ok && done);
  }
  return r;
}

// o (position po) comes before the issue of the copy at pc.
z3::expr Checker::groupBefore(const GPos &po, const GPos &pc, bool same) {
  if (!same) return barriersAt(po) < barriersAt(pc);
  if (po.region != pc.region) return c.bool_val(po.region < pc.region);
  if (po.region % 2 == 0) return c.bool_val(po.seq < pc.seq);
  return po.k < pc.k || (po.k == pc.k && c.bool_val(po.seq < pc.seq));
}

// `e`, an expression of an event of x in the body of group loop `loop`, at
// iteration `k` of it: the loop's counter replaced by k and every value the
// executor made for the arbitrary iteration (its loads, the loop's
// abstracted variables, the counters of inner loops) renamed, so that it may
// differ from the same value at another iteration (`tag` keeps the renamed
// copies apart). loop < 0: e as it is.
z3::expr Checker::renameIteration(Executor &x, int loop, const z3::expr &e, const z3::expr &k, const std::string &tag) {
  if (loop < 0) return e;
  z3::expr kOld = x.loopIters.at(groupLoop->loops[loop].id).k;
  // (This executor's counter: values made after it belong to the iteration.)
  int64_t nk = freshNumber(kOld.decl().name().str());
  z3::expr_vector from(c), to(c);
  from.push_back(kOld);
  to.push_back(k);
  std::set<unsigned> seen;
  std::vector<z3::expr> consts;
  forEachConstant(e, seen, [&](const z3::expr &v) { consts.push_back(v); });
  for (const z3::expr &v : consts) {
    if (z3::eq(v, kOld)) continue;
    std::string n = v.decl().name().str();
    if (nk >= 0 && freshNumber(n) <= nk) continue;  // (no counter number: every value renamed)
    from.push_back(v);
    to.push_back(c.constant((n + "@" + tag).c_str(), v.get_sort()));
  }
  z3::expr r = e;
  return r.substitute(from, to);
}

// The pair (copy cp of x, access o of y) under the group loop: false when no
// finding was made.
bool Checker::groupLoopCopyRace(Executor &x, const Thread &tx, const AccessEv &cp, Executor &y, const Thread &ty,
                                const AccessEv &o, const z3::expr &base, bool sameThread) {
  if (cp.cont || o.cont) return false;  // (the main run's events cover every iteration)
  const Stmt &sc = *cp.s, &so = *o.s;
  std::pair<int, int> key{std::min(sc.id, so.id), std::max(sc.id, so.id)};
  if (reportedPairs.count(key)) return false;
  z3::expr k1 = c.bv_const(("gl.k1!" + std::to_string(sc.id)).c_str(), 64);
  z3::expr k2 = c.bv_const(("gl.k2!" + std::to_string(so.id)).c_str(), 64);
  GPos pc = positionOf(x, cp, k1), po = positionOf(y, o, k2);
  std::string tagC = "c" + std::to_string(sc.id), tagO = "o" + std::to_string(so.id);
  int cpLoop = groupLoopOf(x, cp.iters), oLoop = groupLoopOf(y, o.iters);
  z3::expr cpOff = renameIteration(x, cpLoop, cp.off, k1, tagC), cpGuard = renameIteration(x, cpLoop, cp.guard, k1, tagC);
  // The access keeps the executor's own values (renamed only where the
  // copy's executor is the same one: the copy's side is renamed).
  z3::expr oOff = renameIteration(y, oLoop, o.off, k2, tagO), oGuard = renameIteration(y, oLoop, o.guard, k2, tagO);
  unsigned oSize = so.size ? so.size : 1;
  // What the executors assumed about their arbitrary iteration holds at k1
  // (the copy's side) and at k2 (the access's side).
  z3::expr facts = base && eventValidity(x) && eventValidity(y);
  if (cpLoop >= 0) facts = facts && renameIteration(x, cpLoop, x.assumed && eventValidity(x), k1, tagC);
  if (oLoop >= 0) facts = facts && renameIteration(y, oLoop, y.assumed && eventValidity(y), k2, tagO);
  z3::expr q = facts && cpGuard && oGuard && overlap(c, cpOff, sc.size, oOff, oSize) && iterationRange(pc) &&
               iterationRange(po);
  if (sameThread && &cp == &o) {
    // Two instances of one statement of one thread: in different
    // iterations of the loop. (Instances of one iteration, in a loop inside
    // it or before it, are not compared, as no copy is compared with its own
    // statement in straight-line code.)
    if (pc.region % 2 == 0) return false;
    q = q && k1 != k2;
  }
  z3::expr after = groupAfter(pc, po, sameThread);
  z3::expr before = groupBefore(po, pc, sameThread);
  if (so.kind == Stmt::Kind::AsyncCopy && ampereGroupOp(so)) before = before || groupAfter(po, pc, sameThread);
  q = q && !after && !before;
  z3::check_result res = check(q);
  if (res == z3::unsat) return false;
  reportedPairs.insert(key);
  if (getenv("SYNCPROOF_GROUPS") && res == z3::sat) {
    z3::solver dbg(c);
    dbg.add(q);
    if (dbg.check() != z3::sat) return true;
    z3::model m = dbg.get_model();
    auto v = [&](const z3::expr &e) { return m.eval(e, true).to_string(); };
    const GroupLoop &g = *groupLoop;
    std::string Ts;
    for (const GroupLoop::Loop &l : g.loops) Ts += " " + v(l.T);
    fprintf(stderr, "syncproof: cp.async pair line %u (region %d seq %d, k1 %s) / line %u (region %d seq %d, k2 %s), T%s, "
                    "same %d\n",
            sc.loc.line, pc.region, pc.seq, v(k1).c_str(), so.loc.line, po.region, po.seq, v(k2).c_str(),
            Ts.c_str(), (int)sameThread);
    for (int r = 0; r <= g.last(); ++r) {
      fprintf(stderr, "  region %d commits:", r);
      for (int x : g.commits[r]) fprintf(stderr, " %d", x);
      fprintf(stderr, " barriers:");
      for (int x : g.barriers[r]) fprintf(stderr, " %d", x);
      fprintf(stderr, "\n");
    }
    for (auto &w : g.waits) fprintf(stderr, "  wait region %d seq %d n %lld\n", w.region, w.seq, (long long)w.n);
    fprintf(stderr, "  offsets %s / %s, threads %s %s / %s %s\n", v(cpOff).c_str(), v(oOff).c_str(),
            v(tx.tid[0]).c_str(), v(tx.tid[1]).c_str(), v(ty.tid[0]).c_str(), v(ty.tid[1]).c_str());
    std::set<unsigned> seen;
    auto show = [&](const z3::expr &e) { fprintf(stderr, "    %s = %s\n", e.to_string().c_str(), v(e).c_str()); };
    forEachConstant(cpOff, seen, show);
    forEachConstant(oOff, seen, show);
  }
  if (res == z3::unknown) {
    solverUnknown(&so, "whether '" + so.text + "' can run while the cp.async into it is in flight");
    return true;
  }
  bool read = so.kind != Stmt::Kind::AsyncCopy && so.access == model::AccessKind::Read;
  Finding f;
  f.kind = FindingKind::Unknown;
  f.kernel = k.displayName;
  f.loc = so.loc;
  f.message = std::string("possible ") + (read ? "before completion: read '" : "in flight: write '") + so.text +
              "' of '" + k.regions[sc.region].name + "' may run while the cp.async into it (line " +
              std::to_string(sc.loc.line) +
              ") is in flight: no cp.async.wait_group of the copying thread that covers it (followed, for another "
              "thread, by a barrier) orders it after the copy (checked for every trip count, with the iterations "
              "over-approximated)";
  f.related.push_back({sc.loc, "the cp.async"});
  unknownFindings.push_back(f);
  return true;
}

}  // namespace syncproof::checker::detail
