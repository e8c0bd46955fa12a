// Symbolic execution of one thread and the intra-block, inter-block and grid
// checks (cross-block protocols: protocols.cpp). checker/ is the only code of
// syncproof that includes Z3.
//
// Encoding (docs/encoding.md):
//  * Two arbitrary distinct threads A and B (the two-thread reduction). The
//    kernel body is executed symbolically once per thread, with if/else merged
//    by if-then-else terms, so the cost is linear in the program size.
//  * Every event (access, barrier, loop test) carries its path condition and
//    the barrier intervals ("segments") it may belong to. A segment is opened
//    by each dynamic barrier; two accesses race if some segment holds both.
//  * Loops are abstracted for every trip count: variables the loop modifies
//    take either a closed form in a fresh iteration counter (v0 + k*c,
//    v0 << k*c, ...) or an arbitrary value constrained by invariants found by
//    Houdini-style candidate elimination. Loops that contain barriers share
//    their iteration state between A and B (both are in the same iteration),
//    and the accesses between the last barrier of one iteration and the first
//    barrier of the next are re-executed explicitly (the "wrap" run).
//  * Queries: intra-block (A, B in one block; shared and global memory;
//    same segment required), inter-block (different blocks; global memory;
//    grid.sync() intervals and release/acquire protocols), barrier divergence,
//    loop-condition uniformity for loops with barriers, __syncwarp masks, and
//    the reachability of every Unknown node.
#include "checker/concrete.h"
#include "checker/engine.h"
#include "checker/address_ranges.h"
#include "model/unroll.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <iterator>

namespace syncproof::checker {
namespace detail {

void demoteViolations(std::vector<model::Finding> &fs, size_t from, const std::string &why);

// ------------------------------------------------------------ encoding

Executor::Executor(Checker &ck, Thread &t, bool shareUniform, Replay &replay, bool shareWarpLoops, bool shareGridLoops)
    : assumed(ck.c.bool_val(true)), dataAssumed(ck.c.bool_val(true)), ck(ck), c(ck.c), t(t), share(shareUniform),
      shareWarp(shareWarpLoops), shareGrid(shareGridLoops),
      replay(replay), st(ck.c),
      exited(ck.c.bool_val(false)), witness(ck.c.bool_val(true)) {}

z3::expr Executor::fresh(const std::string &base, unsigned width, bool shared) {
  std::string name = (shared ? std::string("U") : t.name) + "!" + base + "#" + freshTag + std::to_string(nextFresh++);
  if (width == 1) return c.bool_const(name.c_str());
  return c.bv_const(name.c_str(), width);
}

void forEachConstant(const z3::expr &e, std::set<unsigned> &seen, const std::function<void(const z3::expr &)> &f) {
  if (!seen.insert(e.id()).second) return;
  if (e.is_app() && e.num_args() == 0 && e.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
    f(e);
    return;
  }
  if (e.is_quantifier()) forEachConstant(e.body(), seen, f);
  for (unsigned i = 0; e.is_app() && i < e.num_args(); ++i) forEachConstant(e.arg(i), seen, f);
}

static z3::expr toBv(const z3::expr &e, unsigned width) {
  if (e.is_bool()) return z3::ite(e, e.ctx().bv_val(1, width), e.ctx().bv_val(0, width));
  return e;
}

z3::expr Executor::encUnder(const ExprRef &e, const z3::expr &guard) {
  size_t side0 = sideConds.size(), oblig0 = obligConds.size();
  z3::expr r = enc(e);
  auto onlyUnderGuard = [&](std::vector<z3::expr> &conds, size_t from) {
    if (conds.size() == from) return;
    z3::expr all = c.bool_val(true);
    for (size_t i = from; i < conds.size(); ++i) all = all && conds[i];
    conds.erase(conds.begin() + (std::ptrdiff_t)from, conds.end());
    conds.push_back(z3::implies(guard, all));
  };
  onlyUnderGuard(sideConds, side0);
  onlyUnderGuard(obligConds, oblig0);
  return r;
}

z3::expr Executor::enc(const ExprRef &e) {
  switch (e->kind) {
  case Expr::Kind::Const:
    if (e->width == 1) return c.bool_val(e->value != 0);
    return c.bv_val((uint64_t)e->value, e->width);
  case Expr::Kind::Var:
    return st.vars[e->id];
  case Expr::Kind::Param:
    return ck.params[e->id];
  case Expr::Kind::Builtin:
    switch (e->builtin) {
    case model::Builtin::ThreadIdxX: return t.tid[0];
    case model::Builtin::ThreadIdxY: return t.tid[1];
    case model::Builtin::ThreadIdxZ: return t.tid[2];
    case model::Builtin::BlockIdxX: return t.bid[0];
    case model::Builtin::BlockIdxY: return t.bid[1];
    case model::Builtin::BlockIdxZ: return t.bid[2];
    case model::Builtin::BlockDimX: return ck.bdim[0];
    case model::Builtin::BlockDimY: return ck.bdim[1];
    case model::Builtin::BlockDimZ: return ck.bdim[2];
    case model::Builtin::GridDimX: return ck.gdim[0];
    case model::Builtin::GridDimY: return ck.gdim[1];
    case model::Builtin::GridDimZ: return ck.gdim[2];
    case model::Builtin::LaneId: return z3::urem(ck.linearTid(t), c.bv_val(32, 32));
    case model::Builtin::WarpSize: return c.bv_val(32, 32);
    }
    break;
  case Expr::Kind::Havoc: {
    // A read-only load: the value its load statement read.
    auto it = st.loads.find(e->id);
    if (it != st.loads.end()) {
      z3::expr v = it->second;
      unsigned w = v.get_sort().bv_size();
      if (e->width == 1) return v != c.bv_val(0, w);
      if (e->width < w) return v.extract(e->width - 1, 0);
      if (e->width > w) return z3::zext(v, e->width - w);
      return v;
    }
    // Block-uniform results (__syncthreads_or) are one value for A and B.
    return fresh("h" + std::to_string(e->id), e->width, e->blockUniform && share);
  }
  case Expr::Kind::Select: {
    // Each operand runs only under its side of the condition: its
    // conditions of definedness (no overflow, no division by zero) hold
    // there only (`t ? 64 / t : 0` is defined for t = 0).
    z3::expr cond = enc(e->args[0]);
    z3::expr then = encUnder(e->args[1], cond);
    return z3::ite(cond, then, encUnder(e->args[2], !cond));
  }
  case Expr::Kind::Table: {
    // A constant table: the entry at the offset (entries at multiples of
    // the load size; an unaligned or outside offset reads an arbitrary value).
    z3::expr off = enc(e->args[0]);
    unsigned w = e->width == 1 ? 8 : e->width;
    uint64_t n = (w + 7) / 8;
    if (std::optional<uint64_t> o = numeralOf(off)) {
      if (auto v = Expr::tableValue(*e->table, *o, w))
        return e->width == 1 ? c.bool_val(*v != 0) : c.bv_val(*v, e->width);
    }
    z3::expr r = fresh("table" + std::to_string(e->id), w, false);
    const std::vector<uint8_t> &bytes = *e->table;
    // Only the entries the offset can reach under the launch (an offset
    // from blockIdx and constants: one per block, and up to 64 blocks are
    // checked block by block, perBlockTables); other offsets keep the
    // arbitrary value, so a partial list only loses precision.
    std::optional<std::vector<uint64_t>> reach;
    if (ck.onlyUniform(off, t)) reach = ck.valuesOf(off, t, 64);
    std::vector<uint64_t> entries;
    if (reach) {
      entries = *reach;
    } else {
      for (uint64_t p = 0; p + n <= bytes.size(); p += n) entries.push_back(p);
    }
    // Every reachable offset listed, all inside the table: the innermost
    // entry needs no test (and the value no arbitrary part).
    bool exhaustive = reach && !reach->empty() && std::all_of(entries.begin(), entries.end(), [&](uint64_t q) {
                        return Expr::tableValue(bytes, q, w).has_value();
                      });
    for (size_t i = 0; i < entries.size(); ++i) {  // (the conditions exclude each other)
      std::optional<uint64_t> v = Expr::tableValue(bytes, entries[i], w);
      if (!v) continue;
      r = exhaustive && i == 0 ? c.bv_val(*v, w)
                               : z3::ite(off == c.bv_val(entries[i], off.get_sort().bv_size()), c.bv_val(*v, w), r);
    }
    if (e->width == 1) return r != c.bv_val(0, 8);
    return r;
  }
  case Expr::Kind::Unary: {
    z3::expr a = enc(e->args[0]);
    switch (e->op) {
    case Op::LNot: return !a;
    case Op::Neg: return -a;
    case Op::Not: return ~a;
    case Op::ZExt:
      if (a.is_bool()) return toBv(a, e->width);
      return z3::zext(a, e->width - a.get_sort().bv_size());
    case Op::SExt:
      if (a.is_bool()) return z3::ite(a, c.bv_val(-1, e->width), c.bv_val(0, e->width));
      return z3::sext(a, e->width - a.get_sort().bv_size());
    case Op::Trunc:
      if (e->width == 1) return a.extract(0, 0) == c.bv_val(1, 1);
      return a.extract(e->width - 1, 0);
    default: break;
    }
    break;
  }
  case Expr::Kind::Binary: {
    z3::expr a = enc(e->args[0]);
    // && and || evaluate their right operand only when the left one does
    // not decide (`t != 0 && 64 / t > 2`).
    if (e->op == Op::LAnd) return a && encUnder(e->args[1], a);
    if (e->op == Op::LOr) return a || encUnder(e->args[1], !a);
    z3::expr b = enc(e->args[1]);
    if (a.is_bool() && b.is_bool()) {
      switch (e->op) {
      case Op::Eq: return a == b;
      case Op::Ne: return a != b;
      case Op::And: return a && b;
      case Op::Or: return a || b;
      case Op::Xor: return a != b;
      default: a = toBv(a, 1); b = toBv(b, 1); break;
      }
    }
    a = toBv(a, e->args[0]->width);
    b = toBv(b, e->args[1]->width);
    // Signed arithmetic: no overflow is assumed (undefined behaviour), and
    // checked where only indices decide it; on values read from memory it
    // wraps (nothing is assumed about data).
    // (On data, the condition is kept aside: judgeInputDependence asks it.)
    if (e->nsw && (e->op == Op::Add || e->op == Op::Sub || e->op == Op::Mul)) {
      z3::expr ok = e->op == Op::Add   ? z3::bvadd_no_overflow(a, b, true) && z3::bvadd_no_underflow(a, b)
                    : e->op == Op::Sub ? z3::bvsub_no_overflow(a, b) && z3::bvsub_no_underflow(a, b, true)
                                       : z3::bvmul_no_overflow(a, b, true) && z3::bvmul_no_underflow(a, b);
      if (fromMemory(a) || fromMemory(b)) {
        dataSide.push_back(ok);
      } else {
        sideConds.push_back(ok);
        if (indexOnly(a) && indexOnly(b)) obligConds.push_back(ok);
      }
    }
    // Division: by zero (and INT_MIN / -1) is undefined behaviour, and the
    // solver's x / 0 is not what the GPU computes (signed x % 0 is -1 on
    // sm_90). A divisor read from memory may be zero: the result is then
    // arbitrary. Any other divisor is an obligation (`unknown` where it can
    // be zero), parameters included, unlike signed overflow's `n + 1`.
    if (e->op == Op::UDiv || e->op == Op::SDiv || e->op == Op::URem || e->op == Op::SRem) {
      unsigned w = e->args[1]->width;
      z3::expr zero = c.bv_val(0, w);
      z3::expr r = e->op == Op::UDiv ? z3::udiv(a, b) : e->op == Op::SDiv ? a / b
                   : e->op == Op::URem ? z3::urem(a, b) : z3::srem(a, b);
      if (fromMemory(b)) return z3::ite(b == zero, fresh("unsupported.division", w, false), r);
      z3::expr ok = b != zero;
      if ((e->op == Op::SDiv || e->op == Op::SRem) && !fromMemory(a))
        ok = ok && !(a == c.bv_val((uint64_t)1 << (w - 1), w) && b == c.bv_val(-1, w));
      sideConds.push_back(ok);
      obligConds.push_back(ok);
      obligDivision = true;
      return r;
    }
    switch (e->op) {
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    case Op::Shl: return z3::shl(a, b);
    case Op::LShr: return z3::lshr(a, b);
    case Op::AShr: return z3::ashr(a, b);
    case Op::And: return a & b;
    case Op::Or: return a | b;
    case Op::Xor: return a ^ b;
    case Op::Eq: return a == b;
    case Op::Ne: return a != b;
    case Op::ULt: return z3::ult(a, b);
    case Op::ULe: return z3::ule(a, b);
    case Op::UGt: return z3::ugt(a, b);
    case Op::UGe: return z3::uge(a, b);
    case Op::SLt: return a < b;
    case Op::SLe: return a <= b;
    case Op::SGt: return a > b;
    case Op::SGe: return a >= b;
    default: break;
    }
    break;
  }
  }
  return fresh("unsupported", e->width, false);
}

// ------------------------------------------------------------ execution

// Merges the intervals of `other` into `into`, key by key (absent: false),
// with `combine(value in into, value in other)`.
template <class Combine>
static void mergeSegments(z3::context &c, std::map<int, z3::expr> &into, const std::map<int, z3::expr> &other,
                          Combine combine) {
  std::set<int> keys;
  for (auto &[kk, v] : into) keys.insert(kk);
  for (auto &[kk, v] : other) keys.insert(kk);
  for (int key : keys) {
    auto bi = into.find(key);
    auto oi = other.find(key);
    z3::expr bv = bi != into.end() ? bi->second : c.bool_val(false);
    z3::expr ov = oi != other.end() ? oi->second : c.bool_val(false);
    z3::expr m = combine(bv, ov);
    if (bi != into.end()) bi->second = m;
    else into.emplace(key, m);
  }
}

// A load executed on both paths: the value of the path taken (`other`'s
// when `cond` holds); on one path only: dropped (its Havoc then reads an
// arbitrary value), except a load of read-only memory (`keep`): its value is
// its own constant, related to the other loads of that memory by the address
// alone, whichever path ran (`c ? __ldcs(&in[2]) : in[2]` stores in[2]).
static void mergeLoads(std::map<int, z3::expr> &base, const std::map<int, z3::expr> &other, const z3::expr &cond,
                       const std::map<int, ExprRef> &keep) {
  for (auto it = base.begin(); it != base.end();) {
    auto f = other.find(it->first);
    if (f == other.end()) {
      if (keep.count(it->first)) ++it;
      else it = base.erase(it);
      continue;
    }
    if (!z3::eq(it->second, f->second)) it->second = z3::ite(cond, f->second, it->second);
    ++it;
  }
  for (auto &[id, v] : other)
    if (keep.count(id) && !base.count(id)) base.emplace(id, v);
}

void Executor::mergeInto(State &base, const State &o) {
  z3::expr cond = o.pc;
  if (cond.is_false()) return;
  if (base.pc.is_false()) {
    base = o;
    return;
  }
  for (size_t i = 0; i < base.vars.size(); ++i)
    if (!z3::eq(base.vars[i], o.vars[i])) base.vars[i] = z3::ite(cond, o.vars[i], base.vars[i]);
  mergeLoads(base.loads, o.loads, cond, ck.uniformLoads);
  // Disjunctive form: a segment is current only under the path that
  // brought it, so that a merge never resurrects an interval.
  auto combine = [&](const z3::expr &bv, const z3::expr &ov) { return (base.pc && bv) || (cond && ov); };
  mergeSegments(c, base.bseg, o.bseg, combine);
  mergeSegments(c, base.wseg, o.wseg, combine);
  mergeSegments(c, base.gseg, o.gseg, combine);
  base.pc = base.pc || o.pc;
}

// The value a load of a broadcast slot reads, as the lead of the block
// stored it, or nullopt where that is not shown. The lead is the one thread
// of every block that executes the slot's store, and it does in every block
// in which this thread reaches the load; a block barrier separates its store
// from this load (BroadcastSlot::orderedLoads); the store is the slot's only
// write and runs once (outside loops), so the load reads it. The stored value
// must be a function of launch values and of values only the lead's own
// atomics return (a ticket, a count): the fresh value of such an atomic in
// this thread's encoding is otherwise unconstrained where this thread is not
// the lead, and stands for the lead's (Executor::leadUpdates).
std::optional<z3::expr> Executor::broadcastValue(const Stmt &s, const BroadcastSlot &slot) {
  const Stmt &w = *slot.w;
  // The store of this iteration of the loops around the load (none outside
  // loops): the same iteration counters.
  auto sameIteration = [&](const AccessEv &e) {
    if (e.iters.size() != iterStack.size()) return false;
    for (size_t i = 0; i < iterStack.size(); ++i)
      if (!z3::eq(e.iters[i], iterStack[i])) return false;
    return true;
  };
  const AccessEv *we = nullptr;
  for (const AccessEv &e : accesses)
    if (e.s == &w && !e.cont && sameIteration(e)) we = &e;
  if (!we || !we->stored || s.size != w.size) return std::nullopt;
  bool inLoop = !iterStack.empty();
  // Within a block the pair may be in different iterations: not in loops.
  if (inLoop && share) return std::nullopt;
  std::set<std::string> counters = ck.counterNames(iterStack);
  z3::expr base = ck.launchConstraints() && ck.threadConstraints(t) && assumed;
  Checker::Lead lead = ck.leadThread(we->seq, we->pc, t);
  auto isLead = [&] {
    return t.tid[0] == c.bv_val(lead[0], 32) && t.tid[1] == c.bv_val(lead[1], 32) && t.tid[2] == c.bv_val(lead[2], 32);
  };
  if (ck.check(base && we->pc && !isLead()) != z3::unsat) return std::nullopt;
  // The lead reads its own store back (`if (isLast) __threadfence();`):
  // every path to this load executed the store, the slot's only write,
  // which runs once in one thread (per iteration).
  if (ck.check(base && st.pc && !we->pc) == z3::unsat) return *we->stored;
  if (!(inLoop ? slot.loopOrderedLoads : slot.orderedLoads).count(s.id)) return std::nullopt;
  z3::expr pc0 = ck.atThread(we->pc, t, lead);
  if (!ck.onlyUniform(pc0, t, counters) || ck.check(base && st.pc && !pc0) != z3::unsat) return std::nullopt;
  std::set<std::string> leadOwn = counters;
  std::vector<size_t> own;
  for (size_t i = 0; i < accesses.size(); ++i) {
    const AccessEv &u = accesses[i];
    if (!u.value || u.cont || !sameIteration(u) || u.seq >= we->seq || u.s->access != model::AccessKind::Atomic)
      continue;
    if (ck.check(base && u.pc && !isLead()) != z3::unsat) continue;
    leadOwn.insert(u.value->decl().name().str());
    own.push_back(i);
  }
  z3::expr v = ck.atThread(*we->stored, t, lead);
  if (!ck.onlyUniform(v, t, leadOwn)) return std::nullopt;
  if (share) {
    // Both threads of the pair are in one block, so they read one lead's
    // value: a name both share, which is this thread's own where this
    // thread is the lead.
    z3::expr_vector from(c), to(c);
    for (size_t i : own) {
      const AccessEv &u = accesses[i];
      z3::expr l = c.bv_const(("U!lead." + std::to_string(u.s->id)).c_str(), u.value->get_sort().bv_size());
      from.push_back(*u.value);
      to.push_back(l);
      assumed = assumed && z3::implies(u.guard, *u.value == l);
    }
    return v.substitute(from, to);
  }
  for (size_t i : own) {
    const AccessEv &u = accesses[i];
    // A ticket passed on whole: between blocks, two blocks' loads read the
    // results of two atomics (docs/model.md "Tickets").
    if (z3::eq(v, *u.value) && ck.ticketRegions.count(u.s->region)) {
      z3::expr off0 = ck.atThread(u.off, t, lead);
      if (ck.onlyUniform(off0, t, counters))
        tickets.push_back({v, off0, st.pc && witness, u.s->region, gridScope(u.s->scope), /*leadOnly=*/true});
    }
    if (!inLoop &&
        std::none_of(leadUpdates.begin(), leadUpdates.end(), [&](const LeadUpdate &l) { return l.access == i; }))
      leadUpdates.push_back({i, lead});
  }
  return v;
}

// A load of memory no thread of the launch writes: the first thread of the
// pair reads an arbitrary value; the second, at the same address, the same
// one (an equality of two reads of one address: Ackermann's reduction of a
// function from addresses to values, for the pairs the checks compare).
z3::expr Executor::readOnlyLoad(const Stmt &s, const z3::expr &off) {
  unsigned w = 8 * std::max(1u, std::min(s.size, 8u));
  z3::expr own = fresh("load." + std::to_string(s.loadedHavoc), w, false);
  // The contract's facts (distinct_elements, element_ranges) speak of whole
  // elements: a load of exactly one element at an offset that is a multiple
  // of its size (a byte of an int, the .x of an int2, an int of an int64
  // array reads no element). A bound that does not fit the width assumes
  // nothing.
  uint64_t es = s.region >= 0 ? ck.k.regions[s.region].elemSize : 0;
  bool wholeElement = es > 0 && s.size == es && (es & (es - 1)) == 0 && es <= 8;
  auto aligned = [&](const z3::expr &o) {
    return (toBv(o, 64) & c.bv_val(es - 1, 64)) == c.bv_val(0, 64);
  };
  auto fitsSigned = [&](int64_t v) { return w == 64 || (v >= -(int64_t(1) << (w - 1)) && v < (int64_t(1) << (w - 1))); };
  // element_ranges: the value is in range (signed when the minimum is negative).
  if (auto er = ck.elementRangeRegions.find(s.region); wholeElement && er != ck.elementRangeRegions.end()) {
    auto [lo, hi] = er->second;
    bool fits = lo < 0 ? fitsSigned(lo) && fitsSigned(hi) : w == 64 || (uint64_t)hi < (uint64_t(1) << w);
    if (fits)
      assumed = assumed && z3::implies(aligned(off), lo < 0 ? own >= c.bv_val(lo, w) && own <= c.bv_val(hi, w)
                                   : z3::uge(own, c.bv_val((uint64_t)lo, w)) && z3::ule(own, c.bv_val((uint64_t)hi, w)));
  }
  if (replay.recording) {
    replay.loads.push_back({off, own, s.id});
    return own;
  }
  if (replay.loadPos >= replay.loads.size()) return own;
  auto [offFirst, valFirst, stmtFirst] = replay.loads[replay.loadPos++];
  if (stmtFirst != s.id || valFirst.get_sort().bv_size() != w || offFirst.get_sort().bv_size() != off.get_sort().bv_size())
    return own;
  if (ck.uniformLoads.count(s.loadedHavoc) && s.region >= 0) {
    // (and values below 2^32 in magnitude: a 64-bit index from input data
    // scaled to bytes wraps only beyond that)
    z3::expr fact = z3::implies(off != offFirst, own != valFirst);
    wideInputs = wideInputs || w == 64;
    if (w == 64)
      for (const z3::expr &v : {own, valFirst})
        fact = fact && v < c.bv_val((uint64_t)1 << 32, 64) && v > c.bv_val((uint64_t)-((int64_t)1 << 32), 64);
    distinctInputs.emplace_back(fact, s.region);
    // The contract vouches for it (distinct_elements): assumed.
    if (auto d = ck.distinctRegions.find(s.region); wholeElement && d != ck.distinctRegions.end()) {
      z3::expr both = off != offFirst && aligned(off) && aligned(offFirst);
      // Only elements of at least the contract's minimum (signed) differ.
      if (d->second) {
        if (fitsSigned(*d->second)) {
          z3::expr lo = c.bv_val(*d->second, w);
          both = both && own >= lo && valFirst >= lo;
        } else {
          both = c.bool_val(false);
        }
      }
      assumed = assumed && z3::implies(both, own != valFirst);
    }
  }
  return z3::ite(off == offFirst, valFirst, own);
}

std::vector<bool> Executor::decideAll(size_t n, const std::function<std::vector<bool>()> &query) {
  if (replay.recording) {
    std::vector<bool> r = query();
    replay.decisions.insert(replay.decisions.end(), r.begin(), r.end());
    return r;
  }
  if (replay.pos + n <= replay.decisions.size()) {
    std::vector<bool> r(replay.decisions.begin() + replay.pos, replay.decisions.begin() + replay.pos + n);
    replay.pos += n;
    return r;
  }
  return query();
}

bool Executor::allLeaves(const z3::expr &e, LeafMemo &memo, bool (*leafOk)(const z3::expr &)) {
  if (e.is_numeral() || e.is_true() || e.is_false()) return true;
  unsigned id = Z3_get_ast_id(c, e);
  auto it = memo.find(id);
  if (it != memo.end()) return it->second.second;
  bool r = e.is_app();
  if (r && e.num_args() == 0) r = leafOk(e);
  else
    for (unsigned i = 0; i < e.num_args() && r; ++i) r = allLeaves(e.arg(i), memo, leafOk);
  memo.emplace(id, std::make_pair(e, r));
  return r;
}

bool Executor::fromMemory(const z3::expr &e) {
  return !allLeaves(e, fromMemoryMemo, [](const z3::expr &leaf) {
    if (leaf.decl().decl_kind() != Z3_OP_UNINTERPRETED) return true;
    // Executor::fresh: "<thread>!<base>#<n>".
    std::string name = leaf.decl().name().str();
    size_t bang = name.find('!');
    std::string base = bang == std::string::npos ? name : name.substr(bang + 1);
    for (const char *p : {"load.", "read.", "await.", "table", "unsupported", "init.", "try_wait."})
      if (base.rfind(p, 0) == 0) return false;
    return !(base.size() > 1 && base[0] == 'h' && isdigit((unsigned char)base[1]));
  });
}

bool Executor::indexOnly(const z3::expr &e) {
  return allLeaves(e, indexOnlyMemo, [](const z3::expr &leaf) {
    std::string name = leaf.decl().name().str();
    return leaf.decl().decl_kind() == Z3_OP_UNINTERPRETED &&
           (name.find(".threadIdx.") != std::string::npos || name.find(".blockIdx.") != std::string::npos ||
            name.rfind("blockDim.", 0) == 0 || name.rfind("gridDim.", 0) == 0);
  });
}

void Executor::exec(const Stmt &s) {
  if (st.pc.is_false()) return;
  curStmt = &s;
  switch (s.kind) {
  case Stmt::Kind::Block: execBlock(s); return;
  case Stmt::Kind::Assign: {
    z3::expr v = enc(s.value);
    absorbSide();
    st.vars[s.var] = v;
    return;
  }
  case Stmt::Kind::Access: {
    std::optional<z3::expr> value;
    if (s.resultVar >= 0) {
      // The value an atomic or strong load reads: arbitrary.
      value = fresh("read." + ck.k.vars[s.resultVar].name, ck.k.vars[s.resultVar].width, false);
      st.vars[s.resultVar] = *value;
    }
    std::optional<z3::expr> offRead;
    if (s.loadedHavoc >= 0 &&
        (ck.uniformLoads.count(s.loadedHavoc) ||
         (share && (ck.stableSharedLoads.count(s.loadedHavoc) || ck.equalityLoads.count(s.loadedHavoc))))) {
      offRead = enc(s.offset);
      absorbSide();
      z3::expr v = readOnlyLoad(s, *offRead);
      st.loads.insert_or_assign(s.loadedHavoc, v);
      if (ck.uniformLoads.count(s.loadedHavoc) && inputLoads.size() < 64) inputLoads.push_back({*offRead, v, s.region});
    }
    // Between blocks, a load of a broadcast slot reads what the block's
    // lead stored there (docs/model.md "Values broadcast through shared memory").
    if (s.loadedHavoc >= 0 && !stopRun && recording) {
      auto slot = ck.broadcastSlots.find(s.region);
      if (slot != ck.broadcastSlots.end())
        if (std::optional<z3::expr> v = broadcastValue(s, slot->second)) st.loads.insert_or_assign(s.loadedHavoc, *v);
    }
    if (!recording) return;
    if (st.bseg.empty() && st.wseg.empty() && st.gseg.empty() && stopRun) return;
    z3::expr off = offRead ? *offRead : enc(s.offset);
    absorbSide();
    if (!stopRun && s.region >= 0) {
      const model::Region &r = ck.k.regions[s.region];
      // A declared array's size, or the dynamic shared memory the contract gives.
      std::optional<uint64_t> size = r.dynamicShared ? ck.opts.launch.dynamicSmem : r.sizeBytes;
      if (r.space == model::AddressSpace::Shared && size && s.size > 0) {
        z3::expr ok = *size >= s.size ? z3::ule(toBv(off, 64), c.bv_val(*size - s.size, 64)) : c.bool_val(false);
        boundsObligations.push_back({&s, ok, st.pc, witness});
      }
    }
    AccessEv ev{&s, off, st.pc && witness, st.bseg, st.wseg, st.gseg, nextSeq++, st.pc, loopDepth, value};
    placeInLoops(ev);
    if (s.operand) {
      ev.operand = toBv(enc(s.operand), s.operand->width);
      absorbSide();
    }
    // A plain write's value, for Checker::judgeSameValue. Encoded only when
    // that adds nothing to the query: no fresh value (a load the state does
    // not hold, which judgeSameValue would not trust anyway) and no side
    // condition assumed, so the counterexamples of every other query stay
    // what they were.
    if (s.stored && s.access == model::AccessKind::Write && !s.operand) {
      std::function<bool(const ExprRef &)> freshFree = [&](const ExprRef &e) {
        if (!e) return true;
        if (e->kind == Expr::Kind::Havoc && !st.loads.count(e->id)) return false;
        for (const ExprRef &a : e->args)
          if (!freshFree(a)) return false;
        return true;
      };
      if (freshFree(s.stored)) {
        size_t side = sideConds.size(), data = dataSide.size();
        ev.stored = toBv(enc(s.stored), s.stored->width);
        sideConds.resize(side, c.bool_val(true));
        dataSide.resize(data, c.bool_val(true));
      }
    }
    if (value && s.access == model::AccessKind::Atomic && ck.ticketRegions.count(s.region))
      tickets.push_back({*value, off, ev.guard, s.region, gridScope(s.scope), false});
    accesses.push_back(ev);
    return;
  }
  case Stmt::Kind::Fence:
    if (recording && !stopRun) fences.push_back({&s, st.pc && witness, st.pc, nextSeq++, loopDepth, eventSegs(), iterStack});
    return;
  case Stmt::Kind::Await: {
    // A read of the location, then the exit condition holds for the value
    // read (deadlock freedom is checked separately).
    z3::expr off = enc(s.offset);
    absorbSide();
    unsigned w = ck.k.vars[s.resultVar].width;
    z3::expr value = fresh("await." + ck.k.vars[s.resultVar].name, w, false);
    st.vars[s.resultVar] = value;
    z3::expr exitCond = enc(s.cond);
    absorbSide();
    if (recording && !(st.bseg.empty() && st.wseg.empty() && st.gseg.empty() && stopRun)) {
      int seq = nextSeq++;
      AccessEv ev{&s, off, st.pc && witness, st.bseg, st.wseg, st.gseg, seq, st.pc, loopDepth, value};
      placeInLoops(ev);
      accesses.push_back(ev);
      if (!stopRun) {
        AwaitEv aw{&s, off, st.pc && witness, st.pc, seq, loopDepth, value, exitCond, eventSegs(), st.gseg, std::nullopt};
        aw.iters = iterStack;
        if (s.target && (s.awaitCmp == model::Op::Eq || s.awaitCmp == model::Op::UGe)) {
          z3::expr t = toBv(enc(s.target), w);
          absorbSide();
          if (t.get_sort().bv_size() == w) {
            if (s.awaitCmp == model::Op::Eq) aw.eqTarget = t;
            aw.minTarget = t;
          }
        }
        awaits.push_back(aw);
      }
    }
    assumed = assumed && z3::implies(st.pc, exitCond);
    return;
  }
  case Stmt::Kind::Mbarrier: {
    if (s.resultVar >= 0) st.vars[s.resultVar] = fresh("try_wait." + std::to_string(s.id), 1, false);
    if (!recording || stopRun) return;
    if (s.region < 0) {
      // Bulk async-group operations of this thread (no object).
      std::optional<z3::expr> n;
      if (s.operand) { n = fitBv(toBv(enc(s.operand), 32), 32); absorbSide(); }
      mbars.push_back({&s, st.pc && witness, st.pc, nextSeq++, loopDepth, -1, c.bv_val(0, 64), n, std::nullopt, st.bseg, iterStack});
      return;
    }
    z3::expr off = enc(s.offset);
    absorbSide();
    std::optional<z3::expr> operand, tx;
    if (s.operand) { operand = fitBv(toBv(enc(s.operand), 32), 32); absorbSide(); }
    if (s.txBytes) { tx = fitBv(toBv(enc(s.txBytes), 32), 32); absorbSide(); }
    int seq = nextSeq++;
    mbars.push_back({&s, st.pc && witness, st.pc, seq, loopDepth, s.region, off, operand, tx, st.bseg, iterStack});
    // The object itself: init/inval write it, the rest are atomic (races
    // between them are re-init / use-after-inval findings).
    accesses.push_back({&s, off, st.pc && witness, st.bseg, st.wseg, st.gseg, seq, st.pc, loopDepth, std::nullopt});
    placeInLoops(accesses.back());
    return;
  }
  case Stmt::Kind::AsyncCopy: {
    if (!recording) return;
    if (st.bseg.empty() && st.wseg.empty() && st.gseg.empty() && stopRun) return;
    z3::expr off = enc(s.offset);
    absorbSide();
    if (!stopRun && s.size > 0) {
      // Both addresses aligned to min(size, 16): 16 for bulk copies and
      // stores, the size for cp.async (4, 8, 16). The shared base is aligned
      // as declared; a pointer parameter's base is assumed aligned (stated).
      uint64_t a = std::min<uint64_t>(16, s.size);
      if ((a & (a - 1)) == 0 && a > 1) {
        auto aligned = [&](const z3::expr &o, int region) {
          const model::Region &r = ck.k.regions[region];
          if (r.space == model::AddressSpace::Shared && r.baseAlign < a) return c.bool_val(false);
          z3::expr o64 = toBv(o, 64);
          return (o64 & c.bv_val(a - 1, 64)) == c.bv_val(0, 64);
        };
        alignObligations.push_back({&s, aligned(off, s.region), st.pc, witness, a, s.region,
                                    "shared address '" + s.text + "'"});
        if (s.srcRegion >= 0 && s.srcOffset) {
          z3::expr src = enc(s.srcOffset);
          absorbSide();
          alignObligations.push_back({&s, aligned(src, s.srcRegion), st.pc, witness, a, s.srcRegion,
                                      "global address in '" + ck.k.regions[s.srcRegion].name + "'"});
        }
      }
    }
    z3::expr moff = s.mbarRegion >= 0 ? enc(s.mbarOffset) : c.bv_val(0, 64);
    absorbSide();
    int seq = nextSeq++;
    accesses.push_back({&s, off, st.pc && witness, st.bseg, st.wseg, st.gseg, seq, st.pc, loopDepth, std::nullopt});
    placeInLoops(accesses.back());
    if (!stopRun)
      mbars.push_back({&s, st.pc && witness, st.pc, seq, loopDepth, s.mbarRegion, moff, std::nullopt,
                       c.bv_val(s.size, 32), st.bseg, iterStack});
    return;
  }
  case Stmt::Kind::Barrier: execBarrier(s); return;
  case Stmt::Kind::If: execIf(s); return;
  case Stmt::Kind::Loop: execLoop(s); return;
  case Stmt::Kind::Exit:
    if (s.label == ck.k.body->label) exited = exited || st.pc;
    pendingExits[s.label].push_back(st);
    st.pc = c.bool_val(false);
    return;
  case Stmt::Kind::Assume: {
    z3::expr cond = enc(s.cond);
    absorbSide();
    // A promise of the program (__builtin_assume, __builtin_unreachable):
    // checked where thread indices alone decide it, as signed overflow is
    // (an assumption false for some threads removes them from the checks).
    if (recording && !stopRun && (cond.is_false() ? indexOnly(st.pc) : indexOnly(cond)))
      overflowObligations.push_back({&s, cond, st.pc, assumed, witness, true});
    assumed = assumed && z3::implies(st.pc, cond);
    return;
  }
  case Stmt::Kind::Unknown:
    if (recording) unknowns.push_back({&s, s.reason, st.pc && witness});
    return;
  }
}

void Executor::execBlock(const Stmt &s) {
  for (const auto &child : s.stmts) exec(*child);
  if (s.label >= 0) {
    auto it = pendingExits.find(s.label);
    if (it != pendingExits.end()) {
      std::vector<State> exits = std::move(it->second);
      pendingExits.erase(it);
      for (auto &e : exits) mergeInto(st, e);
    }
  }
}

void Executor::execIf(const Stmt &s) {
  z3::expr cond = enc(s.cond);
  absorbSide();
  State saved = st;
  z3::expr pcThen = saved.pc && cond, pcElse = saved.pc && !cond;
  st.pc = pcThen;
  exec(*s.thenS);
  State thenS = st;
  st = saved;
  st.pc = pcElse;
  if (s.elseS) exec(*s.elseS);
  if (z3::eq(thenS.pc, pcThen) && z3::eq(st.pc, pcElse) && !saved.pc.is_false()) {
    // Neither branch left the path (no exit): after the if the path is the
    // one before it, and a value is the branch's value by the condition.
    // (What mergeInto computes, without the disjunction of the two paths,
    // which would grow with every if of an unrolled program.)
    for (size_t i = 0; i < st.vars.size(); ++i)
      if (!z3::eq(st.vars[i], thenS.vars[i])) st.vars[i] = z3::ite(cond, thenS.vars[i], st.vars[i]);
    // Loads too. (This path kept the else side's: a pointer that selects
    // one of two arrays, `p = c ? idx : map; p[t]`, is one Havoc loaded by
    // two statements, one per branch, and its value after the if was the
    // else side's load whichever side ran.)
    mergeLoads(st.loads, thenS.loads, cond, ck.uniformLoads);
    auto combine = [&](const z3::expr &bv, const z3::expr &ov) {
      return z3::eq(bv, ov) ? saved.pc && bv : saved.pc && z3::ite(cond, ov, bv);
    };
    mergeSegments(c, st.bseg, thenS.bseg, combine);
    mergeSegments(c, st.wseg, thenS.wseg, combine);
    mergeSegments(c, st.gseg, thenS.gseg, combine);
    st.pc = saved.pc;
    return;
  }
  mergeInto(st, thenS);
}

void Executor::execBarrier(const Stmt &s) {
  bool group = isGroupBarrier(s, groupBarrier);
  if (s.barrier == BarrierKind::Named) {
    // Named barriers order the threads of one instance: see
    // named_barriers.cpp (the block intervals are not changed).
    z3::expr id = fitBv(toBv(enc(s.barrierId), 32), 32);
    z3::expr count = s.barrierCount ? fitBv(toBv(enc(s.barrierCount), 32), 32) : ck.bdim[0] * ck.bdim[1] * ck.bdim[2];
    absorbSide();
    if (recording && !stopRun) {
      int seq = nextSeq++;
      named.push_back({&s, st.pc && witness, st.pc, seq, loopDepth, id, count, exited, st.bseg});
      barriers.push_back({&s, st.pc, c.bv_val(0xffffffffu, 32), exited, st.bseg, seq, loopDepth, iterStack});
    }
    // The group's barrier (the group pair): it closes the pair's block
    // interval like __syncthreads (below, without a second event).
    if (!group) return;
  }
  if (s.barrier == BarrierKind::Warpgroup) {
    // setmaxnreg: a collective (checked for divergence), no ordering.
    if (recording && !stopRun) barriers.push_back({&s, st.pc, c.bv_val(0xffffffffu, 32), exited, st.bseg, nextSeq++, loopDepth, iterStack});
    return;
  }
  if (s.barrier == BarrierKind::WarpCollective) {
    // __shfl_sync & co.: its mask is checked (divergence), no ordering.
    z3::expr mask = enc(s.warpMask);
    absorbSide();
    if (recording && !stopRun) barriers.push_back({&s, st.pc, mask, exited, st.bseg, nextSeq++, loopDepth, iterStack});
    return;
  }
  bool grid = s.barrier == BarrierKind::Grid;
  bool block = s.barrier == BarrierKind::Block || grid || group;
  z3::expr mask = s.warpMask ? enc(s.warpMask) : c.bv_val(0xffffffffu, 32);
  absorbSide();
  if (recording && !stopRun && !group) barriers.push_back({&s, st.pc, mask, exited, st.bseg, nextSeq++, loopDepth, iterStack});
  if (!ordersThreads(s, groupBarrier)) return;
  for (auto &[key, g] : st.wseg) g = g && !st.pc;
  if (block)
    for (auto &[key, g] : st.bseg) g = g && !st.pc;
  if (grid)
    for (auto &[key, g] : st.gseg) g = g && !st.pc;
  if (stopRun && (block || !stopAtBlockBarrier)) {
    // Continuation runs end at the first barrier that closes the intervals
    // the loop's general iteration starts afresh (block intervals in a loop
    // with block barriers, else warp intervals): the rest of the iteration
    // is covered by the loop's general iteration. A __syncwarp before the
    // first block barrier opens a warp interval and the run goes on (the
    // accesses after it are still in the previous block interval).
    st.pc = c.bool_val(false);
    return;
  }
  int key = nextSeg++;
  if (block) st.bseg.emplace(key, st.pc);
  if (grid) st.gseg.emplace(key, st.pc);
  st.wseg.emplace(key, st.pc);
  if (!block) warpSegOpened.emplace(key, WarpSegOpener{st.pc, mask});
}

static bool isGroupBarrier(const Stmt &s, int64_t group) {
  return group >= 0 && s.kind == Stmt::Kind::Barrier && s.barrier == BarrierKind::Named && !s.arriveOnly &&
         s.barrierId && s.barrierId->isConst() && (int64_t)s.barrierId->value == group;
}

// Whether a barrier orders the accesses of the threads around it (other named
// barriers: named_barriers.cpp). A __syncwarp orders only the lanes that take
// part in it: see the warp-interval matching in raceChecks.
static bool ordersThreads(const Stmt &s, int64_t group) {
  if (s.kind != Stmt::Kind::Barrier) return false;
  return s.barrier == BarrierKind::Block || s.barrier == BarrierKind::Grid || s.barrier == BarrierKind::Warp ||
         isGroupBarrier(s, group);
}

static bool containsCollective(const Stmt &s) {
  return model::anyStmt(s, [](const Stmt &x) {
    return x.kind == Stmt::Kind::Barrier && x.barrier == BarrierKind::WarpCollective;
  });
}

static bool containsOrdering(const Stmt &s, bool blockLevel, bool warpLevel, int64_t group = -1) {
  return model::anyStmt(s, [&](const Stmt &x) {
    if (!ordersThreads(x, group)) return false;
    return x.barrier == BarrierKind::Warp ? warpLevel : blockLevel;
  });
}

// Collects the variables assigned in a statement.
static void assignedVars(const Stmt &s, std::set<int> &out) {
  model::forEachStmt(s, [&](const Stmt &x) {
    if (x.kind == Stmt::Kind::Assign) out.insert(x.var);
    if ((x.kind == Stmt::Kind::Access || x.kind == Stmt::Kind::Await) && x.resultVar >= 0) out.insert(x.resultVar);
  });
}

static void countAssigns(const Stmt &s, int var, int &n) {
  model::forEachStmt(s, [&](const Stmt &x) {
    if (x.kind == Stmt::Kind::Assign && x.var == var) ++n;
    if ((x.kind == Stmt::Kind::Access || x.kind == Stmt::Kind::Await) && x.resultVar == var) n += 2;  // no closed form
  });
}


// Does the loop contain an exit to a label outside its body (break, return)?
static bool hasExitOutsideOf(const Stmt &s, const std::set<int> &inside) {
  if (s.kind == Stmt::Kind::Exit) return !inside.count(s.label);
  std::set<int> in = inside;
  if (s.kind == Stmt::Kind::Block && s.label >= 0) in.insert(s.label);
  for (auto &c : s.stmts)
    if (hasExitOutsideOf(*c, in)) return true;
  for (const model::StmtRef *p : {&s.thenS, &s.elseS, &s.body, &s.step})
    if (*p && hasExitOutsideOf(**p, in)) return true;
  return false;
}
static bool hasExitOutside(const Stmt &loop) {
  return hasExitOutsideOf(*loop.body, {}) || hasExitOutsideOf(*loop.step, {});
}

// ------------------------------------------------- loop-carried variables
//
// A variable is carried by a loop when an iteration can read the value it
// had at the loop head, i.e. some path from the head (the test of a `while`,
// the body, the step) reads it before assigning it. The others are assigned
// before every use, so their value at the head matters to nothing in the
// iteration; Houdini proposes no invariant for them (their head value is
// still arbitrary, so dropping candidates is sound).
namespace {
using VarSet = std::set<int>;
// nullopt: no path reaches this point (after an exit).
using Assigned = std::optional<VarSet>;

Assigned meet(const Assigned &a, const Assigned &b) {
  if (!a) return b;
  if (!b) return a;
  VarSet r;
  std::set_intersection(a->begin(), a->end(), b->begin(), b->end(), std::inserter(r, r.end()));
  return r;
}

void exprVars(const ExprRef &e, VarSet &out) {
  if (!e) return;
  if (e->kind == Expr::Kind::Var) out.insert(e->id);
  for (auto &a : e->args) exprVars(a, out);
}

struct Exposure {
  VarSet exposed;
  std::map<int, Assigned> atLabel;  // what is assigned on every exit to a label
  void read(const ExprRef &e, const Assigned &d) {
    if (!d) return;
    VarSet vs;
    exprVars(e, vs);
    for (int v : vs)
      if (!d->count(v)) exposed.insert(v);
  }
  Assigned walk(const Stmt &s, Assigned d) {
    if (!d) return d;
    switch (s.kind) {
    case Stmt::Kind::Block:
      for (auto &c : s.stmts) d = walk(*c, d);
      if (s.label >= 0) {
        auto it = atLabel.find(s.label);
        if (it != atLabel.end()) {
          d = meet(d, it->second);
          atLabel.erase(it);
        }
      }
      return d;
    case Stmt::Kind::Exit: {
      auto [it, fresh] = atLabel.emplace(s.label, d);
      if (!fresh) it->second = meet(it->second, d);
      return std::nullopt;
    }
    case Stmt::Kind::If: {
      read(s.cond, d);
      Assigned t = walk(*s.thenS, d);
      Assigned e = s.elseS ? walk(*s.elseS, d) : d;
      return meet(t, e);
    }
    case Stmt::Kind::Loop: {
      if (s.testFirst) read(s.cond, d);
      Assigned b = walk(*s.body, d);
      b = walk(*s.step, b);
      if (!s.testFirst) read(s.cond, b);
      return d;  // the loop may be left early: only what held before it
    }
    default:
      for (const ExprRef *e : {&s.value, &s.offset, &s.operand, &s.target, &s.txBytes, &s.srcOffset, &s.mbarOffset,
                               &s.barrierId, &s.barrierCount, &s.warpMask, &s.cond})
        read(*e, d);
      if (s.kind == Stmt::Kind::Assign) d->insert(s.var);
      if (s.resultVar >= 0) d->insert(s.resultVar);
      return d;
    }
  }
};
}  // namespace

static VarSet carriedVars(const Stmt &loop) {
  Exposure x;
  Assigned d = VarSet{};
  if (loop.testFirst) x.read(loop.cond, d);
  d = x.walk(*loop.body, d);
  d = x.walk(*loop.step, d);
  if (!loop.testFirst) x.read(loop.cond, d);
  return x.exposed;
}

static bool mentionsVars(const ExprRef &e, const std::set<int> &vars) {
  if (e->kind == Expr::Kind::Var && vars.count(e->id)) return true;
  if (e->kind == Expr::Kind::Havoc) return true;
  for (auto &a : e->args)
    if (mentionsVars(a, vars)) return true;
  return false;
}

// Does every iteration (every path from the body's start to its end,
// `continue` included) pass a barrier of the given level?
static bool passesBarrier(const Stmt &s, bool passed, bool blockLevel, int continueLabel, bool &bad, int64_t group) {
  switch (s.kind) {
  case Stmt::Kind::Barrier:
    if (!ordersThreads(s, group)) return passed;
    if (blockLevel && s.barrier == BarrierKind::Warp) return passed;
    return true;
  case Stmt::Kind::Block: {
    bool p = passed;
    for (auto &c : s.stmts) p = passesBarrier(*c, p, blockLevel, continueLabel, bad, group);
    return p;
  }
  case Stmt::Kind::If: {
    bool a = passesBarrier(*s.thenS, passed, blockLevel, continueLabel, bad, group);
    bool b = s.elseS ? passesBarrier(*s.elseS, passed, blockLevel, continueLabel, bad, group) : passed;
    return a && b;
  }
  case Stmt::Kind::Loop: {
    bool inner = passesBarrier(*s.body, passed, blockLevel, -2, bad, group);
    return s.testFirst ? passed : inner;
  }
  case Stmt::Kind::Exit:
    if (s.label == continueLabel && !passed) bad = true;
    return true;  // this path does not reach the end
  default:
    return passed;
  }
}

// A closed form for a variable updated once per iteration by `v op= c`.
struct ClosedForm {
  enum Kind { None, Add, Sub, Shl, LShr, AShr } kind = None;
  ExprRef amount;
  bool nsw = false;  // the update is signed arithmetic (overflow undefined)
};

static ClosedForm closedFormOf(const Stmt &loop, int var, const std::set<int> &modified) {
  ClosedForm none;
  int n = 0;
  countAssigns(*loop.body, var, n);
  countAssigns(*loop.step, var, n);
  if (n != 1) return none;
  const Stmt *assign = nullptr;
  for (auto &c : loop.step->stmts)
    if (c->kind == Stmt::Kind::Assign && c->var == var) assign = c.get();
  if (!assign) {
    if (model::exitsTo(*loop.body, loop.body->label)) return none;
    for (auto &c : loop.body->stmts)
      if (c->kind == Stmt::Kind::Assign && c->var == var) assign = c.get();
  }
  if (!assign) return none;
  const ExprRef &v = assign->value;
  if (v->kind != Expr::Kind::Binary) return none;
  const ExprRef &a = v->args[0], &b = v->args[1];
  auto isSelf = [&](const ExprRef &x) { return x->kind == Expr::Kind::Var && x->id == var; };
  auto invariant = [&](const ExprRef &x) { return !mentionsVars(x, modified); };
  ClosedForm cf;
  cf.nsw = v->nsw;
  switch (v->op) {
  case Op::Add:
    if (isSelf(a) && invariant(b)) { cf.kind = ClosedForm::Add; cf.amount = b; }
    else if (isSelf(b) && invariant(a)) { cf.kind = ClosedForm::Add; cf.amount = a; }
    break;
  case Op::Sub:
    if (isSelf(a) && invariant(b)) { cf.kind = ClosedForm::Sub; cf.amount = b; }
    break;
  case Op::Shl: case Op::LShr: case Op::AShr:
    if (isSelf(a) && b->isConst()) {
      cf.kind = v->op == Op::Shl ? ClosedForm::Shl : v->op == Op::LShr ? ClosedForm::LShr : ClosedForm::AShr;
      cf.amount = b;
    }
    break;
  case Op::Mul:
  case Op::UDiv:
    if (isSelf(a) && b->isConst() && b->value && (b->value & (b->value - 1)) == 0) {
      uint64_t sh = 0;
      while ((1ull << sh) != b->value) ++sh;
      cf.kind = v->op == Op::Mul ? ClosedForm::Shl : ClosedForm::LShr;
      cf.amount = Expr::constant(sh, a->width);
    }
    break;
  default:
    break;
  }
  return cf;
}

void Executor::runBody(const Stmt &loop, State start, bool asStop, State &end, bool blockBar) {
  bool savedStop = stopRun, savedBlockOnly = stopAtBlockBarrier;
  if (asStop && !stopRun) stopAtBlockBarrier = blockBar;
  stopRun = asStop || stopRun;
  st = std::move(start);
  exec(*loop.body);
  exec(*loop.step);
  end = st;
  stopRun = savedStop;
  stopAtBlockBarrier = savedBlockOnly;
}

void Executor::execLoop(const Stmt &s) {
  bool grid = containsGrid(*s.body) || containsGrid(*s.step);
  ++loopDepth;
  gridLoops += grid;
  execLoopInner(s);
  gridLoops -= grid;
  --loopDepth;
}

void Executor::execLoopInner(const Stmt &s) {
  int loopKey = nextLoop++;
  bool blockBar = containsOrdering(*s.body, true, false, groupBarrier) || containsOrdering(*s.step, true, false, groupBarrier);
  bool warpBar = containsOrdering(*s.body, false, true) || containsOrdering(*s.step, false, true) ||
                 (shareCollectiveLoops && (containsCollective(*s.body) || containsCollective(*s.step)));
  bool barrierLoop = blockBar || warpBar;
  bool gridBar = containsGrid(*s.body) || containsGrid(*s.step);
  // Threads of different blocks are in the same iteration of a loop with
  // grid.sync() between them (grid pair: share == false, shareGrid).
  bool gridShared = gridBar && shareGrid;
  bool shareIter = barrierLoop && ((share && (blockBar || shareWarp)) || gridShared);
  const std::set<int> &varyingSet = gridShared && !share ? ck.varyingGrid : ck.varying;

  if (barrierLoop && recording && !stopRun) {
    bool bad = false;
    bool passes = passesBarrier(*s.body, false, blockBar, s.body->label, bad, groupBarrier);
    if (!passes || bad)
      unknowns.push_back({&s, "loop contains a barrier that is not executed on every iteration; not modelled", st.pc});
  }

  State entry = st;
  std::map<int, size_t> exitsBefore;
  for (auto &[label, v] : pendingExits) exitsBefore[label] = v.size();
  std::set<int> modified;
  assignedVars(*s.body, modified);
  assignedVars(*s.step, modified);

  // Closed forms and candidate invariants.
  std::map<int, ClosedForm> closed;
  for (int v : modified) {
    ClosedForm cf = closedFormOf(s, v, modified);
    if (cf.kind != ClosedForm::None) closed[v] = cf;
  }
  // A counter stepping up by a loop-invariant amount that the loop condition
  // bounds from above (`v < N`, `v <= N`, signed or unsigned, N not modified
  // by the loop; the step wraps, e.g. `i += blockDim.x * gridDim.x`). When N
  // plus the step fits (below), the counter never wraps before the test
  // fails, and a real iteration k >= 1 has the exact value v0 + k*s < N + s
  // (induction: v_j < N by the test, so v_j + s < N + s <= 2^w). Signed
  // counters also need v0 >= 0 and N > 0, so that every v_j is in [0, 2^(w-1)).
  // The same for a counter stepping down to a bound from below (`v >= N`,
  // `v > N`; `for (; i >= 0; i -= blockDim.x)`): when N minus the step is
  // still a value of the type, v_j >= N gives v_j - s >= N - s without a
  // wrap, so iteration k has the exact value v0 - k*s >= N - s. And for an
  // unsigned counter stepping down under a bound from above (`v < N`;
  // `for (unsigned i = n - 1 - t; i < n; i -= blockDim.x)`): when N + s <=
  // 2^w, a step from v_j < s wraps to v_j - s + 2^w >= N and the test fails,
  // so iteration k has v0 - k*s >= -s (below 0 only where the loop exits).
  struct StepBound {
    int var = -1;
    ExprRef bound;
    bool isSigned = false, inclusive = false, down = false, boundAbove = true;
  } stepBound;
  // The loop's test as `lhs < rhs` or `lhs <= rhs` (a `>` test swapped).
  bool cmp = false;
  model::Op op = model::Op::ULt;
  ExprRef lhs, rhs;
  if (s.testFirst && s.cond && s.cond->kind == model::Expr::Kind::Binary) {
    op = s.cond->op;
    lhs = s.cond->args[0];
    rhs = s.cond->args[1];
    if (op == model::Op::UGt || op == model::Op::UGe || op == model::Op::SGt || op == model::Op::SGe) {
      std::swap(lhs, rhs);
      op = op == model::Op::UGt ? model::Op::ULt : op == model::Op::UGe ? model::Op::ULe
           : op == model::Op::SGt ? model::Op::SLt : model::Op::SLe;
    }
    cmp = op == model::Op::ULt || op == model::Op::ULe || op == model::Op::SLt || op == model::Op::SLe;
  }
  bool isSigned = op == model::Op::SLt || op == model::Op::SLe;
  bool inclusive = op == model::Op::ULe || op == model::Op::SLe;
  if (cmp && lhs->kind == model::Expr::Kind::Var) {
    int v = lhs->id;
    auto it = closed.find(v);
    if (it != closed.end() && !it->second.nsw && ck.k.vars[v].width <= 32 && rhs->width == ck.k.vars[v].width &&
        !mentionsVars(rhs, modified) &&
        (it->second.kind == ClosedForm::Add || (it->second.kind == ClosedForm::Sub && !isSigned))) {
      stepBound.var = v;
      stepBound.bound = rhs;
      stepBound.down = it->second.kind == ClosedForm::Sub;
      stepBound.isSigned = isSigned;
      stepBound.inclusive = inclusive;
    }
  }
  if (cmp && stepBound.var < 0 && rhs->kind == model::Expr::Kind::Var) {
    int v = rhs->id;
    auto it = closed.find(v);
    if (it != closed.end() && it->second.kind == ClosedForm::Sub && !it->second.nsw && ck.k.vars[v].width <= 32 &&
        lhs->width == ck.k.vars[v].width && !mentionsVars(lhs, modified)) {
      stepBound.var = v;
      stepBound.bound = lhs;
      stepBound.down = true;
      stepBound.boundAbove = false;
      stepBound.isSigned = isSigned;
      stepBound.inclusive = inclusive;
    }
  }
  // A test that no iteration after a passing one can fail before a later
  // one passes again: a counter stepping towards a loop-invariant bound
  // without wrapping (a signed counter, whose overflow is undefined, or one
  // the step bound above makes exact). Its iterations need no check for an
  // earlier failing test (earlierFailure).
  bool monotoneTest = stepBound.var >= 0;
  if (!monotoneTest && cmp && isSigned) {
    // A signed 32-bit counter with a constant step: `v < N` stepping up,
    // `N < v` stepping down.
    auto counter = [&](const ExprRef &e, ClosedForm::Kind kind, const ExprRef &bound) {
      if (e->kind != model::Expr::Kind::Var || mentionsVars(bound, modified)) return false;
      auto it = closed.find(e->id);
      return it != closed.end() && it->second.nsw && ck.k.vars[e->id].width == 32 && it->second.kind == kind &&
             it->second.amount && it->second.amount->isConst();
    };
    monotoneTest = counter(lhs, ClosedForm::Add, rhs) || counter(rhs, ClosedForm::Sub, lhs);
  }
  // Tickets carried into the iteration (docs/model.md "Tickets"): a
  // variable every assignment of which in the loop copies the result of an
  // atomic add on a ticket region at one address the loop does not change,
  // and which enters the loop holding the result of such an atomic of this
  // thread at that address. At the head of every iteration it holds the
  // return of one of them (`for (r = atomicAdd(n, 1); r < N; r = atomicAdd(n,
  // 1))`).
  struct CarriedTicket {
    int var;
    z3::expr off;
    int region;
    bool gridWide;
  };
  std::vector<CarriedTicket> carriedTickets;
  if (recording && !stopRun && !ck.ticketRegions.empty()) {
    std::map<int, const Stmt *> atomicOf;  // result variable -> its atomic
    std::map<int, std::vector<const Stmt *>> assigns;
    for (const model::StmtRef *part : {&s.body, &s.step})
      model::forEachStmt(**part, [&](const Stmt &x) {
        if (x.kind == Stmt::Kind::Access && x.access == model::AccessKind::Atomic && x.resultVar >= 0 &&
            ck.ticketRegions.count(x.region))
          atomicOf[x.resultVar] = &x;
        if (x.kind == Stmt::Kind::Assign) assigns[x.var].push_back(&x);
      });
    State saved = st;
    st = entry;
    for (int v : modified) {
      // (A value the pair shares at the head would be one ticket of two
      // threads: never a ticket, and the constraint would be false.)
      if (closed.count(v) || !assigns.count(v) || (shareIter && !varyingSet.count(v))) continue;
      std::optional<z3::expr> off;
      int region = -1;
      bool ok = true, gridWide = true;
      for (const Stmt *a : assigns[v]) {
        auto at = a->value && a->value->kind == model::Expr::Kind::Var ? atomicOf.find(a->value->id) : atomicOf.end();
        // The result variable must hold nothing but the atomic's value.
        if (at == atomicOf.end() || assigns.count(a->value->id) || mentionsVars(at->second->offset, modified)) {
          ok = false;
          break;
        }
        z3::expr o = enc(at->second->offset);
        if ((off && !z3::eq(*off, o)) || (region >= 0 && region != at->second->region)) ok = false;
        off = o;
        region = at->second->region;
        gridWide = gridWide && gridScope(at->second->scope);
      }
      if (!ok || !off) continue;
      const TicketVal *enters = nullptr;
      for (const TicketVal &t : tickets)
        if (!t.leadOnly && t.region == region && z3::eq(t.off, *off) && z3::eq(t.value, entry.vars[v])) enters = &t;
      if (enters) carriedTickets.push_back({v, *off, region, gridWide && enters->gridWide});
    }
    takeSide();  // the addresses were defined at the loop's entry already
    st = saved;
  }
  // kind: 0-8 and 20 relate v to its entry value (below); 30-36 are ring
  // templates that give v as a function of the iteration counter k (S: the
  // modulus, partner: the index variable whose entry value offsets k).
  struct Cand {
    int var;
    int kind;
    uint64_t S = 0;
    int partner = -1;
  };
  std::vector<Cand> cands;
  VarSet carried = carriedVars(s);
  // Kind 8: v <=u K, K the largest small constant the loop's assignments to
  // v mention (`pout = 1 - pout` keeps a buffer index in 0..1).
  std::map<int, uint64_t> smallBound;
  for (const model::StmtRef *part : {&s.body, &s.step})
    model::forEachStmt(**part, [&](const Stmt &x) {
      if (x.kind != Stmt::Kind::Assign || !x.value) return;
      std::function<void(const model::Expr &)> consts = [&](const model::Expr &e) {
        if (e.kind == model::Expr::Kind::Const && e.value <= (1u << 16)) {
          uint64_t &b = smallBound[x.var];
          b = std::max(b, e.value);
        }
        for (auto &a : e.args) consts(*a);
      };
      consts(*x.value);
    });
  for (int v : modified) {
    if (closed.count(v) || !carried.count(v)) continue;
    unsigned w = ck.k.vars[v].width;
    if (w == 1) { cands.push_back({v, 20}); continue; }
    for (int kind = 0; kind < 8; ++kind) cands.push_back({v, kind});
    if (auto it = smallBound.find(v); it != smallBound.end() && it->second > 0 && (w >= 64 || it->second < (1ull << w)))
      cands.push_back({v, 8});
  }
  // Ring templates: variables every assignment of which in the loop reads no
  // variable but itself (a ring index `if (++i == S) i = 0`, a phase bit
  // `p ^= 1`, a phase count), with the moduli the constants of those
  // assignments and of the conditions that test them suggest. Each template
  // gives v at the head of iteration k from the entry values (computed in
  // 128 bits: k + 1 never wraps); Houdini keeps those that hold at k = 0 and
  // are preserved by an iteration, and then v *is* that function of k.
  {
    std::set<int> selfOnly(modified.begin(), modified.end());
    std::map<int, VarSet> reads;  // the other variables a variable's assignments read
    std::map<int, std::set<uint64_t>> mods;
    std::function<void(const model::Expr &, std::set<uint64_t> &)> consts = [&](const model::Expr &e,
                                                                                std::set<uint64_t> &out) {
      if (e.kind == model::Expr::Kind::Const && e.value >= 1 && e.value <= 4096) out.insert(e.value);
      for (auto &a : e.args) consts(*a, out);
    };
    for (const model::StmtRef *part : {&s.body, &s.step})
      model::forEachStmt(**part, [&](const Stmt &x) {
        if ((x.kind == Stmt::Kind::Access || x.kind == Stmt::Kind::Await) && x.resultVar >= 0) selfOnly.erase(x.resultVar);
        if (x.kind == Stmt::Kind::Assign && x.value) {
          VarSet vs;
          exprVars(x.value, vs);
          vs.erase(x.var);
          if (mentionsVars(x.value, {})) vs.insert(-1);  // (a load or another unknown value)
          if (!vs.empty()) selfOnly.erase(x.var);
          reads[x.var].insert(vs.begin(), vs.end());
          consts(*x.value, mods[x.var]);
        }
        if (x.kind == Stmt::Kind::If && x.cond) {
          VarSet vs;
          exprVars(x.cond, vs);
          for (int v : vs) consts(*x.cond, mods[v]);
        }
      });
    // `i == S - 1 ? 0 : i + 1` names S - 1: S is a candidate too.
    for (auto &[v, m] : mods) {
      std::set<uint64_t> plus;
      for (uint64_t c0 : m) plus.insert(c0 + 1);
      m.insert(plus.begin(), plus.end());
    }
    std::vector<int> ringVars, phaseVars;
    for (int v : selfOnly)
      if (!closed.count(v) && carried.count(v) && ck.k.vars[v].width <= 64) ringVars.push_back(v);
    // A phase bit or count may also read ring indices (`phase ^= stage == 0`).
    for (int v : modified) {
      if (closed.count(v) || !carried.count(v) || ck.k.vars[v].width > 64 || selfOnly.count(v)) continue;
      bool ok = reads.count(v) > 0;
      for (int r : reads[v]) ok = ok && selfOnly.count(r) && ck.k.vars[r].width > 1;
      if (ok) phaseVars.push_back(v);
    }
    std::vector<Cand> ring;
    // The phase bits and counts of v tied to each other ring index.
    auto tiedToIndex = [&](int v) {
      for (int idx : ringVars) {
        if (idx == v || ck.k.vars[idx].width == 1) continue;
        for (uint64_t S : mods[idx])
          if (S >= 2)
            for (int kind : {32, 33, 34, 35})
              if (kind < 34 || ck.k.vars[v].width > 1) ring.push_back({v, kind, S, idx});
      }
    };
    for (int p : phaseVars) tiedToIndex(p);
    for (int i : ringVars) {
      if (ck.k.vars[i].width > 1)
        for (uint64_t S : mods[i])
          if (S >= 2) {
            ring.push_back({i, 30, S, -1});
            ring.push_back({i, 31, S, -1});
          }
      // A phase bit that flips on every iteration, a value toggled by
      // `v = c - v`.
      ring.push_back({i, 32, 1, -1});
      if (ck.k.vars[i].width > 1)
        for (uint64_t c : mods[i]) ring.push_back({i, 36, c, -1});
      tiedToIndex(i);
    }
    if (ring.size() <= 96) cands.insert(cands.end(), ring.begin(), ring.end());
  }
  // The value a ring template gives at iteration K (128 bits), in v's sort.
  auto ringValue = [&](const Cand &cd, const z3::expr &K) -> z3::expr {
    unsigned w = ck.k.vars[cd.var].width;
    auto wide = [&](int var) {
      unsigned wv = ck.k.vars[var].width;
      return z3::zext(toBv(entry.vars[var], wv), 128 - wv);
    };
    z3::expr v0 = wide(cd.var);
    z3::expr i0 = cd.partner >= 0 ? wide(cd.partner) : c.bv_val(0, 128);
    z3::expr S = c.bv_val(cd.S, 128), one = c.bv_val(1, 128), zero = c.bv_val(0, 128);
    z3::expr first = K == zero;
    z3::expr r(c);
    switch (cd.kind) {
    case 30: r = z3::urem(K + v0, S); break;
    case 31: r = z3::ite(first, v0, z3::urem(K - one + v0, S) + one); break;
    case 32: r = v0 ^ (z3::udiv(K + i0, S) & one); break;
    case 33: r = z3::ite(first, v0, v0 ^ (z3::udiv(K - one + i0, S) & one)); break;
    case 34: r = v0 + z3::udiv(K + i0, S); break;
    case 35: r = z3::ite(first, v0, v0 + z3::udiv(K - one + i0, S)); break;
    default: r = z3::ite((K & one) == zero, v0, S - v0); break;  // 36
    }
    z3::expr low = r.extract(w - 1, 0);
    return w == 1 ? low == c.bv_val(1, 1) : low;
  };
  auto candExpr = [&](const Cand &cd, const z3::expr &val, const z3::expr &init, const z3::expr &K) -> z3::expr {
    unsigned w = ck.k.vars[cd.var].width;
    if (cd.kind >= 30) return (w == 1 ? val : toBv(val, w)) == ringValue(cd, K);
    switch (cd.kind) {
    case 0: return val <= init;
    case 1: return val >= init;
    case 2: return z3::ule(val, init);
    case 3: return z3::uge(val, init);
    case 4: return val >= c.bv_val(0, w);
    case 5: return val > c.bv_val(0, w);
    case 6: return (val & (val - c.bv_val(1, w))) == c.bv_val(0, w);
    case 7: return val == init;
    case 8: {
      uint64_t b = smallBound.at(cd.var);
      return z3::ule(val, c.bv_val(b, w));
    }
    case 20: return val == init;
    }
    return c.bool_val(true);
  };

  // Builds the state at the start of an arbitrary iteration.
  // (With kGiven, the closed forms are taken at that iteration number.)
  // Loads inside the loop: their values belong to another iteration, unless
  // the address is the same in every iteration (no variable the loop
  // modifies, no other load, in the offset) and the memory holds one value
  // for the whole run (read-only global memory, shared memory stable after
  // its barrier; not the equality abstraction's, which holds only within an
  // interval): then the value read before the loop is the one (`for (i = 0;
  // i < n; i++)` re-reads `n` in its step).
  std::set<int> loadsInLoop, addressVaries;
  for (const model::StmtRef *part : {&s.body, &s.step})
    model::forEachStmt(**part, [&](const Stmt &x) {
      if (x.kind != Stmt::Kind::Access || x.loadedHavoc < 0) return;
      loadsInLoop.insert(x.loadedHavoc);
      bool constant = ck.uniformLoads.count(x.loadedHavoc) || ck.stableSharedLoads.count(x.loadedHavoc);
      if (!constant || !x.offset || mentionsVars(x.offset, modified)) addressVaries.insert(x.loadedHavoc);
    });
  // The equality abstraction's loads at an address the loop does not change
  // (`while (!done)`): at the head of the arbitrary iteration the pair, in
  // the same iteration and interval, read one value there, fresh for the
  // iteration (Executor::readOnlyLoad, replayed in order).
  std::map<int, const Stmt *> equalAtHead;
  std::set<int> equalVaries;
  if (share && shareIter)
    for (const model::StmtRef *part : {&s.body, &s.step})
      model::forEachStmt(**part, [&](const Stmt &x) {
        if (x.kind != Stmt::Kind::Access || x.loadedHavoc < 0 || !ck.equalityLoads.count(x.loadedHavoc)) return;
        auto [it, first] = equalAtHead.emplace(x.loadedHavoc, &x);
        if (!x.offset || mentionsVars(x.offset, modified) || (!first && it->second->offset != x.offset))
          equalVaries.insert(x.loadedHavoc);
      });
  for (int id : equalVaries) equalAtHead.erase(id);
  for (auto it = loadsInLoop.begin(); it != loadsInLoop.end();) it = addressVaries.count(*it) ? std::next(it) : loadsInLoop.erase(it);
  auto iterationState = [&](const std::vector<bool> &alive, z3::expr &assumption, const z3::expr *kGiven = nullptr,
                            z3::expr *kOut = nullptr, z3::expr *closedOut = nullptr) -> State {
    State h = entry;
    for (int id : loadsInLoop) h.loads.erase(id);
    if (!equalAtHead.empty()) {
      State saved = st;
      st = entry;
      for (auto &[id, x] : equalAtHead) {
        z3::expr off = enc(x->offset);
        h.loads.insert_or_assign(id, readOnlyLoad(*x, off));
      }
      takeSide();  // the offsets were defined at the loop's entry already
      st = saved;
    }
    std::string prefix = "L" + std::to_string(loopKey);
    z3::expr kIter = kGiven ? *kGiven : fresh(prefix + ".K32.k", 64, shareIter);
    if (kOut) *kOut = kIter;
    assumption = c.bool_val(true);
    for (int v : modified) {
      unsigned w = ck.k.vars[v].width;
      bool sharedVar = shareIter && !varyingSet.count(v);
      auto it = closed.find(v);
      if (it == closed.end()) {
        h.vars[v] = fresh(prefix + "." + ck.k.vars[v].name, w, sharedVar);
        continue;
      }
      // Closed form in the iteration counter k.
      const ClosedForm &cf = it->second;
      st = entry;  // amounts are loop-invariant: evaluate in the entry state
      z3::expr amt = toBv(enc(cf.amount), w);
      z3::expr v0 = toBv(entry.vars[v], w);
      z3::expr kw = w >= 64 ? kIter : kIter.extract(w - 1, 0);
      switch (cf.kind) {
      case ClosedForm::Add:
      case ClosedForm::Sub: {
        h.vars[v] = cf.kind == ClosedForm::Add ? v0 + kw * amt : v0 - kw * amt;
        if (cf.nsw && w == 32) {
          // Signed overflow is undefined: the iteration exists only if the
          // exact value fits (and then k < 2^32). The value is taken from the
          // exact 64-bit form, whose product cannot wrap: that lets the
          // multiplication abstraction relate iterations of two threads.
          z3::expr exact = cf.kind == ClosedForm::Add ? z3::sext(v0, 32) + kIter * z3::sext(amt, 32)
                                                       : z3::sext(v0, 32) - kIter * z3::sext(amt, 32);
          z3::expr fits = z3::ult(kIter, c.bv_val((uint64_t)1 << 32, 64)) &&
                          exact >= c.bv_val((uint64_t)(int64_t)INT32_MIN, 64) &&
                          exact <= c.bv_val((uint64_t)INT32_MAX, 64);
          assumption = assumption && fits;
          if (closedOut) *closedOut = *closedOut && fits;
          h.vars[v] = exact.extract(31, 0);
        }
        break;
      }
      default: {
        z3::expr a64 = z3::zext(amt, 64 - w);
        z3::expr total = kIter * a64;
        z3::expr big = z3::uge(kIter, c.bv_val(64, 64)) || z3::uge(total, c.bv_val(w, 64));
        z3::expr shamt = total.extract(w - 1, 0);
        z3::expr sat = cf.kind == ClosedForm::AShr ? z3::ashr(v0, c.bv_val(w - 1, w)) : c.bv_val(0, w);
        z3::expr val = cf.kind == ClosedForm::Shl ? z3::shl(v0, shamt)
                       : cf.kind == ClosedForm::LShr ? z3::lshr(v0, shamt) : z3::ashr(v0, shamt);
        h.vars[v] = z3::ite(big, sat, val);
        break;
      }
      }
    }
    if (stepBound.var >= 0) {
      int v = stepBound.var;
      unsigned w = ck.k.vars[v].width;
      st = entry;  // the bound and the step are loop-invariant
      auto savedSide = sideConds;
      auto savedOblig = obligConds;
      bool savedDivision = obligDivision;
      z3::expr nw = toBv(enc(stepBound.bound), w);
      z3::expr n64 = z3::zext(nw, 64 - w);
      z3::expr s64 = z3::zext(toBv(enc(closed.at(v).amount), w), 64 - w);
      z3::expr v0 = toBv(entry.vars[v], w);
      z3::expr zero = c.bv_val(0, 64);
      z3::expr fits(c), exact(c);
      if (!stepBound.down) {
        // The largest value the counter can take without wrapping, plus one.
        uint64_t top = stepBound.isSigned ? (uint64_t)1 << (w - 1) : (uint64_t)1 << w;
        z3::expr limit = stepBound.inclusive ? n64 + s64 + c.bv_val(1, 64) : n64 + s64;
        z3::expr premise = z3::ule(limit, c.bv_val(top, 64));
        if (stepBound.isSigned) premise = premise && v0 >= c.bv_val(0, w) && nw > c.bv_val(0, w);
        exact = z3::zext(v0, 64 - w) + kIter * s64;
        fits = !premise || kIter == zero || s64 == zero ||
               (z3::ult(kIter, c.bv_val((uint64_t)1 << w, 64)) && z3::ult(exact, limit));
      } else {
        // Counting down: values as 64-bit integers (below 2^34 in
        // magnitude); the smallest exact value an iteration can have.
        z3::expr V0 = stepBound.isSigned ? z3::sext(v0, 64 - w) : z3::zext(v0, 64 - w);
        z3::expr lowerVal(c), premise(c);
        if (stepBound.boundAbove) {
          lowerVal = zero - s64;
          z3::expr limit = stepBound.inclusive ? n64 + s64 + c.bv_val(1, 64) : n64 + s64;
          premise = z3::ule(limit, c.bv_val((uint64_t)1 << w, 64));
        } else {
          z3::expr N = stepBound.isSigned ? z3::sext(nw, 64 - w) : n64;
          lowerVal = stepBound.inclusive ? N - s64 : N - s64 + c.bv_val(1, 64);
          z3::expr lowest = stepBound.isSigned ? c.bv_val((uint64_t)(-((int64_t)1 << (w - 1))), 64) : zero;
          premise = lowerVal >= lowest;
        }
        exact = V0 - kIter * s64;
        fits = !premise || kIter == zero || s64 == zero ||
               (z3::ult(kIter, c.bv_val((uint64_t)1 << w, 64)) &&
                z3::ult(kIter * s64, c.bv_val((uint64_t)1 << (w + 1), 64)) && exact >= lowerVal);
      }
      sideConds = savedSide;  // (the bound and the step were defined at the loop's entry already)
      obligConds = savedOblig;
      obligDivision = savedDivision;
      assumption = assumption && fits;
      if (closedOut) *closedOut = *closedOut && fits;
      // The same value modulo 2^w, in a form that relates iterations of two threads.
      h.vars[v] = exact.extract(w - 1, 0);
    }
    // A ring template that holds defines the variable: v is that function
    // of k (further templates of v are assumed).
    z3::expr K = z3::zext(kIter, 64);
    std::set<int> defined;
    for (size_t i = 0; i < cands.size(); ++i)
      if (alive[i] && cands[i].kind >= 30 && defined.insert(cands[i].var).second)
        h.vars[cands[i].var] = ringValue(cands[i], K);
    for (size_t i = 0; i < cands.size(); ++i)
      if (alive[i]) {
        z3::expr init = toBv(entry.vars[cands[i].var], ck.k.vars[cands[i].var].width);
        z3::expr val = toBv(h.vars[cands[i].var], ck.k.vars[cands[i].var].width);
        if (ck.k.vars[cands[i].var].width == 1) { init = entry.vars[cands[i].var]; val = h.vars[cands[i].var]; }
        assumption = assumption && candExpr(cands[i], val, init, K);
      }
    return h;
  };

  // Is there an iteration before k (or up to k) whose test fails? Asked
  // only of a test that is a closed form of the counter and the entry state
  // (a test on a value the abstraction leaves free fails anywhere).
  auto earlierFailure = [&](const std::vector<bool> &alive, const z3::expr &k, bool upToK, uint64_t lo, bool exitIter) {
    if (!recording || stopRun || monotoneTest) return;
    State saved = st;
    // Its constants carry a tag of their own and leave the numbering of
    // the others as it was: the queries of the checks see the same names
    // with or without it.
    int freshBefore = nextFresh;
    freshTag = "e" + std::to_string(earlyChecks++) + ".";
    std::string prefix = "L" + std::to_string(loopKey);
    z3::expr jb = fresh(prefix + ".K32.j", 64, false);
    z3::expr bAssume(c);
    State b = iterationState(alive, bAssume, &jb);
    st = b;
    z3::expr condB = enc(s.cond);
    z3::expr side = takeSide();
    st = saved;
    std::string tag = "#" + freshTag;
    freshTag.clear();
    nextFresh = freshBefore;
    // The constants this check made (the counter, the values at iteration
    // j) that `e` names.
    auto ownConstants = [&](const z3::expr &e) {
      std::vector<z3::expr> own;
      std::set<unsigned> seen;
      forEachConstant(e, seen, [&](const z3::expr &x) {
        if (x.decl().name().str().find(tag) != std::string::npos) own.push_back(x);
      });
      return own;
    };
    for (const z3::expr &x : ownConstants(condB))
      if (!z3::eq(x, jb)) return;  // (a test on a value the abstraction leaves free)
    z3::expr range = z3::uge(jb, c.bv_val(lo, 64)) && (upToK ? z3::ule(jb, k) : z3::ult(jb, k));
    z3::expr early = range && bAssume && side && !condB;
    iterChecks.push_back({k, early, ownConstants(early), &s, exitIter});
  };

  // Houdini: drop candidates that do not hold initially or are not preserved.
  // One query per batch: is some live candidate false? A model refutes every
  // candidate it falsifies; repeat until no candidate is refuted (the same
  // fixed point as one query per candidate, with far fewer queries). Without
  // a model (the solver gave up) each candidate is asked alone; an undecided
  // candidate is dropped, which is sound.
  auto refuted = [&](const z3::expr &base, const std::vector<z3::expr> &holds) {
    std::vector<bool> out(holds.size(), false);
    std::vector<bool> open(holds.size(), true);
    for (;;) {
      z3::expr all = c.bool_val(true);
      bool any = false;
      for (size_t j = 0; j < holds.size(); ++j)
        if (open[j]) { all = all && holds[j]; any = true; }
      if (!any) break;
      z3::check_result r = ck.check(base && !all);
      if (r == z3::unsat) break;
      bool progressed = false;
      if (r == z3::sat && ck.lastModel)
        for (size_t j = 0; j < holds.size(); ++j)
          if (open[j] && ck.lastModel->eval(holds[j], true).is_false()) {
            out[j] = true;
            open[j] = false;
            progressed = true;
          }
      if (progressed) continue;
      for (size_t j = 0; j < holds.size(); ++j)
        if (open[j] && ck.check(base && !holds[j]) != z3::unsat) out[j] = true;
      break;
    }
    return out;
  };
  // A loop runs again in every Houdini round of the loops around it, each
  // time from a weaker entry state: start from the candidates that survived
  // its previous run (any inductive subset is sound; the rounds below
  // re-check it, so a start that is too strong only costs rounds).
  std::vector<bool> alive(cands.size(), true);
  auto previous = houdiniSurvivors.find(s.id);
  if (previous != houdiniSurvivors.end() && previous->second.size() == cands.size()) alive = previous->second;
  if (!cands.empty()) {
    // Initially: every candidate relates v to its own entry value, so only
    // the sign, power-of-two and bound candidates (4, 5, 6, 8) can fail here.
    std::vector<size_t> idx;
    std::vector<z3::expr> holds;
    for (size_t i = 0; i < cands.size(); ++i)
      if (alive[i] && ((cands[i].kind >= 4 && cands[i].kind <= 6) || cands[i].kind == 8 || cands[i].kind >= 30)) {
        z3::expr init = entry.vars[cands[i].var];
        idx.push_back(i);
        holds.push_back(candExpr(cands[i], init, init, c.bv_val(0, 128)));
      }
    if (!idx.empty()) {
      z3::expr base = ck.launchConstraints() && ck.threadConstraints(t) && assumed && entry.pc;
      std::vector<bool> drop = decideAll(idx.size(), [&] { return refuted(base, holds); });
      for (size_t j = 0; j < idx.size(); ++j)
        if (drop[j]) alive[idx[j]] = false;
    }
    bool savedRec = recording;
    auto savedExits = pendingExits;
    z3::expr savedAssumed = assumed;
    z3::expr savedWitness = witness;
    recording = false;
    for (int round = 0; round < 16; ++round) {
      if (houdiniTrace) {  // SYNCPROOF_HOUDINI=1: one line per round (tuning aid)
        size_t na = 0; for (bool a : alive) na += a;
        fprintf(stderr, "houdini loop line %u depth %d round %d cands %zu alive %zu modified %zu carried %zu queries %u work %.0f solver %.1f\n",
                s.loc.line, loopDepth, round, cands.size(), na, modified.size(), carried.size(), ck.queries, ck.workUsed, ck.solverSeconds);
      }
      z3::expr assume(c);
      z3::expr kRound(c);
      State h = iterationState(alive, assume, nullptr, &kRound);
      z3::expr condH = c.bool_val(true);
      st = h;
      if (s.testFirst) condH = enc(s.cond);
      assumed = savedAssumed && z3::implies(entry.pc, assume && takeSide());
      h.pc = entry.pc && condH;
      State end(c);
      runBody(s, h, false, end);
      std::vector<size_t> live;
      std::vector<z3::expr> holdsEnd;
      for (size_t i = 0; i < cands.size(); ++i) {
        if (!alive[i]) continue;
        unsigned w = ck.k.vars[cands[i].var].width;
        z3::expr init = w == 1 ? entry.vars[cands[i].var] : toBv(entry.vars[cands[i].var], w);
        z3::expr val = w == 1 ? end.vars[cands[i].var] : toBv(end.vars[cands[i].var], w);
        live.push_back(i);
        holdsEnd.push_back(candExpr(cands[i], val, init, z3::zext(kRound, 64) + c.bv_val(1, 128)));
      }
      if (live.empty()) break;
      z3::expr base = ck.launchConstraints() && ck.threadConstraints(t) && assumed && witness && end.pc;
      std::vector<bool> drop = decideAll(live.size(), [&] { return refuted(base, holdsEnd); });
      bool changed = false;
      for (size_t j = 0; j < live.size(); ++j)
        if (drop[j]) { alive[live[j]] = false; changed = true; }
      if (!changed) break;
    }
    pendingExits = savedExits;
    assumed = savedAssumed;
    witness = savedWitness;
    recording = savedRec;
    houdiniSurvivors[s.id] = alive;
  }

  std::vector<State> exits;
  z3::expr c0 = c.bool_val(true);
  // The loop is skipped: its condition fails at entry.
  if (s.testFirst) {
    st = entry;
    c0 = enc(s.cond);
    curStmt = &s;  // (the loop's condition)
    assumed = assumed && z3::implies(entry.pc, takeSide(&entry.pc));
    State skip = entry;
    skip.pc = entry.pc && !c0;
    exits.push_back(skip);
    if (barrierLoop) {
      // Entry continuation: from the loop head to the first barrier.
      State first = entry;
      first.pc = entry.pc && c0;
      State end(c);
      runBody(s, first, true, end, blockBar);
    }
  } else if (barrierLoop) {
    State end(c);
    runBody(s, entry, true, end, blockBar);
  }

  if (stopRun && barrierLoop && stopAtBlockBarrier && !blockBar) {
    // A continuation run of an outer loop with block barriers goes on to
    // its first block barrier; a loop with only warp barriers on the way
    // is not followed through its iterations here.
    if (recording)
      unknowns.push_back({&s, "a loop with __syncwarp (and no block barrier) before the first block barrier of the "
                              "loop around it is not modelled in this version", st.pc});
  }
  if (stopRun && barrierLoop) {
    // In a continuation run, entering this loop reaches a barrier in its
    // first iteration; only the skip path continues.
    st = exits.empty() ? entry : exits[0];
    if (!s.testFirst) st.pc = c.bool_val(false);
    return;
  }

  // An arbitrary iteration.
  z3::expr assume(c);
  z3::expr kIter(c);
  z3::expr closedAssume = c.bool_val(true);
  State h = iterationState(alive, assume, nullptr, &kIter, &closedAssume);
  st = h;
  z3::expr condH = s.testFirst ? enc(s.cond) : c.bool_val(true);
  z3::expr atH = entry.pc && assume;
  curStmt = &s;  // (the loop's condition)
  assumed = assumed && z3::implies(entry.pc, assume && takeSide(&atH));
  z3::expr reached = c.bool_val(true);
  if (s.testFirst && !closed.empty()) {
    // Iteration k > 0 runs only if the loop was entered and the test before
    // iteration k-1 passed; closed forms give that state exactly.
    st = entry;
    z3::expr c0 = enc(s.cond);
    z3::expr prevAssume(c);
    z3::expr kPrev = kIter - c.bv_val(1, 64);
    State prev = iterationState(alive, prevAssume, &kPrev);
    st = prev;
    z3::expr condPrev = enc(s.cond);
    z3::expr notFirst = kIter != c.bv_val(0, 64);
    z3::expr atPrev = entry.pc && notFirst && prevAssume;
    curStmt = &s;  // (the loop's condition)
    assumed = assumed && z3::implies(entry.pc && notFirst, prevAssume && takeSide(&atPrev));
    reached = c0 && z3::implies(notFirst, condPrev);
    // A shift by a constant saturates (to 0, or -1) once k * amount reaches
    // the width, and a test can pass again on the saturated value
    // (`for (s = 1; s < n; s *= 2)`: s is 0 from iteration 32 on). Iteration
    // k > j ran iteration j, so the test passed there too: asked at the last
    // iteration j before each shift saturates.
    std::set<uint64_t> lastBeforeSaturation;
    for (auto &[v, cf] : closed)
      if ((cf.kind == ClosedForm::Shl || cf.kind == ClosedForm::LShr || cf.kind == ClosedForm::AShr) && cf.amount &&
          cf.amount->isConst() && cf.amount->value > 0 && cf.amount->value < 64)
        lastBeforeSaturation.insert((ck.k.vars[v].width - 1) / cf.amount->value);
    for (uint64_t j : lastBeforeSaturation) {
      st = entry;
      z3::expr jAssume(c);
      z3::expr kj = c.bv_val(j, 64);
      State atJ = iterationState(alive, jAssume, &kj);
      st = atJ;
      z3::expr condJ = enc(s.cond);
      z3::expr later = z3::ugt(kIter, kj);
      z3::expr atJpc = entry.pc && later && jAssume;
      curStmt = &s;  // (the loop's condition)
      assumed = assumed && z3::implies(entry.pc && later, jAssume && takeSide(&atJpc));
      reached = reached && z3::implies(later, condJ);
    }
  }
  h.pc = entry.pc && condH && reached;
  if (!closed.empty()) earlierFailure(alive, kIter, true, s.testFirst ? 0 : 1, false);
  if (recording && !stopRun)
    for (const CarriedTicket &t : carriedTickets)
      tickets.push_back({h.vars[t.var], t.off, entry.pc, t.region, t.gridWide});
  if (barrierLoop) {
    if (blockBar) h.bseg.clear();
    if (gridBar) h.gseg.clear();
    h.wseg.clear();
    if (recording && !stopRun && s.testFirst && (share ? blockBar : gridShared))
      loopConds.push_back({&s, condH, entry.pc});
  }
  if (recording && !stopRun)
    loopIters.insert_or_assign(s.id, LoopIter{kIter, condH, closedAssume, hasExitOutside(s) || !s.testFirst, h.pc});
  if (recording && !stopRun) loopIters.at(s.id).reach = entry.pc;
  State end(c);
  iterStack.push_back(kIter);
  int savedHead = headSeg;
  if (blockBar) headSeg = nextSeg++;
  std::map<int, size_t> exitsAtBody;
  for (auto &[label, v] : pendingExits) exitsAtBody[label] = v.size();
  runBody(s, h, false, end);
  // The paths that leave the loop during this iteration (not `continue`).
  z3::expr leaves = c.bool_val(false);
  for (auto &[label, v] : pendingExits) {
    if (label == s.body->label) continue;
    for (size_t i = exitsAtBody.count(label) ? exitsAtBody[label] : 0; i < v.size(); ++i) leaves = leaves || v[i].pc;
  }
  headSeg = savedHead;
  iterStack.pop_back();
  if (recording && !stopRun) {
    LoopIter &li = loopIters.at(s.id);
    li.loop = &s;
    li.blockBar = blockBar;
    li.endSegs = end.bseg;
  }
  st = end;
  z3::expr condE = enc(s.cond);
  curStmt = &s;  // (the loop's condition)
  assumed = assumed && z3::implies(end.pc, takeSide(&end.pc));
  if (barrierLoop && recording && !stopRun && !s.testFirst && (share ? blockBar : gridShared))
    loopConds.push_back({&s, condE, end.pc});
  if (recording && !stopRun && (share ? blockBar : gridShared)) loopExits.push_back({&s, leaves, end.pc && condE});
  if (barrierLoop) {
    // Wrap continuation: from the end of this iteration into the next one,
    // up to its first barrier.
    State wrap = end;
    wrap.pc = end.pc && condE;
    State wend(c);
    iterStack.push_back(kIter);
    runBody(s, wrap, true, wend, blockBar);
    iterStack.pop_back();
  }
  State exitState = end;
  exitState.pc = end.pc && !condE;
  if (!hasExitOutside(s)) {
    // The loop leaves only through its condition: the exit state is an
    // iteration state X (iteration kx) whose test fails while the test before
    // it passed. The values after the loop are X's, exact for closed forms
    // and independent of the arbitrary iteration H. Events after the loop
    // require that such an X exists (the witness); control does not, so a
    // thread is never made to "skip" what follows by an unlucky choice.
    std::string prefix = "L" + std::to_string(loopKey);
    z3::expr kx = fresh(prefix + ".K32.kx", 64, shareIter);
    z3::expr kxPrev = kx - c.bv_val(1, 64);
    z3::expr xAssume(c), pAssume(c);
    State X = iterationState(alive, xAssume, &kx);
    st = X;
    z3::expr condX = enc(s.cond);
    State P = iterationState(alive, pAssume, &kxPrev);
    st = P;
    z3::expr condP = enc(s.cond);
    z3::expr one = c.bv_val(1, 64);
    z3::expr exitOk = z3::uge(kx, one) && xAssume && !condX && takeSide() &&
                      (s.testFirst ? (pAssume && condP) : (kx == one || (pAssume && condP)));
    z3::expr entered = entry.pc && c0;
    witness = witness && z3::implies(entered, exitOk);
    earlierFailure(alive, kx, false, s.testFirst ? 0 : 1, true);
    // Segments opened in the loop stay current only if H was the last
    // iteration (a loop without barriers opens none: below).
    for (auto *segs : {&exitState.bseg, &exitState.wseg, &exitState.gseg})
      for (auto &[key, g] : *segs) g = g && end.pc && !condE;
    exitState.vars = X.vars;
    exitState.loads = X.loads;
    exitState.pc = entered;
  }
  exits.push_back(exitState);

  st = State(c);
  st.pc = c.bool_val(false);
  st.vars = entry.vars;
  for (auto &e : exits) mergeInto(st, e);
  if (!hasExitOutside(s) && !entry.pc.is_false()) {
    // Skipped (test fails at entry) or left through the test. The merge
    // above is "entry and not c0, or entry and c0", which names the first
    // test's value (a spin-wait's: a value the thread read): values merge on
    // c0 alone. A loop without barriers opens no interval: the intervals
    // after it are those at entry, free of the iterations' values. (The path
    // itself is set below.)
    if (s.testFirst && exits.size() == 2) {
      const State &skip = exits[0], &left = exits[1];
      for (size_t i = 0; i < st.vars.size(); ++i)
        st.vars[i] = z3::eq(skip.vars[i], left.vars[i]) ? skip.vars[i] : z3::ite(c0, left.vars[i], skip.vars[i]);
    }
    if (!barrierLoop && !gridBar) {
      st.bseg = entry.bseg;
      st.wseg = entry.wseg;
      st.gseg = entry.gseg;
    }
  }
  // Every thread that enters the loop leaves it (termination is not proved),
  // except through an exit to a label outside it (a return). The values
  // above depend on which iteration the arbitrary state H is; the control
  // condition must not, or a thread could be made to "skip" what follows.
  z3::expr escaped = c.bool_val(false);
  for (auto &[label, v] : pendingExits) {
    if (label == s.breakLabel) continue;
    size_t from = exitsBefore.count(label) ? exitsBefore[label] : 0;
    for (size_t i = from; i < v.size(); ++i) escaped = escaped || v[i].pc;
  }
  st.pc = entry.pc && !escaped;
}

void Executor::run() {
  const model::Kernel &k = ck.k;
  st.vars.clear();
  for (size_t i = 0; i < k.vars.size(); ++i)
    st.vars.push_back(fresh("init." + k.vars[i].name, k.vars[i].width, false));
  st.pc = c.bool_val(true);
  int key = nextSeg++;
  st.bseg.emplace(key, c.bool_val(true));
  st.wseg.emplace(key, c.bool_val(true));
  st.gseg.emplace(key, c.bool_val(true));
  exec(*k.body);
  if (replay.recording) replay.recording = false;
}

// ------------------------------------------------------------ uniformity

// Block level: may differ between threads of one block. Grid level: may
// differ between threads of the grid (blockIdx too).
static bool exprVarying(const ExprRef &e, const std::set<int> &varying, bool grid, const std::map<int, ExprRef> &loads) {
  switch (e->kind) {
  case Expr::Kind::Builtin:
    if (grid && (e->builtin == model::Builtin::BlockIdxX || e->builtin == model::Builtin::BlockIdxY ||
                 e->builtin == model::Builtin::BlockIdxZ))
      return true;
    return e->builtin == model::Builtin::ThreadIdxX || e->builtin == model::Builtin::ThreadIdxY ||
           e->builtin == model::Builtin::ThreadIdxZ || e->builtin == model::Builtin::LaneId;
  case Expr::Kind::Havoc: {
    // A load of memory no thread writes: one value per address (the grid's).
    auto it = loads.find(e->id);
    if (it != loads.end()) return exprVarying(it->second, varying, grid, loads);
    return grid || !e->blockUniform;
  }
  case Expr::Kind::Var: return varying.count(e->id) > 0;
  default:
    for (auto &a : e->args)
      if (exprVarying(a, varying, grid, loads)) return true;
    return false;
  }
}

// Returns the labels exited under thread-dependent control.
static std::set<int> walkVarying(const Stmt &s, bool ctrl, std::set<int> &varying, int kernelLabel, bool grid,
                                 const std::map<int, ExprRef> &loads) {
  std::set<int> exits;
  switch (s.kind) {
  case Stmt::Kind::Assign:
    if (ctrl || exprVarying(s.value, varying, grid, loads)) varying.insert(s.var);
    break;
  case Stmt::Kind::Exit:
    if (ctrl && s.label != kernelLabel) exits.insert(s.label);
    break;
  case Stmt::Kind::Access:
  case Stmt::Kind::Await:
  case Stmt::Kind::Mbarrier:
    // The value an atomic or a spin-wait reads differs between threads.
    if (s.resultVar >= 0) varying.insert(s.resultVar);
    break;
  case Stmt::Kind::Block: {
    bool c = ctrl;
    for (auto &child : s.stmts) {
      auto e = walkVarying(*child, c, varying, kernelLabel, grid, loads);
      if (!e.empty()) c = true;  // later statements run only for some threads
      exits.insert(e.begin(), e.end());
    }
    exits.erase(s.label);
    break;
  }
  case Stmt::Kind::If: {
    bool c = ctrl || exprVarying(s.cond, varying, grid, loads);
    auto a = walkVarying(*s.thenS, c, varying, kernelLabel, grid, loads);
    exits.insert(a.begin(), a.end());
    if (s.elseS) {
      auto b = walkVarying(*s.elseS, c, varying, kernelLabel, grid, loads);
      exits.insert(b.begin(), b.end());
    }
    break;
  }
  case Stmt::Kind::Loop: {
    bool c = ctrl || exprVarying(s.cond, varying, grid, loads);
    auto a = walkVarying(*s.body, c, varying, kernelLabel, grid, loads);
    auto b = walkVarying(*s.step, c, varying, kernelLabel, grid, loads);
    a.insert(b.begin(), b.end());
    if (!a.empty() && !c) {
      // A thread-dependent break or return: the trip count may differ.
      walkVarying(*s.body, true, varying, kernelLabel, grid, loads);
      walkVarying(*s.step, true, varying, kernelLabel, grid, loads);
    }
    exits.insert(a.begin(), a.end());
    break;
  }
  default:
    break;
  }
  return exits;
}

// The region a statement writes (-1: none): a plain or atomic write, a
// spin-wait's location (someone writes it), a bulk copy's destination, a
// bulk store's global destination.
static int writtenRegion(const Stmt &s) {
  if ((s.kind == Stmt::Kind::Access && s.access != model::AccessKind::Read) || s.kind == Stmt::Kind::Await)
    return s.region;
  if (s.kind == Stmt::Kind::AsyncCopy) return s.access == model::AccessKind::Write ? s.region : s.srcRegion;
  return -1;
}

// A plain (not volatile, not strong) load of an integer from a region of
// `space`, whose value is a Havoc.
static bool plainLoadIn(const Stmt &s, const model::Kernel &k, model::AddressSpace space) {
  return s.kind == Stmt::Kind::Access && s.access == model::AccessKind::Read && s.loadedHavoc >= 0 && s.region >= 0 &&
         k.regions[s.region].space == space && s.order == model::MemOrder::Plain && !s.isVolatile && s.offset;
}

// Records the load's Havoc and offset. One Havoc loaded by several
// statements (unrolled copies): uniform only when every offset is.
static void addLoad(std::map<int, ExprRef> &loads, const Stmt &s) {
  auto [it, fresh] = loads.emplace(s.loadedHavoc, s.offset);
  if (!fresh && it->second != s.offset) it->second = Expr::binary(model::Op::Add, it->second, s.offset);
}

std::map<int, const Stmt *> Checker::writersByRegion() const {
  std::map<int, const Stmt *> writer;
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    if (int r = writtenRegion(s); r >= 0) writer.emplace(r, &s);
  });
  return writer;
}

void Checker::findReadOnlyLoads() {
  // Distinct pointer parameters do not overlap (the launch assumption), so a
  // global region is read-only when no statement writes it: no plain or
  // atomic write, no bulk copy into it, no bulk store out of shared memory
  // into it. Memory is not written by anyone outside the launch while it runs.
  if (opts.launch.pointersMayAlias) return;
  std::map<int, const Stmt *> written = writersByRegion();
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    if (plainLoadIn(s, k, model::AddressSpace::Global) && !written.count(s.region)) addLoad(uniformLoads, s);
  });
}

void Checker::findUntrackedValues() {
  std::map<int, const Stmt *> written = writersByRegion();
  std::function<void(const ExprRef &)> walk = [&](const ExprRef &e) {
    if (!e) return;
    if (e->kind == Expr::Kind::Havoc && (e->note.rfind("result of", 0) == 0 || e->note.rfind("__activemask", 0) == 0))
      untrackedHavocs.emplace(e->id, e->note);
    else if (e->kind == Expr::Kind::Havoc && e->note.rfind("private value '", 0) == 0)
      untrackedHavocs.emplace(e->id, "the value read from thread-private memory ('" + e->note.substr(15) +
                                         ", not tracked: a local aggregate whose address is taken or whose methods "
                                         "change it)");
    // A condition or value that is not an integer (a floating-point
    // comparison): a fresh value in each thread, although threads that
    // compare the same numbers agree.
    else if (e->kind == Expr::Kind::Havoc &&
             (e->note.rfind("condition '", 0) == 0 || e->note.rfind("value of '", 0) == 0 ||
              e->note == "non-integer value"))
      nonIntegerHavocs.emplace(e->id, "the " + e->note + ", which is not an integer (not computed)");
    for (const ExprRef &a : e->args) walk(a);
  };
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    for (const ExprRef *e : {&s.value, &s.offset, &s.cond, &s.operand, &s.target, &s.txBytes, &s.srcOffset,
                             &s.mbarOffset, &s.barrierId, &s.barrierCount, &s.warpMask, &s.stored})
      walk(*e);
    if (s.kind != Stmt::Kind::Access || s.access != model::AccessKind::Read || s.region < 0) return;
    bool mayBeWritten = written.count(s.region) ||
                        (opts.launch.pointersMayAlias && k.regions[s.region].space == model::AddressSpace::Global);
    if (!mayBeWritten) return;
    std::string what = "the value loaded by '" + s.text + "' (line " + std::to_string(s.loc.line) +
                       "), memory the kernel writes";
    if (s.loadedHavoc >= 0) untrackedHavocs.emplace(s.loadedHavoc, what);
    for (const auto &fl : s.fieldLoads) untrackedHavocs.emplace(fl.havoc, what);
  });
}

void Checker::demoteIfRestsOn(Finding &f, std::initializer_list<const z3::expr *> es, const char *what,
                              bool forRace) const {
  std::string why;
  for (const z3::expr *e : es)
    if (why.empty()) why = restsOn(*e, forRace);
  if (why.empty()) return;
  demoteBecause(f, what, why);
}

void Checker::judgeInputDependence(Finding &f, const z3::expr &query, const Executor &x, const Executor &y,
                                   const z3::expr &offX, const z3::expr &offY) {
  if (!f.confirmed || (x.distinctInputs.empty() && y.distinctInputs.empty() && x.dataAssumed.is_true() &&
                       y.dataAssumed.is_true()))
    return;
  // Defined behaviour: no signed overflow in arithmetic on loaded values,
  // and byte offsets inside some allocation (below 2^48 bytes; a 64-bit
  // index times the element size wraps to a small offset only past that).
  z3::expr defined = definedData(x, y, offX, offY);
  z3::expr distinct = c.bool_val(true);
  std::set<int> regions;
  for (const Executor *e : {&x, &y})
    for (auto &[fact, region] : e->distinctInputs) {
      distinct = distinct && fact;
      regions.insert(region);
    }
  std::unique_ptr<z3::model> kept = std::move(lastModel);
  z3::check_result ub = check(query && defined);
  z3::check_result dup = ub == z3::sat && !regions.empty() ? check(query && defined && distinct) : z3::unknown;
  lastModel = std::move(kept);
  if (ub == z3::unsat) {
    demoteBecause(f, "the conflict",
                  "undefined behaviour: signed overflow in arithmetic on values read from memory, or an offset "
                  "past any allocation");
    return;
  }
  if (dup != z3::unsat) return;
  // A real race for some input, which the message names: the contract
  // leaves the data free, and the host may guarantee what it needs.
  std::string names;
  // (not those the contract already makes distinct: distinct_elements)
  for (int g : regions)
    if (!distinctRegions.count(g)) names += (names.empty() ? "'" : " or '") + k.regions[g].name + "'";
  if (names.empty()) return;
  bool wide = x.wideInputs || y.wideInputs;
  f.message += " (for inputs in which two different elements of " + names + " hold equal values" +
               (wide ? ", or values of 2^32 or more: with distinct values in range" : ": with distinct values") +
               " there is no race)";
}

// Two plain writes that store the same value in every counterexample: a
// data race by the PTX memory model, but one no execution can observe (each
// read sees that value either way). Like GPUVerify's tolerance of benign
// write-write races, reported as possible, not as a violation
// (memory-model.md "Writes of one value").
void Checker::judgeSameValue(Finding &f, const z3::expr &query, const AccessEv &p, const AccessEv &o,
                             const Executor &x, const Executor &y) {
  if (!f.confirmed || !p.stored || !o.stored || p.s->access != model::AccessKind::Write ||
      o.s->access != model::AccessKind::Write || !p.stored->is_bv() || !o.stored->is_bv() ||
      p.stored->get_sort().bv_size() != 8 * p.s->size || o.stored->get_sort().bv_size() != 8 * o.s->size)
    return;
  // Values that rest on something the encoding does not track exactly (a
  // load of memory the kernel writes, which the pair's own race may change;
  // an atomic's result) prove nothing: two lanes of `bins[x]++` read one
  // value in the encoding, but a lane can read the other's store and write
  // a different one. The race then stands as the PTX model has it.
  // A value the encoding names once for both threads (a block's
  // __syncthreads_count result, the lead's broadcast value) is one value in
  // both, whatever it is: it may differ from the real one, not between them.
  if (!restsOn(*p.stored, true, true, true, false).empty() || !restsOn(*o.stored, true, true, true, false).empty())
    return;
  // A value in or after a loop that the loop abstraction stands for (any
  // value its invariants allow): equal values prove it benign, but values
  // that differ only there are not confirmed (the real ones may be equal).
  std::string loopWhy = restsOn(*p.stored, true, true, true);
  if (loopWhy.empty()) loopWhy = restsOn(*o.stored, true, true, true);
  // Do they store different bytes anywhere they overlap? Byte i of p's
  // store lies at p.off + i, which is byte j = p.off + i - o.off of o's
  // store when j < o's size (little-endian: the j-th byte of the value).
  z3::expr differs = c.bool_val(false);
  if (p.off.is_bv() && o.off.is_bv() && p.off.get_sort().bv_size() == 64 && o.off.get_sort().bv_size() == 64) {
    z3::expr ov = z3::zext(*o.stored, 64 - 8 * o.s->size);
    for (unsigned i = 0; i < p.s->size; ++i) {
      z3::expr j = p.off + c.bv_val(i, 64) - o.off;
      z3::expr byteO = z3::lshr(ov, j * c.bv_val(8, 64)).extract(7, 0);
      differs = differs || (z3::ult(j, c.bv_val(o.s->size, 64)) && p.stored->extract(8 * i + 7, 8 * i) != byteO);
    }
  } else if (p.s->size == o.s->size && p.off.is_bv() && o.off.is_bv() &&
             p.off.get_sort().bv_size() == o.off.get_sort().bv_size()) {
    differs = *p.stored != *o.stored || p.off != o.off;
  } else {
    return;  // (offsets that cannot be compared: the values may differ)
  }
  // Read-only memory holds one value per address for the whole launch: two
  // loads of one address by any statements of either thread read it.
  z3::expr sameInputs = c.bool_val(true);
  std::vector<const Executor::InputLoad *> ins;
  for (const Executor *e : {&x, &y})
    for (const Executor::InputLoad &l : e->inputLoads) ins.push_back(&l);
  for (size_t i = 0; i < ins.size(); ++i)
    for (size_t j = i + 1; j < ins.size(); ++j) {
      const Executor::InputLoad *a = ins[i], *b = ins[j];
      if (a->region != b->region || !a->val.is_bv() || !b->val.is_bv() || !a->off.is_bv() || !b->off.is_bv() ||
          a->off.get_sort().bv_size() != b->off.get_sort().bv_size() || z3::eq(a->val, b->val))
        continue;
      unsigned wa = a->val.get_sort().bv_size(), wb = b->val.get_sort().bv_size();
      if (wa == wb) {
        sameInputs = sameInputs && z3::implies(a->off == b->off, a->val == b->val);
        continue;
      }
      // Loads of two widths (whole bytes): the narrow one inside the wide
      // one reads its bytes (little-endian).
      if (wa < wb) std::swap(a, b), std::swap(wa, wb);
      if (wa % 8 || wb % 8 || wa > 64 || a->off.get_sort().bv_size() != 64) continue;
      z3::expr d = b->off - a->off;
      z3::expr inside = z3::ule(b->off, b->off + c.bv_val(wb / 8, 64)) && z3::uge(b->off, a->off) &&
                        z3::ule(d, c.bv_val((wa - wb) / 8, 64));
      z3::expr wide = wa == 64 ? a->val : z3::zext(a->val, 64 - wa);
      sameInputs = sameInputs && z3::implies(inside, z3::lshr(wide, d * c.bv_val(8, 64)).extract(wb - 1, 0) == b->val);
    }
  std::unique_ptr<z3::model> kept = std::move(lastModel);
  z3::check_result differ = check(query && sameInputs && differs);
  lastModel = std::move(kept);
  if (differ != z3::unsat) {
    if (!loopWhy.empty()) demoteBecause(f, "whether the two writes store different values", loopWhy);
    return;
  }
  std::vector<Finding> one{f};
  detail::demoteViolations(one, 0,
                           "both writes store the same value in every execution this counterexample stands for: a "
                           "race by the PTX memory model, which no read can observe (docs/memory-model.md \"Writes "
                           "of one value\")");
  f = one.front();
  f.sameValue = true;
}

z3::expr Checker::definedData(const Executor &x, const Executor &y, const z3::expr &offX, const z3::expr &offY) {
  z3::expr defined = x.dataAssumed && y.dataAssumed;
  for (const z3::expr *off : {&offX, &offY})
    if (off->is_bv() && off->get_sort().bv_size() == 64) defined = defined && z3::ult(*off, c.bv_val((uint64_t)1 << 48, 64));
  return defined;
}

bool Checker::holdsForEveryLoadedValue(const z3::expr &query, const z3::expr &base) {
  if (!lastModel) return false;
  // Every constant of the query but the loads of written memory, fixed to
  // its value in the counterexample.
  z3::expr_vector from(c), to(c);
  std::set<unsigned> seen;
  auto fix = [&](const z3::expr &x) {
    if (restsOn(x, true, true).empty() || !restsOn(x, true, false).empty()) {
      from.push_back(x);
      to.push_back(lastModel->eval(x, true));
    }
  };
  forEachConstant(query, seen, fix);
  forEachConstant(base, seen, fix);
  std::unique_ptr<z3::model> kept = std::move(lastModel);
  // Values of the loads that the assumptions allow and that give no race?
  z3::check_result escape = check(z3::expr(base).substitute(from, to) && !z3::expr(query).substitute(from, to));
  lastModel = std::move(kept);
  return escape == z3::unsat;
}

std::vector<const Executor::IterCheck *> Checker::iterChecksOf(std::initializer_list<const z3::expr *> es,
                                                               const Executor &x, const Executor &y) {
  std::set<unsigned> named;
  std::function<void(const z3::expr &)> collect = [&](const z3::expr &e) {
    if (!named.insert(e.id()).second) return;
    for (unsigned i = 0; e.is_app() && i < e.num_args(); ++i) collect(e.arg(i));
  };
  for (const z3::expr *e : es) collect(*e);
  std::vector<const Executor::IterCheck *> out;
  std::set<unsigned> taken;
  for (const Executor *ex : {&x, &y})
    for (const Executor::IterCheck &ic : ex->iterChecks)
      if (named.count(ic.k.id()) && taken.insert(ic.early.id()).second) out.push_back(&ic);
  return out;
}

std::string Checker::earlierLoopExit(const z3::expr &query, const std::vector<const Executor::IterCheck *> &checks) {
  if (!lastModel || checks.empty()) return "";
  // The constants of the counterexample's query, fixed to their values in
  // it; the check's own counter (and what it alone names) stays free.
  std::set<unsigned> fixed, seen;
  forEachConstant(query, seen, [&](const z3::expr &e) { fixed.insert(e.id()); });
  for (const Executor::IterCheck *ic : checks) {
    z3::expr_vector from(c), to(c);
    std::set<unsigned> inEarly;
    forEachConstant(ic->early, inEarly, [&](const z3::expr &e) {
      if (!fixed.count(e.id())) return;
      from.push_back(e);
      to.push_back(lastModel->eval(e, true));
    });
    uint64_t kv = 0;
    bool known = lastModel->eval(ic->k, true).is_numeral_u64(kv);
    std::unique_ptr<z3::model> kept = std::move(lastModel);
    z3::check_result r = check(z3::expr(ic->early).substitute(from, to));
    lastModel = std::move(kept);
    if (r == z3::unsat) continue;
    std::string at = "line " + std::to_string(ic->loop->loc.line);
    std::string which = known ? (ic->exit ? "leaving it after iteration " : "iteration ") + std::to_string(kv)
                              : std::string(ic->exit ? "an exit iteration" : "an iteration");
    return which + " of the loop at " + at + ", which the loop may not reach: " +
           (r == z3::sat ? "its test fails in an earlier iteration (the counter wraps around), and the "
                           "loop abstraction asks only that the test pass just before"
                         : "whether a test before it fails was not decided");
  }
  return "";
}

std::string Checker::firstIterations(const z3::expr &query, std::initializer_list<const z3::expr *> es,
                                     const Executor &x, const Executor &y) {
  std::vector<const Executor::IterCheck *> checks = iterChecksOf(es, x, y);
  std::string why = earlierLoopExit(query, checks);
  if (why.empty()) return "";
  z3::expr first = c.bool_val(true);
  for (const Executor::IterCheck *ic : checks) {
    if (ic->own.empty()) continue;
    z3::expr_vector bound(c);
    for (const z3::expr &o : ic->own) bound.push_back(o);
    first = first && z3::forall(bound, !ic->early);
  }
  std::unique_ptr<z3::model> kept = std::move(lastModel);
  if (check(query && first) == z3::sat && lastModel) return earlierLoopExit(query, checks);
  lastModel = std::move(kept);
  return why;
}

void Checker::demoteBecause(Finding &f, const char *what, const std::string &why) const {
  f.message = "possible " + f.message + " (not confirmed: " + what + " depends on " + why + ")";
  f.possibleKind = f.kind;
  f.confirmed = false;
  f.kind = FindingKind::Unknown;
  f.keepsViolations = true;  // (it confirms nothing, and it does not demote the others)
}

// A variable's value in or after a loop that is not a closed form of the
// iteration (Executor::execLoopInner: "L<n>.<name>"; the iteration counters
// "L<n>.K32.k" are exact).
static bool loopAbstracted(const std::string &base) {
  if (base.size() < 3 || base[0] != 'L' || !std::isdigit((unsigned char)base[1])) return false;
  size_t dot = base.find('.');
  if (dot == std::string::npos) return false;
  for (size_t i = 1; i < dot; ++i)
    if (!std::isdigit((unsigned char)base[i])) return false;
  return base.compare(dot + 1, 4, "K32.") != 0;
}

std::string Checker::restsOn(const z3::expr &e, bool forRace, bool writtenLoads, bool sharedExact, bool loops) const {
  std::set<unsigned> seen;
  std::string why;
  std::function<void(const z3::expr &)> walk = [&](const z3::expr &x) {
    if (!why.empty() || !seen.insert(x.id()).second) return;
    if (x.is_app() && x.num_args() == 0 && x.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
      std::string n = x.decl().name().str();
      if (sharedExact && n.rfind("U!", 0) == 0) return;
      size_t bang = n.find('!'), hash = n.rfind('#');
      std::string base = bang == std::string::npos ? n : n.substr(bang + 1, hash == std::string::npos ? std::string::npos
                                                                                                     : hash - bang - 1);
      if (base.rfind("read.", 0) == 0)
        why = "the value an atomic or strong load returns into '" + base.substr(5) + "', which is not tracked";
      else if (base.rfind("await.", 0) == 0)
        why = "the value a spin-wait reads into '" + base.substr(6) + "', which is not tracked";
      else if (base.rfind("try_wait.", 0) == 0)
        why = "the result of an mbarrier probe";
      else if (base.rfind("unsupported", 0) == 0)
        why = "an operation that is not modelled";
      // A load of memory the kernel writes read as one value per address
      // (a stable shared load): any value, not the one the kernel stored.
      else if (writtenLoads && base.rfind("load.", 0) == 0 && untrackedHavocs.count(std::atoi(base.c_str() + 5)))
        why = untrackedHavocs.at(std::atoi(base.c_str() + 5));
      else if (forRace && loops && loopAbstracted(base))
        why = "the value of '" + base.substr(base.find('.') + 1) +
              "' in or after a loop that updates it other than by a constant step (the loop abstraction allows "
              "any value its inferred invariants allow)";
      else if (base.size() > 1 && base[0] == 'h' && std::isdigit((unsigned char)base[1])) {
        int id = std::atoi(base.c_str() + 1);
        auto it = untrackedHavocs.find(id);
        if (it != untrackedHavocs.end()) why = it->second + (it->second.rfind("result of", 0) == 0 ? ", not computed" : "");
        // A floating-point condition on the path to an access is any input's:
        // two threads that read different data take it independently (a race
        // stands); it misleads only where threads compare the same numbers
        // and must agree (divergence, loop uniformity, warp masks).
        else if (!forRace && nonIntegerHavocs.count(id)) why = nonIntegerHavocs.at(id);
      }
      return;
    }
    if (x.is_app())
      for (unsigned i = 0; i < x.num_args(); ++i) walk(x.arg(i));
  };
  walk(e);
  return why;
}

// Ticket counters. In the modification order of one location, an atomic add
// of a positive constant returns the value before it and leaves a larger one
// (no wrap); when every write to the location is such an add, the values its
// atomics return strictly increase along that order, so two of them (two
// threads, or two instances of one statement) never return the same value.
// A plain store (a reset, an initialisation), an exchange, a subtraction, a
// bulk copy or any write of another kind breaks that. The returned value
// must be kept at the access's full width (a narrower variable could repeat).
void Checker::findTicketRegions() {
  if (opts.launch.pointersMayAlias) return;
  std::set<int> adds, others;
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    int r = writtenRegion(s);
    if (r < 0) return;
    bool ticket = s.kind == Stmt::Kind::Access && s.access == model::AccessKind::Atomic && s.updateKind == "add" &&
                  s.operand && s.operand->isConst() && s.size >= 4 && s.size <= 8 && s.operand->value > 0 &&
                  s.operand->value < (uint64_t(1) << (8 * s.size - 1)) &&
                  (s.resultVar < 0 || k.vars[s.resultVar].width == 8 * s.size);
    (ticket ? adds : others).insert(r);
  });
  for (int r : adds)
    if (!others.count(r)) ticketRegions.insert(r);
}

z3::expr Checker::ticketsDiffer(const Executor &x, const Executor &y, bool interBlock) {
  z3::expr out = c.bool_val(true);
  for (const Executor::TicketVal &u : x.tickets) {
    // Shared memory is one per block: threads of two blocks count on two
    // counters at the same offset. And a block-scoped atomic
    // (atomicAdd_block) is not atomic with respect to other blocks.
    if (interBlock && (k.regions[u.region].space != model::AddressSpace::Global || !u.gridWide)) continue;
    // A lead's ticket is the whole block's.
    if (!interBlock && u.leadOnly) continue;
    for (const Executor::TicketVal &v : y.tickets) {
      if (u.region != v.region || u.value.get_sort().bv_size() != v.value.get_sort().bv_size()) continue;
      if (!interBlock && v.leadOnly) continue;
      if (interBlock && !v.gridWide) continue;
      // Identical terms would be one value of both threads (a value the pair
      // shares): skipped, since the constraint would make the query vacuous.
      if (z3::eq(u.value, v.value)) continue;
      out = out && z3::implies(u.guard && v.guard && u.off == v.off, u.value != v.value);
    }
  }
  return out;
}

// __ldg (ld.global.nc) is defined only on global memory that nothing writes
// while the kernel runs: one of a region some statement of the kernel writes
// (with pointers_may_alias: any written global region) is not modelled. The
// addresses may be apart (a kernel writing one half of a buffer and reading
// the other half through __ldg): unknown, not a violation.
void Checker::nonCoherentReads() {
  std::map<int, const Stmt *> writer = writersByRegion();
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    if (s.kind != Stmt::Kind::Access || !s.nonCoherent || s.region < 0) return;
    auto w = writer.find(s.region);
    if (w == writer.end() && opts.launch.pointersMayAlias)
      w = std::find_if(writer.begin(), writer.end(),
                       [&](const auto &rw) { return k.regions[rw.first].space == model::AddressSpace::Global; });
    if (w == writer.end()) return;
    Finding f;
    f.kind = FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = s.loc;
    f.message = "not modelled: __ldg (ld.global.nc) of '" + k.regions[s.region].name + "', which '" + w->second->text +
                "' (line " + std::to_string(w->second->loc.line) +
                ") writes: the non-coherent path is defined only on memory that nothing writes while the kernel "
                "runs (a plain load, or __ldcg, reads it coherently)";
    unknownFindings.push_back(f);
  });
}

// Memory whose contents the contract gives is read as those contents: a
// statement of the kernel that writes it breaks that (unknown). With
// pointers_may_alias, a write to any global region may be such a write.
std::string Checker::launchValueNotZero(const Stmt &s) {
  const model::Region &r = k.regions[s.region];
  if (r.initNonZero) return "__device__ '" + r.name + "', whose initializer is not zero";
  // The host code of the file fills it before a launch (cudaMemset with a
  // value that is not 0, cudaMemcpy, cudaMemcpyToSymbol).
  if (std::string what = model::hostWriteOf(k, s.region); !what.empty())
    return r.deviceVar ? "__device__ '" + r.name + "', which the host code writes (" + what + ")"
                       : "'" + r.name + "', whose memory the host code writes before a launch (" + what + ")";
  if (r.constData) {
    std::string given = r.constSource.empty() ? std::string("its initializer gives") : "the contract gives (" + r.constSource + ")";
    for (uint8_t b : *r.constData)
      if (b != 0) return "'" + r.name + "', whose contents " + given + " are not all zero";
    // (Memory nothing may write: a wait on it ends at once or never, which
    // the wait's model, built for locations signals change, does not decide.)
    if (s.kind == Stmt::Kind::Await)
      return "'" + r.name + "', whose contents " + given + " and which nothing may write while the kernel runs";
  }
  // A range the contract states for the elements, other than 0 alone: the
  // location may hold another value when the kernel starts.
  if (auto er = elementRangeRegions.find(s.region);
      er != elementRangeRegions.end() && (er->second.first != 0 || er->second.second != 0))
    return "'" + r.name + "', whose elements the contract puts in [" + std::to_string(er->second.first) + ", " +
           std::to_string(er->second.second) + "], not 0 alone";
  return "";
}

void Checker::contractMemoryWrites() {
  const model::Region *given = nullptr;
  for (const model::Region &r : k.regions)
    if (!r.constSource.empty()) given = &r;
  if (!given) return;
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    int written = writtenRegion(s);
    if (written < 0) return;
    const model::Region *r = &k.regions[written];
    if (r->constSource.empty()) {
      if (!opts.launch.pointersMayAlias || r->space != model::AddressSpace::Global) return;
      r = given;  // may point into it
    }
    Finding f;
    f.kind = FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = s.loc;
    f.message = "'" + (s.text.empty() ? std::string("this statement") : s.text) + "' " +
                (r == &k.regions[written] ? "writes '" : "may write (pointers may alias) '") + r->name +
                "', whose contents the contract gives (" + r->constSource +
                "): its loads were read as those contents, which holds only for memory the kernel does not write";
    unknownFindings.push_back(f);
  });
}

// The equality abstraction (GPUVerify's): when only collective barriers
// (__syncthreads, grid.sync) order threads of a block — no mbarrier, named
// barrier, spin-wait, fence, bulk copy or acquire/release access, which order
// threads point to point, and no __syncwarp (the main pair does not share the
// iterations of a loop with warp barriers only, so two threads of one warp
// could read one address in different warp intervals) —, two threads of a
// block that read one address at the same barrier interval instance read the
// same value, unless a write in that interval races with a read. The race
// check reports such a race, so the abstraction only ever removes executions
// of kernels it then finds racy or divergent. The pair's loads of one
// statement are at the same instance: the iterations of loops with barriers
// are shared, and a loop without one lies in one interval. False (and no
// loads) when it does not apply.
bool Checker::findEqualityLoads() {
  bool pointToPoint = model::anyStmt(*k.body, [](const Stmt &s) {
    return s.kind == Stmt::Kind::Await || s.kind == Stmt::Kind::Mbarrier || s.kind == Stmt::Kind::Fence ||
           s.kind == Stmt::Kind::AsyncCopy || s.kind == Stmt::Kind::Unknown ||
           (s.kind == Stmt::Kind::Barrier &&
            (s.barrier == model::BarrierKind::Named || s.barrier == model::BarrierKind::Warp)) ||
           (s.kind == Stmt::Kind::Access && s.order != model::MemOrder::Plain && s.order != model::MemOrder::Relaxed);
  });
  if (pointToPoint) return false;
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    if (plainLoadIn(s, k, model::AddressSpace::Shared)) addLoad(equalityLoads, s);
  });
  return true;
}

// Loads of shared memory that all threads of a block read after one
// __syncthreads (docs/model.md "Loads of shared memory written before a
// barrier"), in kernels the equality abstraction does not cover (of which
// they are a special case). The barrier is a statement of the kernel's spine
// (executed by every thread that goes on: no exit before it leaves a block
// around it), the last one before the first load; only loads whose values
// reach a condition or an address are candidates (the others cannot change
// what the checks decide). keepStableSharedLoads then checks, on the pair's
// first execution, that no write after the barrier (and no bulk copy at all)
// overlaps them.
// The kernel's spine: its top-level statements, through nested blocks, with
// the spine position of every statement inside them, and the block barriers
// every thread that goes on passes: no exit before one (a return from an
// inlined helper, say) jumps past it.
struct Spine {
  std::vector<const Stmt *> stmts;
  std::map<int, int> pos;  // statement id -> spine position
  std::vector<bool> passed;
};
// The spine of `root` (the kernel's body, or a loop's body). A barrier is
// passed unless an exit before it leaves a block around it: for the kernel,
// a return does not count (a thread that returns does not go on); for a
// loop's body, neither does a break out of the loop (that thread leaves the
// iteration), but a continue does.
static Spine blockSpine(const Stmt &root, bool exemptRoot) {
  Spine sp;
  std::vector<std::vector<int>> enclosing;  // labels of the blocks around each spine statement
  std::vector<int> labels;
  std::function<void(const Stmt &)> flatten = [&](const Stmt &b) {
    if (b.label >= 0) labels.push_back(b.label);
    for (auto &ch : b.stmts) {
      if (ch->kind == Stmt::Kind::Block) {
        flatten(*ch);
        continue;
      }
      sp.stmts.push_back(ch.get());
      enclosing.push_back(labels);
    }
    if (b.label >= 0) labels.pop_back();
  };
  flatten(root);
  for (size_t i = 0; i < sp.stmts.size(); ++i)
    model::forEachStmt(*sp.stmts[i], [&](const Stmt &s) { sp.pos[s.id] = (int)i; });
  sp.passed.assign(sp.stmts.size(), false);
  std::set<int> exitsSoFar;
  for (size_t i = 0; i < sp.stmts.size(); ++i) {
    const Stmt &s = *sp.stmts[i];
    if (s.kind == Stmt::Kind::Barrier && s.barrier == model::BarrierKind::Block && !s.arriveOnly) {
      sp.passed[i] = true;
      for (int l : enclosing[i])
        if (!(exemptRoot && l == root.label) && exitsSoFar.count(l)) sp.passed[i] = false;
    }
    model::forEachStmt(s, [&](const Stmt &x) {
      if (x.kind == Stmt::Kind::Exit) exitsSoFar.insert(x.label);
    });
  }
  return sp;
}
static Spine kernelSpine(const model::Kernel &k) { return blockSpine(*k.body, true); }

void Checker::findStableSharedLoads() {
  Spine sp = kernelSpine(k);
  const std::vector<const Stmt *> &spine = sp.stmts;
  const std::vector<bool> &passed = sp.passed;
  spinePos = sp.pos;
  // Loaded values that reach a condition or an address (through assignments).
  std::set<int> relVars, relHavocs;
  std::function<void(const ExprRef &)> collect = [&](const ExprRef &e) {
    if (!e) return;
    if (e->kind == Expr::Kind::Var) relVars.insert(e->id);
    if (e->kind == Expr::Kind::Havoc) relHavocs.insert(e->id);
    for (auto &a : e->args) collect(a);
  };
  std::vector<const Stmt *> assigns;
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    if (s.kind == Stmt::Kind::Assign) {
      assigns.push_back(&s);
      return;
    }
    for (const ExprRef *e : {&s.cond, &s.offset, &s.target, &s.txBytes, &s.srcOffset, &s.mbarOffset, &s.barrierId,
                             &s.barrierCount, &s.warpMask})
      collect(*e);
    if (s.kind != Stmt::Kind::Access) collect(s.operand);  // an atomic's operand is data
  });
  for (size_t before = SIZE_MAX; before != relVars.size();) {
    before = relVars.size();
    for (const Stmt *a : assigns)
      if (relVars.count(a->var)) collect(a->value);
  }
  std::map<int, std::vector<const Stmt *>> loadsOf;  // shared region -> candidate loads
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    if (plainLoadIn(s, k, model::AddressSpace::Shared) && relHavocs.count(s.loadedHavoc) && spinePos.count(s.id))
      loadsOf[s.region].push_back(&s);
  });
  for (auto &[r, loads] : loadsOf) {
    int first = INT_MAX;
    for (const Stmt *l : loads) first = std::min(first, spinePos[l->id]);
    int bar = -1;
    for (int j = 0; j < first; ++j)
      if (passed[j]) bar = j;
    if (bar < 0) continue;
    stableBarrierPos[r] = bar;
    for (const Stmt *l : loads) addLoad(stableCandidates, *l);
  }
}

// Whether a __syncthreads() that every thread passes lies between two
// statements on the kernel's spine: after `before`'s top-level statement,
// with no exit that leaves the statements between (so a thread that
// executed `before` arrives at it), and before `after`'s (so a thread that
// reaches `after` has passed it).
bool Checker::spineBarrierBetween(int before, int after) const {
  const SpineOrder::One &o = spineOrder.kernel;
  auto a = o.pos.find(before), b = o.pos.find(after);
  if (a == o.pos.end() || b == o.pos.end()) return false;
  int bar = o.nextBarrier[a->second];
  return bar >= 0 && b->second > bar;
}

// The same within one iteration of a loop around both (its body's spine),
// where also a barrier follows `after` before the iteration ends (a thread
// may leave the loop instead): the store of the next iteration then follows
// every read of this one.
bool Checker::loopBarrierBetween(int before, int after) const {
  for (const SpineOrder::One &o : spineOrder.loops) {
    auto a = o.pos.find(before), b = o.pos.find(after);
    if (a == o.pos.end() || b == o.pos.end()) continue;
    int bar = o.nextBarrier[a->second];
    if (bar >= 0 && b->second > bar && o.nextBarrierLeaving[b->second] >= 0) return true;
  }
  return false;
}

// Broadcast slots (docs/model.md "Values broadcast through shared memory"):
// a `__shared__` scalar that one statement writes (a plain store of an
// integer the front end knows) and every other access of which is a plain
// load of exactly those bytes. Whether a load reads the lead's store is
// decided per execution (Executor::broadcastValue).
void Checker::findBroadcastSlots() {
  std::map<int, const Stmt *> writer;
  std::set<int> refused;
  auto constOff = [](const ExprRef &e) -> std::optional<uint64_t> {
    if (e && e->isConst()) return e->value;
    return std::nullopt;
  };
  std::map<int, std::pair<uint64_t, unsigned>> at;  // region -> (offset, size) of its accesses
  auto sameBytes = [&](const Stmt &s) {
    std::optional<uint64_t> o = constOff(s.offset);
    if (!o || s.size == 0) return false;
    auto [it, fresh] = at.emplace(s.region, std::make_pair(*o, s.size));
    return fresh || it->second == std::make_pair(*o, s.size);
  };
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    for (int r : {s.region, s.srcRegion, s.mbarRegion}) {
      if (r < 0 || k.regions[r].space != model::AddressSpace::Shared) continue;
      bool ok = s.kind == Stmt::Kind::Access && r == s.region && s.order == model::MemOrder::Plain && !s.isVolatile &&
                sameBytes(s);
      if (ok && s.access == model::AccessKind::Write) {
        ok = s.stored && !s.operand && !writer.count(r);
        if (ok) writer[r] = &s;
      } else if (ok) {
        ok = s.access == model::AccessKind::Read && s.loadedHavoc >= 0 && s.fieldLoads.empty();
      }
      if (!ok) refused.insert(r);
    }
  });
  // The loads a passed barrier separates from the store (spineBarrierBetween,
  // and within one iteration of a loop, loopBarrierBetween).
  std::vector<std::pair<const Stmt *, bool>> roots{{k.body.get(), true}};
  model::forEachStmt(*k.body, [&](const Stmt &x) {
    if (x.kind == Stmt::Kind::Loop && x.body) roots.push_back({x.body.get(), false});
  });
  for (auto [root, isKernel] : roots) {
    Spine sp = blockSpine(*root, isKernel);
    SpineOrder::One o;
    o.pos = sp.pos;
    std::set<int> rootLabels;  // labels defined inside the root (its own: continue)
    model::forEachStmt(*root, [&](const Stmt &x) {
      if (x.label >= 0) rootLabels.insert(x.label);
      if (x.kind == Stmt::Kind::Loop && x.breakLabel >= 0) rootLabels.insert(x.breakLabel);
    });
    o.nextBarrier.assign(sp.stmts.size(), -1);
    o.nextBarrierLeaving.assign(sp.stmts.size(), -1);
    for (int p = (int)sp.stmts.size() - 1, next = -1, nextL = -1; p >= 0; --p) {
      // An exit that leaves the statement (a return, a break out of an
      // enclosing block); a loop's own break and continue stay inside it.
      // Leaving the root entirely (a break out of the loop) still lets
      // later iterations wait at the barrier (nextBarrierLeaving).
      std::set<int> inner;
      model::forEachStmt(*sp.stmts[p], [&](const Stmt &x) {
        if (x.label >= 0) inner.insert(x.label);
        if (x.kind == Stmt::Kind::Loop && x.breakLabel >= 0) inner.insert(x.breakLabel);
      });
      bool escapes = false, skipsAhead = false;
      model::forEachStmt(*sp.stmts[p], [&](const Stmt &x) {
        if (x.kind != Stmt::Kind::Exit || inner.count(x.label)) return;
        escapes = true;
        if (isKernel || rootLabels.count(x.label)) skipsAhead = true;
      });
      if (escapes) next = -1;
      if (skipsAhead) nextL = -1;
      o.nextBarrier[p] = next;
      o.nextBarrierLeaving[p] = nextL;
      if (sp.passed[p]) next = nextL = p;
    }
    (isKernel ? spineOrder.kernel : spineOrder.loops.emplace_back()) = std::move(o);
  }
  for (auto &[r, w] : writer) {
    if (refused.count(r) || k.regions[r].dynamicShared) continue;
    BroadcastSlot slot{w, {}, {}};
    model::forEachStmt(*k.body, [&](const Stmt &s) {
      if (s.region != r || s.kind != Stmt::Kind::Access || s.access != model::AccessKind::Read) return;
      if (spineBarrierBetween(w->id, s.id)) slot.orderedLoads.insert(s.id);
      if (loopBarrierBetween(w->id, s.id)) slot.loopOrderedLoads.insert(s.id);
    });
    broadcastSlots[r] = slot;
  }
}

// The bytes [start, start + last] of each write whose address its own
// arithmetic bounds (AddressRanges, with the thread indices below a fixed
// block size), whatever its path; nullopt for the others. A range of 64 KiB
// or more (a zero-extended 32-bit address, a whole buffer) bounds little
// that matters and would cost a query per load: such a write counts as
// unbounded.
std::vector<std::optional<std::pair<uint64_t, uint64_t>>>
Checker::boundedWriteBytes(const std::vector<std::pair<const AccessEv *, unsigned>> &writes,
                           const std::map<int, std::vector<size_t>> &writesOf, bool trace) {
  AddressRanges ranges;
  if (std::optional<FixedBlock> fb = fixedBlock()) {
    uint64_t dims[3] = {fb->x, fb->y, fb->z};
    for (const Thread *t : {&A, &B})
      for (int d = 0; d < 3; ++d)
        if (dims[d] > 0 && t->tid[d].is_const() && !t->tid[d].is_numeral()) ranges.bound(t->tid[d], dims[d] - 1);
  }
  constexpr uint64_t kUsefulRange = uint64_t(1) << 16;
  std::vector<std::optional<std::pair<uint64_t, uint64_t>>> bytesOf;
  for (auto &[w, size] : writes) {
    std::optional<ModRange> r = ranges.of(w->off);
    if (r && size > 0 && r->len < kUsefulRange) bytesOf.push_back(std::make_pair(r->start, r->len + size - 1));
    else bytesOf.push_back(std::nullopt);
  }
  if (trace)
    for (auto &[id, is] : writesOf)
      if (!std::all_of(is.begin(), is.end(), [&](size_t i) { return bytesOf[i].has_value(); }))
        fprintf(stderr, "syncproof:   write '%s' (line %u): address not bounded by its arithmetic\n",
                writes[is[0]].first->s->text.c_str(), writes[is[0]].first->s->loc.line);
  return bytesOf;
}

// What a load's own path implies, without the rest of the execution's
// assumptions: the launch, the pair's thread constraints, its guard, and
// the closed forms' ranges of the loops around it (`fits`: a counter that
// does not overflow; its guard implies that loop's entry, under which the
// assumptions hold them). Only the loops of the load's own thread: the pair
// may share an iteration counter, but the other thread's ranges hold only on
// its own path. A query on this is implied by the same query on the full
// assumptions, so its unsat is theirs.
z3::expr Checker::loadSide(const AccessEv &l, const Executor &ea, const Executor &eb) {
  z3::expr out = launchConstraints() && threadConstraints(A) && threadConstraints(B) && l.guard;
  for (const Executor *x : {&ea, &eb}) {
    std::less<const AccessEv *> before;
    bool own = !x->accesses.empty() && !before(&l, &x->accesses.front()) && !before(&x->accesses.back(), &l);
    if (!own) continue;
    for (auto &[id, li] : x->loopIters)
      for (const z3::expr &k : l.iters)
        if (z3::eq(k, li.k)) out = out && li.closedAssume;
  }
  return out;
}

void Checker::keepStableSharedLoads(Executor &ea, Executor &eb) {
  z3::expr base = launchConstraints() && threadConstraints(A) && threadConstraints(B) && ea.assumed && eb.assumed;
  std::set<int> dropped;
  for (auto &[r, bar] : stableBarrierPos) {
    // Writes that may change what a candidate reads: any write to the region
    // after the barrier, and a bulk copy into it anywhere (it completes
    // asynchronously, maybe after the barrier).
    std::vector<std::pair<const AccessEv *, unsigned>> writes;
    bool unsized = false;
    for (const AccessEv &e : ea.accesses) {
      const Stmt &s = *e.s;
      if (s.region != r || s.kind == Stmt::Kind::Await) continue;
      if (s.kind == Stmt::Kind::Mbarrier && (s.mbarOp == model::MbarOp::TryWait || s.mbarOp == model::MbarOp::Wait))
        continue;  // reads the object's state
      if (s.kind == Stmt::Kind::Access && s.access == model::AccessKind::Read) continue;
      if (s.kind == Stmt::Kind::AsyncCopy && s.access == model::AccessKind::Read) continue;  // a bulk store's source
      auto it = spinePos.find(s.id);
      if (s.kind != Stmt::Kind::AsyncCopy && it != spinePos.end() && it->second <= bar) continue;
      unsigned size = s.kind == Stmt::Kind::Mbarrier ? 8 : s.size;
      if (size == 0) unsized = true;
      writes.push_back({&e, size});
    }
    std::vector<const AccessEv *> loads;
    for (Executor *x : {&ea, &eb})
      for (const AccessEv &e : x->accesses)
        if (e.s->region == r && e.s->kind == Stmt::Kind::Access && e.s->loadedHavoc >= 0 &&
            stableCandidates.count(e.s->loadedHavoc))
          loads.push_back(&e);
    bool trace = getenv("SYNCPROOF_PHASES") != nullptr;
    // One query per load: does any write overlap it? A model names the
    // write (SYNCPROOF_PHASES); unsat keeps the load, anything else drops it.
    // A write statement that one load's split (below) could not rule out
    // drops every later load it may reach without another query (dropping
    // is always sound; it bounds the queries at loads + statements).
    std::set<const Stmt *> undecidedWrites;
    // The writes by statement (all instances of one statement together), in
    // a fixed order: the statement id.
    std::map<int, std::vector<size_t>> writesOf;
    for (size_t i = 0; i < writes.size(); ++i) writesOf[writes[i].first->s->id].push_back(i);
    std::vector<std::optional<std::pair<uint64_t, uint64_t>>> bytesOf = boundedWriteBytes(writes, writesOf, trace);
    for (const AccessEv *l : loads) {
      if (dropped.count(l->s->loadedHavoc)) continue;
      if (unsized) {
        dropped.insert(l->s->loadedHavoc);
        continue;
      }
      // First the bounded writes, per write statement and without their
      // paths: a query about the load's side alone (does its address reach
      // that statement's byte ranges?), small, and unsat only if the full
      // query is. Unsat rules the statement out for this load.
      std::vector<bool> apart(writes.size(), false);
      z3::expr side = loadSide(*l, ea, eb);
      for (auto &[id, is] : writesOf) {
        z3::expr meets = c.bool_val(false);
        bool bounded = false;
        for (size_t i : is) {
          if (!bytesOf[i]) continue;
          bounded = true;
          z3::expr start = c.bv_val(bytesOf[i]->first, 64);
          // Two wrapping ranges meet iff one's start lies in the other.
          meets = meets || z3::ule(l->off - start, c.bv_val(bytesOf[i]->second, 64)) ||
                  z3::ule(start - l->off, c.bv_val((uint64_t)l->s->size - 1, 64));
        }
        if (bounded && checkCheap(side && meets) == z3::unsat)
          for (size_t i : is) apart[i] = bytesOf[i].has_value();
      }
      std::vector<z3::expr> overlaps;
      z3::expr any = c.bool_val(false);
      for (size_t i = 0; i < writes.size(); ++i) {
        auto &[w, size] = writes[i];
        overlaps.push_back(apart[i] ? c.bool_val(false)
                                    : w->guard && l->guard && overlap(c, w->off, size, l->off, l->s->size));
        any = any || overlaps.back();
      }
      // An undecided overlap only drops the candidate. The disjunction over
      // every write can be too hard where each write alone is not: an
      // undecided disjunction is split into one query per write statement
      // (all of its instances at once), each at the same small limit.
      z3::check_result res = checkCheap(base && any);
      if (res == z3::unknown) {
        res = z3::unsat;
        for (auto &[id, is] : writesOf) {
          const Stmt *w = writes[is[0]].first->s;
          z3::expr o = c.bool_val(false);
          bool left = false;
          for (size_t i : is)
            if (!apart[i]) {
              o = o || overlaps[i];
              left = true;
            }
          if (!left) continue;
          if (undecidedWrites.count(w)) {
            res = z3::unknown;
            break;
          }
          if ((res = checkCheap(base && o)) == z3::unsat) continue;
          undecidedWrites.insert(w);
          if (trace)
            fprintf(stderr, "syncproof:   the load '%s' (line %u): %s '%s' (line %u)\n", l->s->text.c_str(),
                    l->s->loc.line, res == z3::sat ? "may be overlapped by" : "overlap not decided for",
                    w->text.c_str(), w->loc.line);
          break;
        }
        if (res != z3::unsat) dropped.insert(l->s->loadedHavoc);
        continue;
      }
      if (res == z3::unsat) continue;
      dropped.insert(l->s->loadedHavoc);
      // The tuning aid names up to 4 writes that may overlap the load.
      for (int named = 0; trace && named < 4; ++named) {
        if (res != z3::sat || !lastModel) {
          fprintf(stderr, "syncproof:   the load '%s' (line %u): overlap not decided\n", l->s->text.c_str(),
                  l->s->loc.line);
          break;
        }
        size_t by = writes.size();
        for (size_t i = 0; i < writes.size() && by == writes.size(); ++i)
          if (lastModel->eval(overlaps[i], true).is_true()) by = i;
        if (by == writes.size()) break;
        const Stmt &w = *writes[by].first->s;
        // Every instance of that statement is named at once.
        for (size_t i = 0; i < writes.size(); ++i)
          if (writes[i].first->s == &w) overlaps[i] = c.bool_val(false);
        fprintf(stderr, "syncproof:   the load '%s' (line %u) may be overlapped by '%s' (line %u) at offset %s\n",
                l->s->text.c_str(), l->s->loc.line, w.text.c_str(), w.loc.line,
                lastModel->eval(writes[by].first->off, true).to_string().c_str());
        any = c.bool_val(false);
        for (auto &o : overlaps) any = any || o;
        if ((res = checkCheap(base && any)) == z3::unsat) break;
      }
    }
  }
  stableSharedLoads.clear();
  for (auto &[h, off] : stableCandidates)
    if (!dropped.count(h)) stableSharedLoads.emplace(h, off);
  rebuildBlockUniformLoads();
}

void Checker::rebuildBlockUniformLoads() {
  blockUniformLoads = uniformLoads;
  for (auto *m : {&stableSharedLoads, &equalityLoads})
    for (auto &[h, off] : *m) blockUniformLoads.emplace(h, off);
}

void Checker::computeVarying() {
  for (bool grid : {false, true}) {
    std::set<int> &v = grid ? varyingGrid : varying;
    while (true) {
      size_t before = v.size();
      walkVarying(*k.body, false, v, k.body->label, grid, grid ? uniformLoads : blockUniformLoads);
      if (v.size() == before) break;
    }
  }
}

// ------------------------------------------------------------ constraints

z3::expr Checker::launchConstraints() {
  const model::LaunchShape &L = opts.launch;
  z3::expr r = c.bool_val(true);
  for (int i = 0; i < 3; ++i) {
    r = r && z3::uge(bdim[i], c.bv_val(L.blockMin[i], 32)) && z3::ule(bdim[i], c.bv_val(L.blockMax[i], 32));
    r = r && z3::uge(gdim[i], c.bv_val(L.gridMin[i], 32)) && z3::ule(gdim[i], c.bv_val(L.gridMax[i], 32));
  }
  z3::expr prod = z3::zext(bdim[0], 32) * z3::zext(bdim[1], 32) * z3::zext(bdim[2], 32);
  r = r && z3::ule(prod, c.bv_val(maxBlockThreads(), 64));
  for (const auto &pr : L.paramRanges) {
    for (size_t i = 0; i < k.params.size(); ++i) {
      if (k.params[i].name != pr.name || k.params[i].kind != model::Param::Kind::Scalar) continue;
      unsigned w = k.params[i].width;
      if (w == 1) continue;
      if (k.params[i].isSigned)
        r = r && params[i] >= c.bv_val((uint64_t)pr.min, w) && params[i] <= c.bv_val((uint64_t)pr.max, w);
      else
        r = r && z3::uge(params[i], c.bv_val((uint64_t)pr.min, w)) && z3::ule(params[i], c.bv_val((uint64_t)pr.max, w));
    }
  }
  return r;
}

z3::expr Checker::threadConstraints(const Thread &t) {
  z3::expr r = c.bool_val(true);
  for (int i = 0; i < 3; ++i) r = r && z3::ult(t.tid[i], bdim[i]) && z3::ult(t.bid[i], gdim[i]);
  if (t.only) r = r && *t.only;
  return r;
}

void Checker::addLaunchValues(Finding &f) {
  bool hasBlock = false;
  for (auto &[name, v] : f.values) hasBlock |= name == "blockIdx";
  if (!hasBlock && !f.threads.empty() && f.threads.size() >= 1) {
    bool sameBlock = f.threads.size() == 1 ||
                     (f.threads[0].bid[0] == f.threads[1].bid[0] && f.threads[0].bid[1] == f.threads[1].bid[1] &&
                      f.threads[0].bid[2] == f.threads[1].bid[2]);
    if (sameBlock)
      f.values.push_back({"blockIdx", "(" + std::to_string(f.threads[0].bid[0]) + "," + std::to_string(f.threads[0].bid[1]) +
                                          "," + std::to_string(f.threads[0].bid[2]) + ")"});
  }
  auto dim = [&](z3::expr *d) {
    return "(" + std::to_string(val(d[0])) + "," + std::to_string(val(d[1])) + "," + std::to_string(val(d[2])) + ")";
  };
  f.values.push_back({"blockDim", dim(bdim)});
  f.values.push_back({"gridDim", dim(gdim)});
  for (size_t i = 0; i < k.params.size(); ++i) {
    if (k.params[i].kind != model::Param::Kind::Scalar) continue;
    uint64_t v = val(params[i]);
    std::string s;
    if (k.params[i].isSigned && k.params[i].width < 64 && k.params[i].width > 1) {
      int64_t sv = (int64_t)(v << (64 - k.params[i].width)) >> (64 - k.params[i].width);
      s = std::to_string(sv);
    } else {
      s = std::to_string(v);
    }
    const std::string &pn = k.params[i].name;
    bool reserved = pn == "blockDim" || pn == "gridDim" || pn == "blockIdx" || pn == "threadIdx";
    f.values.push_back({reserved ? "param " + pn : pn, s});
  }
}

// Whether some thread of the block of `t` signals after an event of `t`
// (program position `seq`, loops `iters`, condition `guard`): later in
// program order, or in a later iteration of a loop around both. The
// signalling thread is another thread of the block: its thread index and the
// values it computed are renamed.
bool Checker::signalsAfter(Executor &e, const Thread &t, int seq, const std::vector<z3::expr> &iters,
                           const z3::expr &guard) {
  z3::expr_vector from(c), to(c);
  z3::expr bounds = c.bool_val(true);
  for (int i = 0; i < 3; ++i) {
    if (!t.tid[i].is_const()) continue;
    z3::expr n = c.constant((t.name + ".chain.tid" + std::to_string(i)).c_str(), t.tid[i].get_sort());
    from.push_back(t.tid[i]);
    to.push_back(n);
    bounds = bounds && z3::ult(n, bdim[i]);
  }
  std::set<unsigned> seen;
  std::function<void(const z3::expr &)> walk = [&](const z3::expr &x) {
    if (!x.is_app() || !seen.insert(x.id()).second) return;
    if (x.is_const() && x.decl().decl_kind() == Z3_OP_UNINTERPRETED) {
      std::string n = x.decl().name().str();
      if (n.rfind(t.name + "!", 0) == 0) {
        from.push_back(x);
        to.push_back(c.constant((n + "'chain").c_str(), x.get_sort()));
      }
      return;
    }
    for (unsigned i = 0; i < x.num_args(); ++i) walk(x.arg(i));
  };
  z3::expr base = launchConstraints() && threadConstraints(t) && e.assumed && guard && bounds;
  for (const AccessEv &s : e.accesses) {
    if (!isSignalStmt(*s.s) || s.seq == seq) continue;
    bool loop = !iters.empty() && !s.iters.empty() && z3::eq(iters[0], s.iters[0]);
    if (s.seq < seq && !loop) continue;
    walk(s.guard);
    if (checkCheap(base && z3::expr(s.guard).substitute(from, to)) != z3::unsat) return true;
  }
  return false;
}

// Whether a block could pass on an edge of a chain: some thread of it waits
// (or updates atomically, which may acquire) and then some thread of the
// same block signals.
bool Checker::chainsPossible(Executor &e, const Thread &t) {
  for (const AwaitEv &w : e.awaits)
    if (signalsAfter(e, t, w.seq, w.iters, w.guard)) return true;
  for (const AccessEv &a : e.accesses)
    if (a.s->access == model::AccessKind::Atomic && signalsAfter(e, t, a.seq, a.iters, a.guard)) return true;
  return false;
}

// A fixed launch's grid and block as text: "gridDim (3,1,1), blockDim (64,1,1)".
std::string fixedLaunchText(const model::LaunchShape &L) {
  return "gridDim (" + std::to_string(L.gridMin[0]) + "," + std::to_string(L.gridMin[1]) + "," +
         std::to_string(L.gridMin[2]) + "), blockDim (" + std::to_string(L.blockMin[0]) + "," +
         std::to_string(L.blockMin[1]) + "," + std::to_string(L.blockMin[2]) + ")";
}
// Fixes scalar parameter `name` to `v` (replacing the contract's range).
void fixParam(model::LaunchShape &L, const std::string &name, int64_t v) {
  L.paramRanges.erase(std::remove_if(L.paramRanges.begin(), L.paramRanges.end(),
                                     [&](const model::LaunchShape::ParamRange &r) { return r.name == name; }),
                      L.paramRanges.end());
  L.paramRanges.push_back({name, v, v});
}

// The work budget of a run that checks a verdict (a few seconds).
constexpr uint64_t kCheckRunWork = 200000000;

Checker::RunVerdict Checker::runRaceLaunch(const z3::expr &q, const Stmt &sa, const Stmt &sb, bool chains,
                                           std::string &launchText) {
  // The smallest launch first: a handful of blocks and scalar parameters
  // near zero keep the run short and the counterexample readable.
  std::unique_ptr<z3::model> raceModel = std::move(lastModel);
  auto small = [&](uint64_t maxBlocks, uint64_t maxThreads, int64_t maxParam) {
    auto wide = [&](const z3::expr &e) { return z3::zext(e, 64 - e.get_sort().bv_size()); };
    z3::expr g = wide(gdim[0]) * wide(gdim[1]) * wide(gdim[2]);
    z3::expr b = wide(bdim[0]) * wide(bdim[1]) * wide(bdim[2]);
    z3::expr r = z3::ule(g, c.bv_val(maxBlocks, 64)) && z3::ule(b, c.bv_val(maxThreads, 64));
    for (int i = 0; i < 3; ++i)
      r = r && z3::ule(wide(gdim[i]), c.bv_val(maxBlocks, 64)) && z3::ule(wide(bdim[i]), c.bv_val(maxThreads, 64));
    for (size_t i = 0; i < k.params.size(); ++i) {
      const model::Param &p = k.params[i];
      if (p.kind != model::Param::Kind::Scalar || params[i].get_sort().bv_size() < 8) continue;
      unsigned w = params[i].get_sort().bv_size();
      z3::expr v = params[i];
      if (p.isSigned) r = r && z3::sle(v, c.bv_val(maxParam, w)) && z3::sge(v, c.bv_val(-maxParam, w));
      else r = r && z3::ule(v, c.bv_val((uint64_t)maxParam, w));
    }
    return r;
  };
  // When the run does not decide: a counterexample of two blocks has no
  // other block to chain through, and its race stands (that model is kept);
  // without one, a chain may order the pair.
  auto undecided = [&](const std::string &why) {
    if (!chains) return RunVerdict::Undecided;
    auto wide = [&](const z3::expr &e) { return z3::zext(e, 64 - e.get_sort().bv_size()); };
    z3::expr g = wide(gdim[0]) * wide(gdim[1]) * wide(gdim[2]);
    std::unique_ptr<z3::model> keep = std::move(lastModel);
    uint64_t blocks = 0;
    if (keep) {
      z3::expr v = keep->eval(g, true);
      if (v.is_numeral()) v.is_numeral_u64(blocks);
    }
    if (blocks >= 1 && blocks <= 2) {
      lastModel = std::move(keep);
      return RunVerdict::Undecided;
    }
    if (checkCheap(q && z3::ule(g, c.bv_val(2, 64))) == z3::sat) return RunVerdict::Undecided;
    lastModel = std::move(keep);
    launchText = why;
    return RunVerdict::ChainPossible;
  };
  bool found = false;
  for (auto [blocks, threads, param] : {std::tuple<uint64_t, uint64_t, int64_t>{4, 64, 8}, {16, 256, 64}}) {
    if (checkCheap(q && small(blocks, threads, param)) == z3::sat) {
      found = true;
      break;
    }
  }
  if (!found) lastModel = std::move(raceModel);  // the launch as found (a fixed grid, say), with the work budget
  Options fixed = opts;
  model::LaunchShape &L = fixed.launch;
  for (int i = 0; i < 3; ++i) {
    L.gridMin[i] = L.gridMax[i] = val(gdim[i]);
    L.blockMin[i] = L.blockMax[i] = val(bdim[i]);
  }
  launchText = fixedLaunchText(L);
  for (size_t i = 0; i < k.params.size(); ++i) {
    const model::Param &p = k.params[i];
    if (p.kind != model::Param::Kind::Scalar) continue;
    uint64_t v = val(params[i]);
    int64_t sv = (int64_t)v;
    unsigned w = p.width;
    if (p.isSigned && w > 1 && w < 64) sv = (int64_t)(v << (64 - w)) >> (64 - w);
    fixParam(L, p.name, sv);
    launchText += ", " + p.name + " = " + std::to_string(sv);
  }
  ConcreteOutcome co;
  try {
    co = proveConcrete(k, fixed, kCheckRunWork);
  } catch (const std::exception &e) {
    return undecided("the run of " + launchText + " failed: " + e.what());
  }
  if (co.proved) return RunVerdict::Refuted;
  // The run stops at its first race: it confirms this pair only when that
  // race is between the same two statements.
  if (co.race && co.raceDefinite && !co.race->related.empty()) {
    auto at = [](const model::SourceLoc &l) { return std::make_tuple(l.file, l.line, l.column); };
    auto p1 = at(co.race->loc), p2 = at(co.race->related.front().loc);
    auto qa = at(sa.loc), qb = at(sb.loc);
    if ((p1 == qa && p2 == qb) || (p1 == qb && p2 == qa)) return RunVerdict::Confirmed;
    return undecided("the run of " + launchText + " stopped at another race, at line " +
                     std::to_string(co.race->loc.line));
  }
  return undecided("the run of " + launchText + " stopped: " + co.whyNot);
}

void Checker::solverUnknown(const Stmt *s, const std::string &what) {
  Finding f;
  f.kind = FindingKind::Unknown;
  f.kernel = k.displayName;
  f.loc = s ? s->loc : k.loc;
  f.message = "could not decide " + what + " (solver resource limit or timeout reached)";
  unknownFindings.push_back(f);
}

// ------------------------------------------------------------ checks

void Checker::raceChecks(Executor &x, Executor &y, bool interBlock, const Thread &tx, const Thread &ty,
                         int warpRestriction, const std::optional<z3::expr> &exclude) {
  z3::expr base = launchConstraints() && threadConstraints(tx) && threadConstraints(ty) && x.assumed && y.assumed &&
                  ticketsDiffer(x, y, interBlock);
  if (exclude) base = base && !*exclude;
  if (interBlock) {
    base = base && !(tx.bid[0] == ty.bid[0] && tx.bid[1] == ty.bid[1] && tx.bid[2] == ty.bid[2]);
    // Counting updates of different blocks are ordered on their location:
    // they read different counts.
    // Also the updates of the blocks' leads whose values broadcast slots
    // passed (Executor::leadUpdates): the lead's path for the guard.
    auto updates = [&](const Executor &e, const Thread &t) {
      std::vector<std::pair<const AccessEv *, z3::expr>> out;
      for (const AccessEv &u : e.accesses) out.push_back({&u, u.guard});
      for (const Executor::LeadUpdate &lu : e.leadUpdates) {
        const AccessEv &u = e.accesses[lu.access];
        z3::expr g0 = atThread(u.pc, t, lu.lead);
        if (onlyUniform(g0, t)) out.push_back({&u, g0});
      }
      return out;
    };
    std::vector<std::pair<const AccessEv *, z3::expr>> ux = updates(x, tx), uy = updates(y, ty);
    for (auto &[u, gu] : ux) {
      auto it = signalClass.find(u->s->id);
      if (!u->value || it == signalClass.end() || it->second.kind != SignalClass::Counting) continue;
      for (auto &[v, gv] : uy)
        if (v->s == u->s && v->value) base = base && z3::implies(gu && gv, *u->value != *v->value);
    }
  } else {
    base = base && !(tx.tid[0] == ty.tid[0] && tx.tid[1] == ty.tid[1] && tx.tid[2] == ty.tid[2]);
  }
  z3::expr sameWarp = z3::udiv(linearTid(tx), c.bv_val(32, 32)) == z3::udiv(linearTid(ty), c.bv_val(32, 32));
  if (warpRestriction > 0) base = base && sameWarp;
  if (warpRestriction < 0) base = base && !sameWarp;
  // Which pairs can race at all, and how they are checked: Skip (no race
  // possible: regions, spaces, two reads, two atomics, morally strong, or
  // already reported), Special (a bulk store's or bulk copy's asynchronous
  // write: checked on their own below), or Plain (the query below).
  enum class PairKind { Skip, Special, Plain };
  // Pairs that are morally strong when they cover the same bytes (PTX
  // memory model: morally strong operations overlap completely): two
  // atomics, except that block-scoped atomics (atomicAdd_block, ...) are not
  // atomic with respect to other blocks; two strong accesses whose scopes
  // cover both threads, unless both are plain volatile data accesses (their
  // order is undefined: docs/memory-model.md). Partially overlapping ones race.
  auto exemptWhenSameBytes = [&](const Stmt &sa, const Stmt &sb) {
    if (sa.access == model::AccessKind::Atomic && sb.access == model::AccessKind::Atomic &&
        !(interBlock && (model::blockScopedAtomic(sa) || model::blockScopedAtomic(sb))))
      return true;
    auto covers = [&](const Stmt &x) {
      return isStrong(x) && (interBlock ? gridScope(x.scope) : x.scope != model::MemScope::None);
    };
    auto synchronizing = [](const Stmt &x) {
      return x.kind == Stmt::Kind::Await || x.access == model::AccessKind::Atomic || !x.isVolatile;
    };
    return covers(sa) && covers(sb) && (synchronizing(sa) || synchronizing(sb));
  };
  auto pairKind = [&](const AccessEv &a, const AccessEv &b, bool &aliasParams) {
    const Stmt &sa = *a.s, &sb = *b.s;
    // Between blocks, an access recorded in a loop's continuation run (its
    // head at iteration 0 or k + 1) is an instance the main run's event at
    // the arbitrary iteration already covers, with the same grid interval
    // unless a loop around it has grid.sync() (the main run clears the grid
    // intervals at the iteration's start, and only the continuation copy
    // is in the interval of the previous iteration's last grid.sync());
    // block intervals matter here only for happens-before, which the main
    // run's events carry (hbSegs).
    if (interBlock && ((a.cont && !a.inGridLoop) || (b.cont && !b.inGridLoop))) return PairKind::Skip;
    aliasParams = false;
    if (sa.region != sb.region) {
      const auto &ra = k.regions[sa.region], &rb = k.regions[sb.region];
      aliasParams = opts.launch.pointersMayAlias && ra.space == model::AddressSpace::Global &&
                    rb.space == model::AddressSpace::Global;
      if (!aliasParams) return PairKind::Skip;
    }
    const model::Region &r = k.regions[sa.region];
    if (r.space == model::AddressSpace::Constant || r.space == model::AddressSpace::Local) return PairKind::Skip;
    if (interBlock && r.space != model::AddressSpace::Global) return PairKind::Skip;
    if (sa.access == model::AccessKind::Read && sb.access == model::AccessKind::Read) return PairKind::Skip;
    if (sa.updateKind == "async" || sb.updateKind == "async" || sa.updateKind == "async-read" ||
        sb.updateKind == "async-read")
      return PairKind::Special;
    if (!interBlock && (sa.kind == Stmt::Kind::AsyncCopy || sb.kind == Stmt::Kind::AsyncCopy)) return PairKind::Special;
    // Morally strong pairs do not race (only where they cover the same
    // bytes: intervalQuery asks for a partial overlap).
    if (exemptWhenSameBytes(sa, sb) &&
        (aliasParams || (sa.size == sb.size && z3::eq(a.off.simplify(), b.off.simplify()))))
      return PairKind::Skip;
    if (reportedPairs.count({std::min(sa.id, sb.id), std::max(sa.id, sb.id)})) return PairKind::Skip;
    return PairKind::Plain;
  };
  // The query every plain pair starts from: both accesses happen, overlap,
  // and are in one interval (grid intervals between blocks; block intervals
  // and, within a warp, warp intervals). The orderings added later (named
  // barriers, mbarrier phases, counters) only strengthen it.
  auto intervalQuery = [&](const AccessEv &a, const AccessEv &b, bool aliasParams) {
    const Stmt &sa = *a.s, &sb = *b.s;
    z3::expr q = a.guard && b.guard;
    if (!aliasParams) {
      z3::expr sa64 = c.bv_val(sa.size, 64), sb64 = c.bv_val(sb.size, 64);
      q = q && z3::ult(a.off, b.off + sb64) && z3::ult(b.off, a.off + sa64);
      // A morally strong pair races only where it overlaps partially.
      if (exemptWhenSameBytes(sa, sb) && sa.size == sb.size) q = q && a.off != b.off;
    }
    if (interBlock) {
      // Blocks synchronize only through grid.sync(): same grid interval.
      z3::expr segG = c.bool_val(false);
      for (auto &[key2, g] : a.gseg) {
        auto it = b.gseg.find(key2);
        if (it != b.gseg.end()) segG = segG || (g && it->second);
      }
      return q && segG;
    }
    z3::expr segB = c.bool_val(false);
    for (auto &[key2, g] : a.bseg) {
      auto it = b.bseg.find(key2);
      if (it != b.bseg.end()) segB = segB || (g && it->second);
    }
    // Within a warp: the same interval, or A's interval was opened by a
    // __syncwarp that B never executes (B takes no part in it), or the
    // other way round. Lanes that take part in the same __syncwarp are
    // ordered by it; lanes that do not are not.
    // A __syncwarp both lanes execute orders them only when each one's mask
    // names the other (16-lane tiles: lanes 0 and 16 run the same statement
    // with masks 0xffff and 0xffff0000, and are not ordered by it).
    auto together = [&](int key) {
      auto px = x.warpSegOpened.find(key), py = y.warpSegOpened.find(key);
      if (px == x.warpSegOpened.end() || py == y.warpSegOpened.end()) return c.bool_val(false);
      return px->second.pc && py->second.pc && inMask(px->second.mask, laneOf(ty)) &&
             inMask(py->second.mask, laneOf(tx));
    };
    z3::expr segW = c.bool_val(false);
    for (auto &[ka, ga] : a.wseg) {
      for (auto &[kb, gb] : b.wseg) {
        if (ka == kb) {
          segW = segW || (ga && gb);
        } else if (ka > kb) {
          if (x.warpSegOpened.count(ka)) segW = segW || (ga && gb && !together(ka));
        } else {
          if (y.warpSegOpened.count(kb)) segW = segW || (ga && gb && !together(kb));
        }
      }
    }
    return q && segB && z3::implies(sameWarp, segW);
  };
  size_t n = std::min(x.accesses.size(), y.accesses.size());
  for (size_t i = 0; i < n; ++i) {
    // Batched, within a block: one query for all plain pairs of access i
    // ("does any of them overlap in one barrier interval?"). Pairs the
    // answer's model satisfies are checked one by one below; the rest are
    // asked again, a few rounds at most. A pair left when the batch is unsat
    // cannot race. (Between blocks most pairs share a grid interval and are
    // ordered, if at all, by counters: batching would only add queries.)
    std::set<size_t> cleared, satisfied;  // settled: no overlap in one interval / known to overlap
    {
      std::vector<std::pair<size_t, z3::expr>> plain;
      for (size_t j = i; j < n; ++j) {
        bool alias = false;
        if (pairKind(x.accesses[i], y.accesses[j], alias) == PairKind::Plain)
          plain.push_back({j, intervalQuery(x.accesses[i], y.accesses[j], alias)});
      }
      for (int round = 0; !interBlock && plain.size() >= 2 && round < 4; ++round) {
        z3::expr any = c.bool_val(false);
        for (auto &[j, q] : plain) any = any || q;
        // An undecided batch only sends its pairs to their own queries.
        z3::check_result res = checkCheap(base && any);
        if (res == z3::unsat) {
          for (auto &[j, q] : plain) cleared.insert(j);
          break;
        }
        if (res != z3::sat || !lastModel) break;
        std::vector<std::pair<size_t, z3::expr>> rest;
        for (auto &[j, q] : plain) {
          if (lastModel->eval(q, true).is_true()) satisfied.insert(j);
          else rest.push_back({j, q});
        }
        if (rest.size() == plain.size()) break;
        plain = rest;
      }
    }
    for (size_t j = i; j < n; ++j) {
      const AccessEv &a = x.accesses[i];
      const AccessEv &b = y.accesses[j];
      const Stmt &sa = *a.s, &sb = *b.s;
      bool aliasParams = false;
      PairKind kind = pairKind(a, b, aliasParams);
      if (kind == PairKind::Skip || cleared.count(j)) continue;
      const model::Region &r = k.regions[sa.region];
      // Both happen and may touch the same bytes (in two regions that may
      // alias, offsets say nothing).
      auto meets = [&] {
        return base && a.guard && b.guard && (aliasParams ? c.bool_val(true) : overlap(c, a.off, sa.size, b.off, sb.size));
      };
      // A bulk store's global write: performed by the async proxy, ordered
      // by nothing modelled here; an overlapping access is not proved.
      if (sa.updateKind == "async" || sb.updateKind == "async") {
        std::pair<int, int> key{std::min(sa.id, sb.id), std::max(sa.id, sb.id)};
        if (reportedPairs.count(key)) continue;
        if (check(meets()) == z3::unsat) continue;
        reportedPairs.insert(key);
        const Stmt &bs = sa.updateKind == "async" ? sa : sb, &other = &bs == &sa ? sb : sa;
        Finding f;
        f.kind = FindingKind::Unknown;
        f.kernel = k.displayName;
        f.loc = other.loc;
        f.message = "not modelled: '" + other.text + "' may overlap the global destination of the bulk store at line " +
                    std::to_string(bs.loc.line) + "; the completion of bulk stores is not modelled";
        unknownFindings.push_back(f);
        continue;
      }
      // A bulk copy's read of its global source is done by the async proxy:
      // a generic write of the launch that may overlap it needs a
      // fence.proxy.async to be ordered before it, which is not modelled for
      // global memory (an ordinary happens-before would prove a stale read).
      if (sa.updateKind == "async-read" || sb.updateKind == "async-read") {
        const Stmt &src = sa.updateKind == "async-read" ? sa : sb, &other = &src == &sa ? sb : sa;
        copySourceWritten(src, other, meets());
        continue;
      }
      // A bulk copy's writes complete asynchronously (mbarriers.cpp).
      if (!interBlock && (sa.kind == Stmt::Kind::AsyncCopy || sb.kind == Stmt::Kind::AsyncCopy)) {
        if (sa.kind == Stmt::Kind::AsyncCopy) copyRace(x, tx, a, y, ty, b, base, false);
        else copyRace(y, ty, b, x, tx, a, base, false);
        continue;
      }
      // A spin-wait against a strong update of too narrow a scope (not
      // morally strong between blocks): reported as an ordering (scope)
      // finding at the narrow statement, merged with the finding for the
      // data it was meant to publish, not as a race on the flag.
      const Stmt *narrowFlag = nullptr;
      if (interBlock && isStrong(sa) && isStrong(sb) && !exemptWhenSameBytes(sa, sb) &&
          (sa.kind == Stmt::Kind::Await || sb.kind == Stmt::Kind::Await))
        narrowFlag = !gridScope(sa.scope) ? &sa : &sb;
      std::pair<int, int> key{std::min(sa.id, sb.id), std::max(sa.id, sb.id)};
      z3::expr q = base && intervalQuery(a, b, aliasParams);
      // The orderings below (named barriers, mbarrier phases, counters) only
      // strengthen the query: when the accesses cannot overlap in one
      // interval at all, the small query settles the pair (and an interpreter's
      // phase knowledge never reaches the solver).
      bool heavy = (!interBlock && (!x.named.empty() || (mbarModelled && !x.mbars.empty()))) ||
                   (interBlock && (!deadAwaits.empty() || !x.awaits.empty() || !y.awaits.empty()));
      if (heavy && !satisfied.count(j) && check(q) == z3::unsat) continue;
      if (!interBlock) {
        // Named barriers order the threads of one instance; mbarrier phases
        // order arrivals before waits.
        if (!x.named.empty()) {
          z3::expr hb = (namedHappensBefore(x, a, y, b) || namedHappensBefore(y, b, x, a)).simplify();
          if (!hb.is_false()) q = q && !hb && eventValidity(x) && eventValidity(y);
        }
        if (mbarModelled && !x.mbars.empty()) {
          z3::expr hb = (mbarHappensBefore(x, tx, a, y, ty, b) || mbarHappensBefore(y, ty, b, x, tx, a)).simplify();
          if (!hb.is_false()) q = q && !hb && eventValidity(x) && eventValidity(y);
        }
      }
      if (interBlock && !deadAwaits.empty()) {
        // Accesses after a wait that never completes do not happen (the
        // deadlock is reported at the wait).
        auto after = [&](Executor &e, const Thread &t, const AccessEv &ev) {
          z3::expr r = c.bool_val(false);
          for (const AwaitEv &w : e.awaits) {
            if (!deadAwaits.count(w.s->id) || w.seq >= ev.seq) continue;
            r = r || w.guard;
            Lead lead = leadThread(w.seq, w.pc, t);
            z3::expr w0 = atThread(w.pc, t, lead);
            if (onlyUniform(w0, t, counterNames(w.iters)))
              for (auto &[kw, gw] : w.bseg)
                for (auto &[kb, gb] : ev.bseg)
                  if (kb > kw) r = r || (w0 && atThread(gw, t, lead) && gb);
          }
          return r;
        };
        q = q && !after(x, tx, a) && !after(y, ty, b);
      }
      if (!interBlock && (sa.kind == Stmt::Kind::Mbarrier) != (sb.kind == Stmt::Kind::Mbarrier)) {
        // A generic access of an mbarrier's memory after its thread
        // invalidated it: covered by the after-inval finding of the use.
        const AccessEv &g = sa.kind == Stmt::Kind::Mbarrier ? b : a;
        Executor &ge = &g == &a ? x : y;
        for (const MbarEv &e : ge.mbars)
          if (e.s->kind == Stmt::Kind::Mbarrier && e.s->mbarOp == model::MbarOp::Inval && e.seq < g.seq &&
              e.region == g.s->region)
            q = q && !e.guard;
      }
      z3::expr qNoHb = q;
      if (interBlock) {
        // Edges through counters and flags (release -> acquire) in either direction.
        z3::expr hb = (happensBefore(x, tx, a, y, ty, b, HbMode::Full, true, nullptr) ||
                       happensBefore(y, ty, b, x, tx, a, HbMode::Full, false, nullptr)).simplify();
        if (!hb.is_false()) q = q && !hb;
      }
      auto qt0 = std::chrono::steady_clock::now();
      z3::check_result res = check(q);
      if (getenv("SYNCPROOF_PHASES")) {
        double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - qt0).count();
        if (sec > 1.0)
          fprintf(stderr, "syncproof:   slow race query %.1f s: line %u '%s' / line %u '%s'\n", sec, sa.loc.line,
                  sa.text.c_str(), sb.loc.line, sb.text.c_str());
      }
      if (res == z3::unsat) continue;
      if (res == z3::unknown) {
        solverUnknown(&sa, "whether '" + sa.text + "' and '" + sb.text + "' race");
        reportedPairs.insert(key);
        continue;
      }
      // A counterexample in an iteration past its loop's first failing test
      // (a wrapped-around counter): look for one in the loop's own
      // iterations first; `loopWhy` says why the one kept may not happen.
      std::string loopWhy = firstIterations(q, {&a.off, &b.off, &a.guard, &b.guard}, x, y);
      reportedPairs.insert(key);
      if (narrowFlag) {
        std::pair<int, int> okey{(int)(narrowFlag->loc.line * 1000 + narrowFlag->loc.column), 2};
        if (reportedOrdering.insert(okey).second) {
          Finding f;
          f.kind = FindingKind::Ordering;
          f.kernel = k.displayName;
          f.loc = narrowFlag->loc;
          const Stmt &other = narrowFlag == &sa ? sb : sa;
          f.message = std::string("scope too narrow: '") + (narrowFlag->text.empty() ? narrowFlag->atomicOp : narrowFlag->text) +
                      "' (" + model::memScopeName(narrowFlag->scope) + " scope) is not morally strong with '" + other.text +
                      "' (line " + std::to_string(other.loc.line) + ") of another block; use GPU scope (.gpu, "
                      "thread_scope_device, atomicAdd rather than atomicAdd_block)";
          f.related.push_back({other.loc, "the access of the other block"});
          model::ThreadId ida = threadId("thread A", tx), idb = threadId("thread B", ty);
          f.threads = {ida, idb};
          addLaunchValues(f);
          f.trace.push_back({0, sa.loc, "thread A (" + threadText(ida, true) + ") " + verb(sa.access) + " '" + sa.text + "'"});
          f.trace.push_back({1, sb.loc, "thread B (" + threadText(idb, true) + ") " + verb(sb.access) + " '" + sb.text + "'"});
          orderingFindings.push_back(f);
        }
        continue;
      }
      if (interBlock) {
        std::unique_ptr<z3::model> raceModel = std::move(lastModel);
        bool explained = reportOrdering(x, tx, a, y, ty, b, qNoHb);
        lastModel = std::move(raceModel);
        if (explained) continue;
      }
      if (sa.kind == Stmt::Kind::Mbarrier || sb.kind == Stmt::Kind::Mbarrier) {
        // An mbarrier object written (init/inval) while another thread may
        // use it: reported at the init, or at the use after an inval.
        // w: the write (init/inval, a generic store), or else the generic
        // access next to an mbarrier operation.
        bool aFirst = sa.access == model::AccessKind::Write ||
                      (sb.access != model::AccessKind::Write && sa.kind != Stmt::Kind::Mbarrier);
        const AccessEv &w = aFirst ? a : b;
        const AccessEv &o = &w == &a ? b : a;
        const Thread &tw = &w == &a ? tx : ty, &to = &w == &a ? ty : tx;
        bool inval = w.s->kind == Stmt::Kind::Mbarrier && w.s->mbarOp == model::MbarOp::Inval;
        if (!mbarReported.insert(inval ? o.s->id : w.s->id).second) continue;
        Finding f;
        f.kind = FindingKind::Mbarrier;
        f.kernel = k.displayName;
        f.loc = inval ? o.s->loc : w.s->loc;
        model::ThreadId iw = threadId("thread A", tw), io = threadId("thread B", to);
        f.threads = {iw, io};
        bool generic = w.s->kind != Stmt::Kind::Mbarrier;
        f.message = inval     ? "after inval: '" + o.s->text + "' on '" + r.name + "' can run after '" + w.s->text +
                                    "' (line " + std::to_string(w.s->loc.line) + ") invalidated it"
                    : generic ? "'" + w.s->text + (w.s->access == model::AccessKind::Read ? "' reads" : "' writes") +
                                    " the memory of mbarrier '" + r.name +
                                    "' while another thread may still use it ('" + o.s->text + "', line " +
                                    std::to_string(o.s->loc.line) + "): invalidate it first, after every use"
                              : "re-init: '" + w.s->text + "' can run while another thread still uses '" + r.name +
                                    "' ('" + o.s->text + "', line " + std::to_string(o.s->loc.line) +
                                    "): no barrier orders every use before it";
        f.related.push_back({inval ? w.s->loc : o.s->loc, inval ? "the inval" : "the use"});
        addLaunchValues(f);
        f.trace.push_back({0, w.s->loc, "thread A (" + threadText(iw, false) + ") executes '" + w.s->text + "'"});
        f.trace.push_back({1, o.s->loc, "thread B (" + threadText(io, false) + ") executes '" + o.s->text +
                                            "', unordered with it"});
        findings.push_back(f);
        continue;
      }
      // Between blocks, with waits on either side: a chain of edges through
      // other blocks may order the pair (runRaceLaunch).
      RunVerdict run = RunVerdict::Undecided;
      std::string runLaunch;
      if (interBlock && (!x.awaits.empty() || !y.awaits.empty()))
        // A chain needs a signal after the earlier access in its block, and
        // a block between that waits and then signals.
        run = runRaceLaunch(q, sa, sb,
                            (signalsAfter(x, tx, a.seq, a.iters, a.guard) || signalsAfter(y, ty, b.seq, b.iters, b.guard)) &&
                                (chainsPossible(x, tx) || chainsPossible(y, ty)),
                            runLaunch);
      // Primary: the write (the later one when both write).
      bool swap = false;
      if (sa.access == model::AccessKind::Read) swap = true;
      else if (sb.access != model::AccessKind::Read && j > i) swap = true;
      const AccessEv &p = swap ? b : a;
      const AccessEv &o = swap ? a : b;
      const Thread &tp = swap ? ty : tx;
      const Thread &to = swap ? tx : ty;
      Finding f;
      f.kind = FindingKind::Race;
      f.kernel = k.displayName;
      f.loc = p.s->loc;
      model::ThreadId idp = threadId("thread A", tp), ido = threadId("thread B", to);
      f.threads = {idp, ido};
      uint64_t offp = val(p.off), offo = val(o.off);
      std::string scope = interBlock ? "between blocks" : "within a block";
      f.message = std::string("data race on '") + r.name + "' (" + model::addressSpaceName(r.space) +
                  " memory, " + scope + "): " + model::accessKindName(p.s->access) + " '" + p.s->text +
                  "' conflicts with " + model::accessKindName(o.s->access) + " '" + o.s->text + "'";
      if (!interBlock) f.message += " with no barrier between them";
      f.related.push_back({o.s->loc, std::string("conflicting ") + model::accessKindName(o.s->access) + " '" +
                                         o.s->text + "' by thread B"});
      addLaunchValues(f);
      bool withBlock = interBlock;
      Executor &xp = swap ? y : x, &xo = swap ? x : y;
      f.trace.push_back({0, p.s->loc, std::string("thread A (") + threadText(idp, withBlock) + ") " + verb(p.s->access) +
                                         " '" + p.s->text + "' at byte offset " + std::to_string(offp) +
                                         iterationText(xp, p)});
      f.trace.push_back({1, o.s->loc, std::string("thread B (") + threadText(ido, withBlock) + ") " + verb(o.s->access) +
                                         " '" + o.s->text + "' at byte offset " + std::to_string(offo) +
                                         iterationText(xo, o)});
      // A counterexample whose addresses rest on a value the encoding does not
      // track may not happen: a possible race (unknown), saying which value.
      demoteIfRestsOn(f, {&p.off, &o.off, &p.guard, &o.guard}, "the address or the path to it", true);
      // Loads of memory the kernel writes are read as one value per address
      // (the equality abstraction, stable shared loads): loads of two
      // addresses may read any values, equal ones among them, whatever the
      // kernel stored there. The addresses are confirmed only when they meet
      // for every value those loads may read on the counterexample's paths,
      // the rest of it fixed (two loads of one address still read one
      // value). The paths are taken as they are: a value that leads both
      // threads to the accesses (a tile index below the count) is one the
      // kernel may store.
      if (f.confirmed) {
        std::string why;
        for (const z3::expr *e : {&p.off, &o.off})
          if (why.empty()) why = restsOn(*e, true, true);
        if (!why.empty() &&
            !holdsForEveryLoadedValue(q, base && p.guard && o.guard && definedData(x, y, p.off, o.off)))
          demoteBecause(f, "the address", why + ", and other values it may read give no race");
      }
      if (f.confirmed && !loopWhy.empty()) demoteBecause(f, "the counterexample", loopWhy);
      if (run == RunVerdict::Refuted && f.confirmed) {
        std::vector<Finding> one{f};
        detail::demoteViolations(one, 0,
                                 "no release/acquire edge between the two blocks orders the pair, but the launch of this "
                                 "counterexample (" + runLaunch + "), run thread by thread, has no race: there a chain "
                                 "of such edges through other blocks orders it, and the symbolic check does not compose "
                                 "chains (docs/memory-model.md \"Chains through other blocks\")");
        f = one.front();
      } else if (run == RunVerdict::ChainPossible && f.confirmed) {
        std::vector<Finding> one{f};
        detail::demoteViolations(one, 0,
                                 "no release/acquire edge between the two blocks orders the pair, but every "
                                 "counterexample has three blocks or more, and a chain of such edges through the "
                                 "others may order it; a run to decide it did not: " + runLaunch +
                                 " (docs/memory-model.md \"Chains through other blocks\")");
        f = one.front();
      }
      judgeInputDependence(f, q, x, y, p.off, o.off);
      judgeSameValue(f, q, p, o, x, y);
      // Writes of one value within a block may still store different values
      // in two blocks (`out[0] = blockIdx.x`): the pair is asked again
      // between blocks, where one value again adds nothing.
      if (f.sameValue && !interBlock) reportedPairs.erase(key), sameValuePairs.insert(key);
      if (f.sameValue && interBlock && sameValuePairs.count(key)) continue;
      findings.push_back(f);
    }
  }
}

// ------------------------------------------------- the barrier of a group
//
// Warp-specialized kernels synchronize their consumer warps with a named
// barrier (`bar.sync 1, 256`) that the producer warps never execute, often
// inside the main loop. Such a barrier orders the group's threads exactly
// like __syncthreads() when
//   (a) only the group's threads execute it: threads lo .. lo+N-1 of a fixed
//       block, N the barrier's constant count (whole warps);
//   (b) no thread arrives without waiting (no bar.arrive on the id), and the
//       id is not 0 (__syncthreads' barrier);
//   (c) every member executes the same sequence of its instances: the group
//       pair (two threads of the group that execute it as a barrier, sharing
//       the iterations of loops around it) never reaches one instance of it
//       without the other, every loop around it is left alike by both, and
//       it is executed on every iteration of those loops.
// Then each instance holds exactly the N members (the count), and completes
// only when all arrived. Pairs of two members are checked by the group pair;
// the main pair checks the others. When (a)-(c) are not shown, nothing
// changes (named_barriers.cpp: instances inside loops are `unknown`).
std::optional<Checker::GroupBarrier> Checker::findGroupBarrier(Executor &x, std::string &whyNot) {
  std::optional<FixedBlock> fb = fixedBlock();
  if (!fb || x.named.empty()) return std::nullopt;
  struct Use {
    std::set<uint64_t> counts;
    bool arrives = false, inLoop = false;
  };
  std::map<uint64_t, Use> ids;
  bool allConstant = true;
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    if (s.kind != Stmt::Kind::Barrier || s.barrier != BarrierKind::Named) return;
    if (!s.barrierId || !s.barrierId->isConst() || !s.barrierCount || !s.barrierCount->isConst()) {
      allConstant = false;
      return;
    }
    Use &u = ids[s.barrierId->value];
    u.counts.insert(s.barrierCount->value);
    u.arrives |= s.arriveOnly;
  });
  if (!allConstant) return std::nullopt;  // some barrier might use any id
  for (const NamedEv &e : x.named)
    if (e.loopDepth > 0 && e.s->barrierId && e.s->barrierId->isConst()) ids[e.s->barrierId->value].inLoop = true;
  std::optional<GroupBarrier> found;
  for (auto &[id, u] : ids) {
    if (id == 0 || u.arrives || u.counts.size() != 1 || !u.inLoop) continue;
    uint64_t n = *u.counts.begin();
    if (n == 0 || n % 32 || n >= fb->threads) continue;
    if (found) return std::nullopt;  // one group per kernel in this version
    found = GroupBarrier{id, n, 0};
  }
  if (!found) return std::nullopt;
  // A quick necessary condition for (c), before the group pair's execution
  // (as costly as the main pair's): every loop around the barrier has a
  // condition that is the same in all threads of the block (the uniformity
  // analysis; a condition uniform only within the group is rejected here).
  bool uniformLoops = true;
  std::vector<const Stmt *> loops;
  std::function<void(const Stmt &)> walk = [&](const Stmt &s) {
    if (!uniformLoops) return;
    if (isGroupBarrier(s, (int64_t)found->id))
      for (const Stmt *l : loops)
        if (exprVarying(l->cond, varying, false, blockUniformLoads)) uniformLoops = false;
    if (s.kind == Stmt::Kind::Loop) loops.push_back(&s);
    for (auto &c : s.stmts) walk(*c);
    for (const model::StmtRef *p : {&s.thenS, &s.elseS, &s.body, &s.step})
      if (*p) walk(**p);
    if (s.kind == Stmt::Kind::Loop) loops.pop_back();
  };
  walk(*k.body);
  if (!uniformLoops) {
    whyNot = "a loop around it has a condition that may differ between threads";
    return std::nullopt;
  }
  // (a): the group is the first or the last N threads of the block.
  z3::expr base = launchConstraints() && threadConstraints(A) && x.assumed;
  for (uint64_t first : {(uint64_t)0, fb->threads - found->count}) {
    found->first = first;
    bool inside = true;
    for (const NamedEv &e : x.named)
      if (e.s->barrierId && e.s->barrierId->isConst() && e.s->barrierId->value == found->id &&
          check(base && e.pc && !inGroup(*found, A)) != z3::unsat) {
        inside = false;
        break;
      }
    if (inside) return found;
  }
  whyNot = "threads outside the first or the last " + std::to_string(found->count) + " of the block may execute it";
  return std::nullopt;
}

std::string Checker::groupBarrierHolds(Executor &x, Executor &gx, Executor &gy, const GroupBarrier &g) {
  // (c), every iteration: the group pair's loops with the barrier pass it on
  // every path (the executor says so as an unknown the main pair lacks).
  std::set<int> before;
  for (const UnknownEv &u : x.unknowns) before.insert(u.s->id);
  for (const UnknownEv &u : gx.unknowns)
    if (!before.count(u.s->id)) return "a loop around it does not execute it on every iteration";
  if (gx.barriers.size() != gy.barriers.size() || gx.loopConds.size() != gy.loopConds.size())
    return "the two members' executions differ in shape";
  z3::expr base = launchConstraints() && threadConstraints(GA) && threadConstraints(GB) && gx.assumed && gy.assumed &&
                  !(GA.tid[0] == GB.tid[0] && GA.tid[1] == GB.tid[1] && GA.tid[2] == GB.tid[2]);
  // The pair exists (else every query below, and the group pair's race
  // check, would hold vacuously).
  if (check(base) != z3::sat) return "no launch has two members of the group";
  // (c), the same instances: one member reaches an instance, the other too.
  for (size_t i = 0; i < gx.barriers.size(); ++i) {
    const BarrierEv &a = gx.barriers[i], &b = gy.barriers[i];
    if (!isGroupBarrier(*a.s, (int64_t)g.id)) continue;
    if (check(base && a.guard && !b.guard) != z3::unsat)
      return "a member may reach '" + a.s->text + "' (line " + std::to_string(a.s->loc.line) + ") where another does not";
  }
  // (c), loops: both members leave every loop with the barrier alike.
  for (size_t i = 0; i < gx.loopConds.size(); ++i) {
    const CondEv &a = gx.loopConds[i], &b = gy.loopConds[i];
    if (check(base && a.guard && b.guard && (a.cond != b.cond)) != z3::unsat)
      return "the members may run the loop at line " + std::to_string(a.s->loc.line) + " a different number of times";
  }
  return "";
}

// The mask of a __syncwarp or a warp collective (`a`, executed by A; `b`,
// the same event of B): (1) the executing lane is in the mask; (2) every lane
// it names that has not exited reaches one with the same mask in the same
// block interval (a __syncwarp; a collective of the same operation: since
// sm_70 they may be different statements).
void Checker::warpMaskChecks(const BarrierEv &a, const BarrierEv &b, Executor &y, const Thread &A, const Thread &B,
                             const z3::expr &base, std::set<int> &reported) {
  const Stmt &s = *a.s;
  bool collective = s.barrier == BarrierKind::WarpCollective;
  // (1) the executing lane must be in the mask.
  z3::expr laneA = laneOf(A), laneB = laneOf(B);
  z3::expr inMaskA = inMask(a.mask, laneA), inMaskB = inMask(a.mask, laneB);
  z3::check_result r = check(base && a.guard && !inMaskA);
  Finding f;
  f.kind = FindingKind::WarpSync;
  f.kernel = k.displayName;
  f.loc = s.loc;
  if (r == z3::sat) {
    model::ThreadId ia = threadId("thread A", A);
    f.threads = {ia};
    f.message = "'" + s.text + "' is executed by lane " + std::to_string(val(laneA)) +
                ", which its mask 0x" + [&] { std::ostringstream os; os << std::hex << val(a.mask); return os.str(); }() +
                " does not include";
    addLaunchValues(f);
    f.trace.push_back({0, s.loc, "thread A (" + threadText(ia, false) + ", lane " + std::to_string(val(laneA)) +
                                     ") executes '" + s.text + "'"});
    demoteIfRestsOn(f, {&a.mask, &a.guard}, "the mask or the path to it");
    findings.push_back(f);
    reported.insert(s.id);
    return;
  }
  if (r == z3::unknown) {
    solverUnknown(&s, collective ? "the collective's mask" : "the __syncwarp mask");
    reported.insert(s.id);
    return;
  }
  // (2) every lane named in the mask that has not exited must reach one
  // with the same mask (and operation) in the same block interval.
  z3::expr sameWarp = z3::udiv(linearTid(A), c.bv_val(32, 32)) == z3::udiv(linearTid(B), c.bv_val(32, 32));
  z3::expr met = b.guard && b.mask == a.mask;  // the same statement, with the same mask
  for (const BarrierEv &other : y.barriers) {
    if (other.s->barrier != s.barrier || other.s == a.s || (collective && other.s->text != s.text)) continue;
    z3::expr sameInterval = c.bool_val(false);
    for (auto &[key, g] : a.bseg) {
      auto it = other.bseg.find(key);
      if (it != other.bseg.end()) sameInterval = sameInterval || (g && it->second);
    }
    met = met || (other.guard && other.mask == a.mask && sameInterval);
  }
  r = check(base && sameWarp && a.guard && inMaskB && !b.exited && !met);
  if (r == z3::sat) {
    model::ThreadId ia = threadId("thread A", A), ib = threadId("thread B", B);
    f.threads = {ia, ib};
    bool reaches = val(b.guard);
    f.message = "'" + s.text + "' names lane " + std::to_string(val(laneB)) + " in its mask, but that lane " +
                (reaches ? "executes it with another mask (0x" +
                               [&] { std::ostringstream os; os << std::hex << val(b.mask); return os.str(); }() + ")"
                         : "does not reach it");
    addLaunchValues(f);
    f.trace.push_back({0, s.loc, "thread A (" + threadText(ia, false) + ", lane " + std::to_string(val(laneA)) +
                                     ") executes '" + s.text + "'"});
    f.trace.push_back({1, s.loc, "thread B (" + threadText(ib, false) + ", lane " + std::to_string(val(laneB)) +
                                     ") of the same warp does not"});
    demoteIfRestsOn(f, {&a.mask, &b.mask, &a.guard, &b.guard}, "the mask or the paths to it");
    findings.push_back(f);
    reported.insert(s.id);
  } else if (r == z3::unknown) {
    solverUnknown(&s, collective ? "whether all lanes in the mask reach the collective"
                            : "whether all lanes in the mask reach the __syncwarp");
    reported.insert(s.id);
  }
}

// Warp collectives (__shfl_*_sync, __ballot_sync, ...): their masks, as
// __syncwarp's. `inLoops` false: those outside loops (any pair); true: those
// inside loops, on a same-warp pair that shares the iteration of every loop
// with a collective (the collective pair: it orders nothing, so that pair is
// not used for races).
void Checker::collectiveChecks(Executor &x, Executor &y, const Thread &A, const Thread &B, bool inLoops) {
  z3::expr base = launchConstraints() && threadConstraints(A) && threadConstraints(B) && x.assumed && y.assumed &&
                  !(A.tid[0] == B.tid[0] && A.tid[1] == B.tid[1] && A.tid[2] == B.tid[2]);
  size_t n = std::min(x.barriers.size(), y.barriers.size());
  for (size_t i = 0; i < n; ++i) {
    const BarrierEv &a = x.barriers[i];
    if (a.s->barrier != BarrierKind::WarpCollective || collectivesReported.count(a.s->id) ||
        (a.loopDepth > 0) != inLoops)
      continue;
    warpMaskChecks(a, y.barriers[i], y, A, B, base, collectivesReported);
  }
}

void Checker::divergenceChecks(Executor &x, Executor &y, const Thread &A, const Thread &B, bool blockLevel,
                               bool warpLevel) {
  z3::expr base = launchConstraints() && threadConstraints(A) && threadConstraints(B) && x.assumed && y.assumed &&
                  !(A.tid[0] == B.tid[0] && A.tid[1] == B.tid[1] && A.tid[2] == B.tid[2]);
  std::set<int> reported;
  if (blockLevel)
    loopExitChecks(x, y, A, B, base, reported,
                   "barrier divergence: the loop contains a barrier but threads of a block leave it after different "
                   "iterations (a thread-dependent break or return)",
                   false);
  size_t n = std::min(x.barriers.size(), y.barriers.size());
  for (size_t i = 0; i < n; ++i) {
    const BarrierEv &a = x.barriers[i];
    const BarrierEv &b = y.barriers[i];
    const Stmt &s = *a.s;
    if (reported.count(s.id)) continue;
    bool blockWide = s.barrier == BarrierKind::Block || s.barrier == BarrierKind::Grid;
    if ((blockWide || s.barrier == BarrierKind::Warpgroup) && blockLevel) {
      // A collective reached by A and not by B of the same block (barriers)
      // or of the same warpgroup (setmaxnreg.sync.aligned: 4 warps).
      // (The block query is built exactly as before warpgroups were added:
      // the solver's work limit is deterministic only for the same terms.)
      std::string unit = blockWide ? "block" : "warpgroup";
      z3::check_result r =
          blockWide ? check(base && a.guard && !b.guard)
                    : check(base && z3::udiv(linearTid(A), c.bv_val(128, 32)) == z3::udiv(linearTid(B), c.bv_val(128, 32)) &&
                            a.guard && !b.guard);
      if (r == z3::unknown) {
        solverUnknown(&s, blockWide ? "whether barrier is uniform" : "whether the whole warpgroup executes it");
        reported.insert(s.id);
        continue;
      }
      if (r != z3::sat) continue;
      reported.insert(s.id);
      Finding f;
      f.kind = FindingKind::Divergence;
      f.kernel = k.displayName;
      f.loc = s.loc;
      model::ThreadId ia = threadId("thread A", A), ib = threadId("thread B", B);
      f.threads = {ia, ib};
      f.message = blockWide ? "barrier divergence: '" + s.text + "' is reached by some threads of a block but not by others"
                            : "warpgroup divergence: '" + s.text + "' is executed by some threads of a warpgroup but not "
                              "by others (setmaxnreg.sync.aligned must be executed by all 4 warps of the warpgroup)";
      addLaunchValues(f);
      f.trace.push_back({0, s.loc, "thread A (" + threadText(ia, false) + ") reaches '" + s.text + "'"});
      f.trace.push_back({1, s.loc, "thread B (" + threadText(ib, false) + ") of the same " + unit + " does not reach it"});
      demoteIfRestsOn(f, {&a.guard, &b.guard}, "the path to the barrier");
      findings.push_back(f);
    } else if (s.barrier == BarrierKind::Warp && warpLevel) {
      warpMaskChecks(a, b, y, A, B, base, reported);
    }
  }
  // Loops containing barriers must have thread-independent trip counts.
  if (blockLevel)
    loopUniformityChecks(x, y, A, B, base, reported, "whether the loop's trip count is uniform",
                         "barrier divergence: the loop contains a barrier but its condition can differ between threads "
                         "of a block (thread-dependent trip count)",
                         false);
}

// grid.sync(): reached by every thread of the grid or by none (a thread of
// another block that does not arrive leaves the others waiting forever);
// loops around it run alike in all blocks; and it needs a cooperative launch,
// without which the blocks need not be co-resident.
void Checker::gridChecks(Executor &intra, Executor &x, Executor &y) {
  z3::expr base = launchConstraints() && threadConstraints(C) && threadConstraints(D) && x.assumed && y.assumed &&
                  !(C.bid[0] == D.bid[0] && C.bid[1] == D.bid[1] && C.bid[2] == D.bid[2]);
  std::set<int> reported;
  size_t n = std::min(x.barriers.size(), y.barriers.size());
  for (size_t i = 0; i < n; ++i) {
    const BarrierEv &a = x.barriers[i], &b = y.barriers[i];
    if (a.s->barrier != BarrierKind::Grid || reported.count(a.s->id)) continue;
    z3::check_result r = check(base && a.guard && !b.guard);
    if (r == z3::unknown) { solverUnknown(a.s, "whether grid.sync() is reached by all blocks"); reported.insert(a.s->id); continue; }
    if (r != z3::sat) continue;
    reported.insert(a.s->id);
    model::Finding f;
    f.kind = FindingKind::Divergence;
    f.kernel = k.displayName;
    f.loc = a.s->loc;
    model::ThreadId ic = threadId("thread A", C), id = threadId("thread B", D);
    f.threads = {ic, id};
    f.message = "grid barrier divergence: '" + a.s->text +
                "' is reached by some threads of the grid but not by others (the others wait forever)";
    addLaunchValues(f);
    f.trace.push_back({0, a.s->loc, "thread A (" + threadText(ic, true) + ") waits at '" + a.s->text + "'"});
    f.trace.push_back({1, a.s->loc, "thread B (" + threadText(id, true) + ") never reaches it"});
    demoteIfRestsOn(f, {&a.guard, &b.guard}, "the path to the barrier");
    findings.push_back(f);
  }
  loopUniformityChecks(x, y, C, D, base, reported, "whether the loop around grid.sync() runs alike in all blocks",
                       "grid barrier divergence: the loop contains grid.sync() but its condition can differ between blocks",
                       true);
  loopExitChecks(x, y, C, D, base, reported,
                 "grid barrier divergence: the loop contains grid.sync() but blocks leave it after different iterations "
                 "(a block-dependent break or return)",
                 true);
  if (opts.launch.cooperative) return;
  // Co-residency: only a cooperative launch guarantees it.
  z3::expr ibase = launchConstraints() && threadConstraints(A) && intra.assumed;
  for (const BarrierEv &a : intra.barriers) {
    if (a.s->barrier != BarrierKind::Grid || reported.count(-1 - a.s->id)) continue;
    reported.insert(-1 - a.s->id);
    if (check(ibase && a.guard) != z3::sat) continue;
    model::Finding f;
    f.kind = FindingKind::Deadlock;
    f.kernel = k.displayName;
    f.loc = a.s->loc;
    f.message = "'" + a.s->text + "' needs a cooperative launch (cudaLaunchCooperativeKernel), which the launch "
                "contract does not state (--cooperative); otherwise blocks need not be co-resident and may wait "
                "forever for blocks that are never scheduled";
    addLaunchValues(f);
    findings.push_back(f);
  }
}

// A divergence finding at a loop, for the pair (A, B) of the current model.
Finding Checker::loopDivergence(const Stmt &loop, const model::ThreadId &a, const model::ThreadId &b,
                                const std::string &message) {
  Finding f;
  f.kind = FindingKind::Divergence;
  f.kernel = k.displayName;
  f.loc = loop.loc;
  f.threads = {a, b};
  f.message = message;
  addLaunchValues(f);
  return f;
}

// A loop with barriers left by B during an iteration (a break or return) in
// which A goes on to the next iteration: A waits at that iteration's barrier
// for B, which never comes. (The loop's iterations are shared by the pair,
// so the test of its condition alone cannot see it.) Same block, or, for
// grid.sync(), any two blocks.
void Checker::loopExitChecks(Executor &x, Executor &y, const Thread &A, const Thread &B, const z3::expr &base,
                             std::set<int> &reported, const std::string &message, bool withBlock) {
  for (size_t i = 0; i < std::min(x.loopExits.size(), y.loopExits.size()); ++i) {
    const LoopExitEv &a = x.loopExits[i], &b = y.loopExits[i];
    if (a.s != b.s || reported.count(a.s->id) || b.leaves.is_false()) continue;
    z3::check_result r = check(base && a.goesOn && b.leaves);
    if (r == z3::unknown) {
      solverUnknown(a.s, "whether all threads leave the loop in the same iteration");
      reported.insert(a.s->id);
      continue;
    }
    if (r != z3::sat) continue;
    reported.insert(a.s->id);
    model::ThreadId ia = threadId("thread A", A), ib = threadId("thread B", B);
    Finding f = loopDivergence(*a.s, ia, ib, message);
    f.trace.push_back({0, a.s->loc, "thread B (" + threadText(ib, withBlock) + ") leaves the loop during an iteration"});
    f.trace.push_back({1, a.s->loc, "thread A (" + threadText(ia, withBlock) +
                                        ") goes on to the next iteration and waits at its barrier"});
    demoteIfRestsOn(f, {&a.goesOn, &b.leaves}, "where the threads leave the loop");
    findings.push_back(f);
  }
}

// A loop that contains a barrier must evaluate its condition alike in the
// two threads (same block, or the whole grid for grid.sync()).
void Checker::loopUniformityChecks(Executor &x, Executor &y, const Thread &A, const Thread &B, const z3::expr &base,
                                   std::set<int> &reported, const std::string &what, const std::string &message,
                                   bool withBlock) {
  size_t m = std::min(x.loopConds.size(), y.loopConds.size());
  for (size_t i = 0; i < m; ++i) {
    const CondEv &a = x.loopConds[i], &b = y.loopConds[i];
    if (reported.count(a.s->id)) continue;
    z3::check_result r = check(base && a.guard && b.guard && (a.cond != b.cond));
    if (r == z3::unknown) { solverUnknown(a.s, what); reported.insert(a.s->id); continue; }
    if (r != z3::sat) continue;
    reported.insert(a.s->id);
    model::ThreadId ia = threadId("thread A", A), ib = threadId("thread B", B);
    Finding f = loopDivergence(*a.s, ia, ib, message);
    f.trace.push_back({0, a.s->loc, "thread A (" + threadText(ia, withBlock) + ") evaluates the loop condition to " +
                                        (val(a.cond) ? "true" : "false")});
    f.trace.push_back({1, a.s->loc, "thread B (" + threadText(ib, withBlock) + ") evaluates it to " +
                                        (val(b.cond) ? "true" : "false")});
    demoteIfRestsOn(f, {&a.cond, &b.cond, &a.guard, &b.guard}, "the loop's condition");
    findings.push_back(f);
  }
}

void Checker::unknownChecks(Executor &x) {
  z3::expr base = launchConstraints() && threadConstraints(A) && x.assumed;
  std::set<std::pair<int, std::string>> seen;
  for (const UnknownEv &u : x.unknowns) {
    if (!seen.insert({u.s->id, u.reason}).second) continue;
    z3::check_result r = check(base && u.guard);
    if (r == z3::unsat) continue;
    model::Finding f;
    f.kind = model::FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = u.s->loc;
    f.message = "not modelled: " + u.reason;
    unknownFindings.push_back(f);
  }
}

std::optional<std::vector<size_t>> Checker::failingInModel(const z3::expr &base, const std::vector<z3::expr> &fails) {
  // Each round asks whether one of the obligations not yet found failing can
  // fail, and takes every obligation its model fails: the answer does not
  // depend on which model the solver happens to return first.
  std::vector<size_t> failing;
  std::vector<bool> found(fails.size(), false);
  for (int round = 0; round < 16; ++round) {
    z3::expr any = c.bool_val(false);
    for (size_t i = 0; i < fails.size(); ++i)
      if (!found[i]) any = any || fails[i];
    if (any.is_false()) break;
    z3::check_result r = check(base && any);
    if (r == z3::unsat) break;
    if (r == z3::unknown || !lastModel) {
      if (failing.empty()) return std::nullopt;
      break;
    }
    bool more = false;
    for (size_t i = 0; i < fails.size(); ++i)
      if (!found[i] && lastModel->eval(fails[i], true).is_true()) {
        found[i] = more = true;
        failing.push_back(i);
      }
    if (!more) break;
  }
  std::sort(failing.begin(), failing.end());
  return failing;
}

// Signed arithmetic that can overflow, and the program's own promises
// (__builtin_assume) that can be false: the execution assumed them, which
// removes the paths where they fail. One query for all of them; each
// obligation is asked with the assumptions made before it (an execution's
// first failure has only defined behaviour before it). Reported at the
// statements the answer's model names.
void Checker::overflowChecks(Executor &x) {
  if (x.overflowObligations.empty()) return;
  std::vector<z3::expr> fails;
  for (const Executor::OverflowObligation &o : x.overflowObligations)
    fails.push_back(o.assumedBefore && o.witness && o.pc && !o.ok);
  std::optional<std::vector<size_t>> failing = failingInModel(launchConstraints() && threadConstraints(A), fails);
  if (!failing) {
    solverUnknown(x.overflowObligations.front().s, "whether signed integer arithmetic can overflow (the proof assumes it does not)");
    return;
  }
  std::set<const Stmt *> seen;
  for (size_t i : *failing) {
    const Stmt *s = x.overflowObligations[i].s;
    if (!s || !seen.insert(s).second) continue;
    model::Finding f;
    f.kind = model::FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = s->loc;
    std::string who = threadText(threadId("thread A", A), false);
    if (x.overflowObligations[i].userAssumption) {
      f.message = "not proved: the program's assumption " + (s->text.empty() ? std::string("here") : "'" + s->text + "'") +
                  " can be false (undefined behaviour) for " + who + " under this launch; the checks would exclude that thread";
    } else {
      std::string where = !s->text.empty() ? "'" + s->text + "'"
                          : s->kind == Stmt::Kind::Assign ? "the value assigned to '" + k.vars[s->var].name + "'"
                          : s->kind == Stmt::Kind::Loop   ? "the loop's condition or update"
                                                          : "this statement";
      if (x.overflowObligations[i].division)
        f.message = "not proved: " + where + " can divide by zero or overflow (undefined behaviour) for " + who +
                    "; the checks assume it does not. Guard the divisor or bound it in the contract";
      else
        f.message = "not proved: signed integer arithmetic in " + where + " can overflow (undefined behaviour) for " + who +
                    "; the checks assume it does not. Bound the values (a parameter range in the contract) or compute "
                    "in unsigned arithmetic";
    }
    unknownFindings.push_back(f);
  }
}

// Async copies whose addresses may be misaligned (PTX ISA: undefined
// behaviour): one query for all, reported where the model fails.
void Checker::alignmentChecks(Executor &x) {
  if (x.alignObligations.empty()) return;
  std::vector<z3::expr> fails;
  for (const Executor::AlignObligation &o : x.alignObligations) fails.push_back(o.witness && o.pc && !o.ok);
  std::optional<std::vector<size_t>> failing =
      failingInModel(launchConstraints() && threadConstraints(A) && x.assumed, fails);
  if (!failing) {
    solverUnknown(x.alignObligations.front().s, "whether the async copies' addresses are aligned");
    return;
  }
  std::set<std::pair<const Stmt *, std::string>> seen;
  for (size_t i : *failing) {
    const Executor::AlignObligation &o = x.alignObligations[i];
    if (!seen.insert({o.s, o.what}).second) continue;
    const model::Region &r = k.regions[o.region];
    bool base = r.space == model::AddressSpace::Shared && r.baseAlign < o.align;
    model::Finding f;
    f.kind = model::FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = o.s->loc;
    f.message = "not proved: the " + o.what + " of '" + o.s->atomicOp + "' may not be " + std::to_string(o.align) +
                "-byte aligned" +
                (base ? " (the array is declared with " + std::to_string(r.baseAlign) + "-byte alignment: declare it alignas(" +
                            std::to_string(o.align) + ") or more)"
                      : " for " + threadText(threadId("thread A", A), false)) +
                "; a misaligned async copy is undefined behaviour (PTX ISA)";
    unknownFindings.push_back(f);
  }
}

// Accesses of __shared__ arrays that may leave them: an `unknown` each (the
// model keeps arrays apart; the bytes past the end belong to a neighbour).
void Checker::boundsChecks(Executor &x) {
  if (x.boundsObligations.empty()) return;
  std::vector<z3::expr> fails;
  for (const Executor::BoundsObligation &o : x.boundsObligations) fails.push_back(o.witness && o.pc && !o.ok);
  std::optional<std::vector<size_t>> failing =
      failingInModel(launchConstraints() && threadConstraints(A) && x.assumed, fails);
  if (!failing) {
    solverUnknown(x.boundsObligations.front().s, "whether the shared-memory accesses stay inside their arrays");
    return;
  }
  std::set<const Stmt *> seen;
  for (size_t i : *failing) {
    const Stmt *s = x.boundsObligations[i].s;
    if (!seen.insert(s).second) continue;
    const model::Region &r = k.regions[s->region];
    uint64_t size = r.dynamicShared ? opts.launch.dynamicSmem.value_or(0) : r.sizeBytes.value_or(0);
    model::Finding f;
    f.kind = model::FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = s->loc;
    f.message = "not proved: '" + s->text + "' may lie outside '" + r.name + "' (" + std::to_string(size) +
                " bytes" + (r.dynamicShared ? ", as the contract's dynamic_smem gives" : "") + ") for " + threadText(threadId("thread A", A), false) +
                "; the checks assume every access stays inside its array (past its end is other shared memory). "
                "Bound the index, or the launch in the contract";
    f.keepsViolations = true;
    boundsFindings.push_back(f);
  }
}

// Violations next to a reachable construct that is not modelled are not
// confirmed: they become unknown ("possible ...").
void demoteViolations(std::vector<model::Finding> &fs, size_t from, const std::string &why) {
  for (size_t i = from; i < fs.size(); ++i) {
    model::Finding &f = fs[i];
    if (f.kind == model::FindingKind::Unknown) continue;
    f.message = "possible " + f.message + " (not confirmed: " + why + ")";
    f.possibleKind = f.kind;
    f.confirmed = false;
    f.kind = model::FindingKind::Unknown;
  }
}
void demoteViolations(std::vector<model::Finding> &fs) {
  demoteViolations(fs, 0, "a construct that is not modelled is reachable; see the unknown findings of this kernel");
}

// The checks, with the solver budget (engine.h, chargeWork): a check that
// runs out of it is `unknown`, with what it found so far not confirmed.
model::KernelResult Checker::run() {
  try {
    return runChecks();
  } catch (const BudgetExhausted &b) {
    model::KernelResult res;
    res.kernel = k.displayName;
    res.loc = k.loc;
    std::vector<Finding> all = findings;
    for (auto &f : orderingFindings) all.push_back(f);
    demoteViolations(all);
    for (auto &u : unknownFindings) all.push_back(u);
    for (auto &b : boundsFindings) all.push_back(b);
    Finding f;
    f.kind = FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = k.loc;
    char secs[32];
    std::snprintf(secs, sizeof secs, "%g", opts.budgetSeconds);
    f.message = b.wallClock
                    ? "not decided: the check stopped at its wall-clock budget (--budget " + std::string(secs) +
                          " s, " + std::to_string(queries) + " queries), after: " + stage +
                          "; the checks after it did not run (a larger --budget, 0 for none, a smaller contract or "
                          "fixed parameters may decide it)"
                    : "not decided: the check stopped when its solver work reached " + std::to_string(kBudgetQueries) +
                          " times the per-query limit (--rlimit " + std::to_string(opts.rlimit) + ", " +
                          std::to_string(queries) + " queries), after: " + stage +
                          "; the checks after it did not run (a smaller contract, fixed parameters or a larger "
                          "--rlimit may decide it)";
    all.push_back(f);
    // The constructs the model does not cover, listed without the
    // reachability check that did not run (the first of them).
    if (unknownFindings.empty()) {
      std::vector<const Stmt *> unmodelled;
      std::set<std::pair<unsigned, std::string>> seen;
      model::forEachStmt(*k.body, [&](const Stmt &st) {
        if (st.kind == Stmt::Kind::Unknown && seen.insert({st.loc.line, st.reason}).second) unmodelled.push_back(&st);
      });
      constexpr size_t kListed = 20;
      for (size_t i = 0; i < unmodelled.size() && i < kListed; ++i) {
        Finding u;
        u.kind = FindingKind::Unknown;
        u.kernel = k.displayName;
        u.loc = unmodelled[i]->loc;
        u.message = "not modelled: " + unmodelled[i]->reason + " (whether it is reachable was not checked)";
        all.push_back(u);
      }
      if (unmodelled.size() > kListed) {
        Finding u;
        u.kind = FindingKind::Unknown;
        u.kernel = k.displayName;
        u.loc = k.loc;
        u.message = std::to_string(unmodelled.size() - kListed) + " more constructs are not modelled ('syncproof model' lists them)";
        all.push_back(u);
      }
    }
    res.findings = all;
    res.verdict = model::Verdict::Unknown;
    res.queries = queries;
    res.assumptions.push_back("launch: " + opts.launch.describe());
    launchBoundsAssumption(res.assumptions);
    return res;
  }
}

model::KernelResult Checker::runChecks() {
  auto t0 = std::chrono::steady_clock::now();
  model::KernelResult res;
  res.kernel = k.displayName;
  res.loc = k.loc;
  for (size_t i = 0; i < k.params.size(); ++i) {
    unsigned w = k.params[i].kind == model::Param::Kind::Scalar ? k.params[i].width : 64;
    std::string name = "param." + k.params[i].name;
    params.push_back(w == 1 ? c.bool_const(name.c_str()) : c.bv_const(name.c_str(), w));
  }
  auto mkThread = [&](Thread &t, const std::string &name, bool ownBlock) {
    t.name = name;
    const char *xyz = "xyz";
    for (int i = 0; i < 3; ++i) {
      t.tid[i] = c.bv_const((name + ".threadIdx." + xyz[i]).c_str(), 32);
      if (!ownBlock && blockOfPair) t.bid[i] = c.bv_val((*blockOfPair)[i], 32);
      else t.bid[i] = c.bv_const(((ownBlock ? name : std::string("shared")) + ".blockIdx." + xyz[i]).c_str(), 32);
    }
  };
  mkThread(A, "A", false);
  mkThread(B, "B", false);
  mkThread(C, "C", true);
  mkThread(D, "D", true);
  mkThread(WA, "WA", false);
  mkThread(WB, "WB", false);
  mkThread(GA, "GA", false);
  mkThread(GB, "GB", false);
  findReadOnlyLoads();
  findUntrackedValues();
  findTicketRegions();
  findBroadcastSlots();
  for (const model::Param &p : k.params) {
    if (p.kind != model::Param::Kind::Pointer || p.region < 0) continue;
    for (const auto &d : opts.launch.distinctElements)
      if (d.name == p.name) distinctRegions[p.region] = d.atLeast;
    for (const auto &er : opts.launch.elementRanges)
      if (er.name == p.name) elementRangeRegions[p.region] = {er.min, er.max};
  }
  if (!findEqualityLoads()) findStableSharedLoads();
  rebuildBlockUniformLoads();
  // Spin-waits are modelled from a launch value of 0: a wait on memory that
  // the program, the contract or CUDA says may start otherwise is not.
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    if (s.kind != Stmt::Kind::Await || s.region < 0) return;
    std::string why = launchValueNotZero(s);
    if (why.empty()) return;
    Finding f;
    f.kind = FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = s.loc;
    f.message = "not modelled: the wait on '" + s.text + "' reads " + why + "; waits are modelled from a launch value of 0";
    unknownFindings.push_back(f);
  });
  contractMemoryWrites();
  nonCoherentReads();
  computeVarying();
  // A contract that admits no launch would make every property vacuous.
  if (z3::check_result any = checkExact(launchConstraints() && threadConstraints(A)); any != z3::sat) {
    model::Finding f;
    f.kind = model::FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = k.loc;
    f.message = any == z3::unsat ? "the launch contract admits no launch of this kernel; nothing was proved"
                                 : "could not decide whether the launch contract admits a launch (solver resource "
                                   "limit or timeout reached); nothing was proved";
    res.findings.push_back(f);
    res.verdict = model::Verdict::Unknown;
    return res;
  }

  // SYNCPROOF_PHASES=1 prints the time and queries of each phase (tuning aid).
  bool phases = getenv("SYNCPROOF_PHASES") != nullptr;
  auto phase = [&, t = std::chrono::steady_clock::now(), q = queries, sq = solverSeconds,
                sa = abstractionSeconds](const char *name) mutable {
    stage = name;
    if (!phases) return;
    auto now = std::chrono::steady_clock::now();
    fprintf(stderr, "syncproof: %s: %s %.2f s, %u queries (%.2f s in the solver, %.2f s abstracting products)\n",
            k.displayName.c_str(), name, std::chrono::duration<double>(now - t).count(), queries - q,
            solverSeconds - sq, abstractionSeconds - sa);
    t = now;
    q = queries;
    sq = solverSeconds;
    sa = abstractionSeconds;
  };
  // Intra-block pair. With __syncwarp in the kernel, pairs within one warp
  // are checked by a second pair that shares the iteration of loops with
  // warp barriers (valid only within a warp).
  bool warpBarriers = model::containsBarrier(*k.body, false, true);
  std::optional<Replay> r1;
  std::optional<Executor> eaRun, ebRun;
  auto runPair = [&] {
    r1.emplace();
    eaRun.emplace(*this, A, true, *r1);
    eaRun->run();
    ebRun.emplace(*this, B, true, *r1);
    ebRun->run();
  };
  runPair();
  // Candidate stable loads of shared memory are checked against this
  // execution, in which every load is arbitrary (so it covers every run of
  // the kernel); those no write after their barrier overlaps are one value
  // per address, and the pair runs again with them.
  if (!stableCandidates.empty()) {
    keepStableSharedLoads(*eaRun, *ebRun);
    if (phases)
      fprintf(stderr, "syncproof: %s: stable loads of shared memory: %zu candidates, %zu kept\n", k.displayName.c_str(),
              stableCandidates.size(), stableSharedLoads.size());
    if (!stableSharedLoads.empty()) {
      varying.clear();
      varyingGrid.clear();
      computeVarying();
      runPair();
    }
  }
  Executor &ea = *eaRun, &eb = *ebRun;
  phase("execution of the intra-block pair");
  if (part == Part::ProgressOnly) {
    mbarrierChecks(ea, A);
    namedBarrierChecks(ea, A, std::nullopt);
    blockProgressChecks(ea, A);
    blockSteps = gridSteps(ea, A);
    res.verdict = model::Verdict::Unknown;  // (its findings are not a check's)
    return res;
  }
  if (part != Part::InterBlock) {
    mbarrierChecks(ea, A);
    phase("mbarrier bookkeeping");
    copySelfChecks(ea, A);
    bulkStoreFenceChecks(ea, A, eb, B);
    phase("bulk copies of one thread, proxy fences");
    // A named barrier of one fixed group of warps (the consumers of a
    // warp-specialized kernel), also inside loops: pairs of that group are
    // checked by a second pair that executes it as the group's barrier.
    std::string whyNot;
    std::optional<GroupBarrier> group = findGroupBarrier(ea, whyNot);
    std::optional<Executor> ga, gb;
    if (group) {
      GA.only = inGroup(*group, GA);
      GB.only = inGroup(*group, GB);
      Replay rg;
      ga.emplace(*this, GA, true, rg);
      ga->groupBarrier = (int64_t)group->id;
      ga->run();
      gb.emplace(*this, GB, true, rg);
      gb->groupBarrier = (int64_t)group->id;
      gb->run();
      whyNot = groupBarrierHolds(ea, *ga, *gb, *group);
      if (!whyNot.empty()) group.reset();
      phase("the group pair of a named barrier");
    }
    if (phases && !whyNot.empty())
      fprintf(stderr, "syncproof: %s: a named barrier is not its group's barrier: %s\n", k.displayName.c_str(),
              whyNot.c_str());
    std::optional<z3::expr> bothMembers;
    if (group) bothMembers = inGroup(*group, A) && inGroup(*group, B);
    raceChecks(ea, eb, false, A, B, warpBarriers ? -1 : 0, bothMembers);
    if (group) raceChecks(*ga, *gb, false, GA, GB, warpBarriers ? -1 : 0);
    phase("races within a block");
    divergenceChecks(ea, eb, A, B, true, !warpBarriers);
    collectiveChecks(ea, eb, A, B, false);
    namedBarrierChecks(ea, A, group ? std::optional<uint64_t>(group->id) : std::nullopt);
    blockProgressChecks(ea, A);
    exitInFlightChecks();
    if (part == Part::IntraBlock) blockSteps = gridSteps(ea, A);
    unknownChecks(ea);
    overflowChecks(ea);
    alignmentChecks(ea);
    boundsChecks(ea);
    phase("divergence, named barriers");
  }
  if (warpBarriers && part != Part::InterBlock) {
    Replay rw;
    Executor wa(*this, WA, true, rw, /*shareWarpLoops=*/true);
    wa.run();
    Executor wb(*this, WB, true, rw, /*shareWarpLoops=*/true);
    wb.run();
    raceChecks(wa, wb, false, WA, WB, 1);
    divergenceChecks(wa, wb, WA, WB, false, true);
  }
  // Warp collectives inside loops: a same-warp pair in the same iteration of
  // each loop that holds one (for their masks only; it orders nothing).
  bool collectivesInLoops = model::anyStmt(*k.body, [](const Stmt &x) {
    return x.kind == Stmt::Kind::Loop && ((x.body && containsCollective(*x.body)) || (x.step && containsCollective(*x.step)));
  });
  if (collectivesInLoops && part != Part::InterBlock) {
    Replay rc;
    Executor ca(*this, WA, true, rc, /*shareWarpLoops=*/true);
    ca.shareCollectiveLoops = true;
    ca.run();
    Executor cb(*this, WB, true, rc, /*shareWarpLoops=*/true);
    cb.shareCollectiveLoops = true;
    cb.run();
    collectiveChecks(ca, cb, WA, WB, true);
  }

  // Inter-block pair: no synchronization between blocks in this version.
  bool anyGlobal = false;
  for (auto &r : k.regions) anyGlobal |= r.space == model::AddressSpace::Global;
  bool gridBarriers = containsGrid(*k.body);
  if ((anyGlobal || gridBarriers) && part != Part::IntraBlock) {
    if (part == Part::InterBlock) {  // constructs not modelled, once
      unknownChecks(ea);
      overflowChecks(ea);
      alignmentChecks(ea);
      boundsChecks(ea);
    }
    Replay r2;
    Executor ec(*this, C, false, r2, false, /*shareGridLoops=*/true);
    ec.run();
    Executor ed(*this, D, false, r2, false, /*shareGridLoops=*/true);
    ed.run();
    phase("execution of the inter-block pair");
    classifySignals(ea, eb, ec, ed);
    if (phases)
      for (auto &[id, cls] : signalClass) {
        static const char *names[] = {"none", "exclusive", "counting", "turn", "monotone", "epoch"};
        for (const AccessEv &e : ec.accesses)
          if (e.s->id == id) {
            fprintf(stderr, "syncproof: %s: signal '%s' (line %u): %s\n", k.displayName.c_str(), e.s->text.c_str(),
                    e.s->loc.line, names[cls.kind]);
            break;
          }
      }
    phase("signal classes");
    if (!ec.awaits.empty()) deadlockChecks(ea, eb, ec, ed);
    phase("deadlock");
    size_t firstRace = findings.size();
    raceChecks(ec, ed, true, C, D);
    phase("races between blocks");
    for (auto &f : orderingFindings) findings.push_back(f);
    orderingFindings.clear();
    // A wait reported as a deadlock whose signals give no happens-before
    // edges: races and ordering findings between blocks are not confirmed.
    if (!unmodelledSync.empty()) demoteViolations(findings, firstRace, unmodelledSync.front());
    if (gridBarriers) gridChecks(ea, ec, ed);
  }

  // Counters and flags are modelled from a launch value of 0: a classified
  // signal on memory that may start otherwise (waits: launchValueNotZero
  // before the checks) is not.
  {
    std::set<int> told;
    model::forEachStmt(*k.body, [&](const Stmt &s) {
      auto it = signalClass.find(s.id);
      if (it == signalClass.end() || it->second.kind == SignalClass::None || s.region < 0 || told.count(s.region))
        return;
      std::string why = launchValueNotZero(s);
      if (why.empty()) return;
      told.insert(s.region);
      Finding f;
      f.kind = FindingKind::Unknown;
      f.kernel = k.displayName;
      f.loc = s.loc;
      f.message = "not modelled: the signal '" + s.text + "' updates " + why +
                  "; counters and flags are modelled from a launch value of 0";
      unknownFindings.push_back(f);
    });
  }
  // A construct that is not modelled may synchronize, redirect an access or
  // cut a path: next to a reachable one, a violation is not confirmed.
  if (!unknownFindings.empty()) {
    bool demotes = false;  // (an unknown that keeps violations confirms nothing and demotes nothing)
    for (auto &u : unknownFindings) demotes |= !u.keepsViolations;
    if (demotes) demoteViolations(findings);
    for (auto &u : unknownFindings) findings.push_back(u);
    unknownFindings.clear();
  }
  for (auto &b : boundsFindings) findings.push_back(b);
  res.findings = findings;
  for (auto &u : unknownFindings) res.findings.push_back(u);
  bool violation = false;
  for (auto &f : findings) violation |= f.kind != FindingKind::Unknown;
  if (violation) res.verdict = model::Verdict::Violations;
  else if (!findings.empty()) res.verdict = model::Verdict::Unknown;
  else res.verdict = model::Verdict::Proved;
  res.queries = queries;
  res.solveSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  res.assumptions.push_back("launch: " + opts.launch.describe());
  launchBoundsAssumption(res.assumptions);
  for (const auto &pr : opts.launch.paramRanges)
    for (const auto &p : k.params)
      if (p.name == pr.name && p.kind == model::Param::Kind::Scalar)
        res.assumptions.push_back("parameter " + pr.name + " in [" + std::to_string(pr.min) + ", " +
                                  std::to_string(pr.max) + "]");
  if (!opts.launch.pointersMayAlias)
    res.assumptions.push_back("distinct pointer parameters point to non-overlapping memory");
  for (auto &[r, atLeast] : distinctRegions)
    res.assumptions.push_back("the elements of '" + k.regions[r].name + "'" +
                              (atLeast ? " of at least " + std::to_string(*atLeast) : std::string()) +
                              " are pairwise distinct (the contract's distinct_elements): two loads of one statement, "
                              "each of one whole element, at different addresses read different values");
  for (auto &[r, range] : elementRangeRegions)
    res.assumptions.push_back("the elements of '" + k.regions[r].name + "' lie in [" + std::to_string(range.first) +
                              ", " + std::to_string(range.second) + "] (the contract's element_ranges)");
  res.assumptions.push_back("signed integer overflow does not occur (it is undefined behaviour)");
  bool asyncGlobal = false;
  model::forEachStmt(*k.body, [&](const Stmt &s) {
    asyncGlobal |= s.kind == Stmt::Kind::AsyncCopy && s.srcRegion >= 0 && !k.regions[s.srcRegion].baseAlign;
  });
  if (asyncGlobal)
    res.assumptions.push_back("pointer parameters that async copies use are 16-byte aligned (cudaMalloc: 256)");
  if (!uniformLoads.empty())
    res.assumptions.push_back("global memory the kernel only reads is not written by anyone else while it runs (each "
                              "address reads one value)");
  // The counters and flags the checks read against a launch value of 0:
  // what spin-waits read, and the locations of classified signals (a
  // last-block count is read by its own updates, without a wait).
  {
    std::set<int> zeroAtLaunch;
    model::forEachStmt(*k.body, [&](const Stmt &s) {
      auto it = signalClass.find(s.id);
      if (s.kind == Stmt::Kind::Await || (it != signalClass.end() && it->second.kind != SignalClass::None))
        if (s.region >= 0) zeroAtLaunch.insert(s.region);
    });
    std::string names, devNames;
    for (int r : zeroAtLaunch) {
      names += (names.empty() ? "'" : ", '") + k.regions[r].name + "'";
      if (k.regions[r].deviceVar) devNames += (devNames.empty() ? "'" : ", '") + k.regions[r].name + "'";
    }
    if (!names.empty())
      res.assumptions.push_back(
          "the counters and flags the blocks synchronize through (" + names + ") hold 0 when the kernel starts" +
          (devNames.empty() ? std::string(" (the host zeroes them)")
                            : " (the host zeroes them; __device__ " + devNames +
                                  " start at their initializer 0, and a later launch finds 0 only if the one before "
                                  "left it so, which is not checked)"));
  }
  for (int r : ticketRegions)
    res.assumptions.push_back("'" + k.regions[r].name + "' is only ever increased by atomic adds of positive "
                              "constants and does not wrap while the kernel runs (two of them at one address "
                              "return different values)");
  memoryAssumptions(k, opts.launch, res.assumptions);
  return res;
}

// What a proof assumes about memory: contents that are known (__constant__
// initializers, the contract's `memory:` files), and the size of dynamic
// shared memory when the contract does not give it.
void memoryAssumptions(const model::Kernel &k, const model::LaunchShape &launch, std::vector<std::string> &out) {
  bool dynamic = false;
  for (auto &r : k.regions) dynamic |= r.dynamicShared;
  if (dynamic && !launch.dynamicSmem)
    out.push_back("accesses of dynamic shared memory stay inside the launch's allocation (the contract gives no "
                  "dynamic_smem to check them against)");
  for (auto &r : k.regions) {
    if (!r.constData) continue;
    if (r.constSource.empty())
      out.push_back("__constant__ '" + r.name + "' holds its initializer (the host does not overwrite it)");
    else
      out.push_back("'" + r.name + "' points to the contents the contract gives, " + r.constSource +
                    ", and nothing writes them while the kernel runs");
  }
}

}  // namespace detail

using detail::Checker;

namespace {

using detail::fixedParams;

// Pipeline loops longer than this are not unrolled.
constexpr unsigned kMaxUnrolledIterations = 64;
// Loops that only compute values are unrolled up to this trip count.
constexpr unsigned kMaxSmallIterations = 8;

// Blocks of a fixed grid checked one by one (below).
constexpr uint64_t kMaxBlocksOneByOne = 64;

// Interpreter kernels read their instruction words from a __constant__
// table indexed by blockIdx: the thread-by-thread bookkeeping of pipeline
// operations needs the words as constants. With a fixed grid of a few
// blocks, the intra-block checks run once per block (its index fixed).
bool perBlockTables(const model::Kernel &k, const Options &opts) {
  bool tables = false;
  for (auto &r : k.regions) tables |= r.constData != nullptr;
  if (!tables || !model::containsPipelineOp(*k.body)) return false;
  const model::LaunchShape &L = opts.launch;
  uint64_t blocks = 1;
  for (int i = 0; i < 3; ++i) {
    if (L.gridMin[i] != L.gridMax[i]) return false;
    blocks *= L.gridMin[i];
  }
  return blocks >= 1 && blocks <= kMaxBlocksOneByOne;
}

// Findings already kept, by kind, place and message without its numbers
// (phases, threads, offsets): one finding per statement and defect.
class SeenFindings {
public:
  // True the first time a finding of this shape is offered.
  bool first(const model::Finding &f) {
    // (Object offsets too: 'full+8' is 'full' of another page.)
    std::string shape;
    const std::string &m = f.message;
    for (size_t i = 0; i < m.size(); ++i)
      if (!isdigit((unsigned char)m[i]) && !(m[i] == '+' && i + 1 < m.size() && isdigit((unsigned char)m[i + 1])))
        shape += m[i];
    return seen.insert({(int)f.kind, f.loc.line, f.loc.column, shape}).second;
  }

private:
  std::set<std::tuple<int, unsigned, unsigned, std::string>> seen;
};

// Block b's own kernel (linear index b of the contract's fixed grid; `index`
// its blockIdx): blockIdx fixed, so its instruction words are constants;
// loops unrolled and branches of other opcodes dropped.
model::Kernel blockKernel(const model::Kernel &source, const Options &opts, uint64_t b, std::array<uint64_t, 3> &index) {
  const model::LaunchShape &L = opts.launch;
  index = {b % L.gridMin[0], b / L.gridMin[0] % L.gridMin[1], b / (L.gridMin[0] * L.gridMin[1])};
  model::Kernel mine = model::withBlockIndex(source, index.data());
  model::UnrollResult u;
  return model::unrollPipelineLoops(mine, fixedParams(mine, opts), kMaxUnrolledIterations, u);
}

// Block b's concrete steps (ck.blockSteps, set) as threads of the grid's
// progress run; its mbarriers are its own objects.
void appendBlockSteps(const Checker &ck, int64_t b, std::vector<ProgressThread> &steps,
                      std::map<SyncObject, uint64_t> &initCounts) {
  for (size_t lin = 0; lin < ck.blockSteps->size(); ++lin) {
    steps.push_back({b, (uint64_t)lin, (*ck.blockSteps)[lin], ck.warpRole(lin)});
    for (ProgressStep &st : steps.back().steps)
      if (std::get<0>(st.obj) >= 0) std::get<0>(st.obj) = b;
  }
  for (auto &[o, cnt] : ck.mbarInitCount) initCounts[{b, std::get<1>(o), std::get<2>(o)}] = cnt;
}

// The grid's progress run for a fixed grid of at most kMaxBlocksOneByOne
// blocks, each block's steps from a checker that only lists them
// (Part::ProgressOnly): a thread left at a spin-wait hangs in every
// execution. Nothing (nullopt) when a block's steps cannot be listed or the
// run finishes.
std::optional<model::Finding> gridProgressDeadlock(const model::Kernel &source, const Options &opts) {
  const model::LaunchShape &L = opts.launch;
  uint64_t blocks = 1;
  for (int i = 0; i < 3; ++i) {
    if (L.gridMin[i] != L.gridMax[i]) return std::nullopt;
    blocks *= L.gridMin[i];
  }
  if (blocks < 1 || blocks > kMaxBlocksOneByOne) return std::nullopt;
  std::vector<ProgressThread> steps;
  std::map<SyncObject, uint64_t> initCounts;
  std::vector<model::StmtRef> bodies;  // the steps point into them
  for (uint64_t b = 0; b < blocks; ++b) {
    std::array<uint64_t, 3> index;
    model::Kernel flat = blockKernel(source, opts, b, index);
    Checker ck(flat, opts);
    ck.part = Checker::Part::ProgressOnly;
    ck.blockOfPair = index;
    ck.run();
    if (!ck.blockSteps) return std::nullopt;
    bodies.push_back(flat.body);
    appendBlockSteps(ck, (int64_t)b, steps, initCounts);
  }
  return detail::gridDeadlock(steps, initCounts, source);
}

// `source`: the kernel as extracted; `k`: with its pipeline loops unrolled
// (for the checks between blocks).
model::KernelResult checkBlockByBlock(const model::Kernel &source, const model::Kernel &k, const Options &opts) {
  const model::LaunchShape &L = opts.launch;
  uint64_t blocks = L.gridMin[0] * L.gridMin[1] * L.gridMin[2];
  std::vector<model::KernelResult> parts;
  std::vector<ProgressThread> steps;  // every thread of the grid
  std::map<SyncObject, uint64_t> initCounts;
  bool gridStepsComplete = true;
  std::vector<model::StmtRef> bodies;
  for (uint64_t b = 0; b < blocks; ++b) {
    std::array<uint64_t, 3> index;
    model::Kernel flat = blockKernel(source, opts, b, index);
    Checker ck(flat, opts);
    ck.part = Checker::Part::IntraBlock;
    ck.blockOfPair = index;
    parts.push_back(ck.run());
    if (ck.blockSteps) {
      bodies.push_back(flat.body);  // the steps point into it
      appendBlockSteps(ck, (int64_t)b, steps, initCounts);
    } else {
      gridStepsComplete = false;
    }
  }
  if (!gridStepsComplete) steps.clear();
  Checker inter(k, opts);
  inter.part = Checker::Part::InterBlock;
  model::KernelResult r = inter.run();
  // The grid's progress, with every block's concrete steps: a block left at
  // a spin-wait is a definite deadlock (grid_progress.cpp). It replaces the
  // checks between blocks that could not count this schedule's signals.
  if (std::optional<model::Finding> dl = detail::gridDeadlock(steps, initCounts, k)) {
    bool already = false;
    for (auto &f : r.findings) already |= f.kind == model::FindingKind::Deadlock;
    if (!already) {
      std::vector<model::Finding> kept{*dl};
      for (auto &f : r.findings)
        if (f.kind != model::FindingKind::Unknown) kept.push_back(f);
      if (kept.size() < r.findings.size() + 1)
        r.assumptions.push_back("the checks between blocks that this deadlock makes moot (waits it blocks, accesses "
                                "after them) are not reported");
      r.findings = kept;
    }
  }
  parts.push_back(r);
  // The union of the findings (once per statement and message shape); an
  // unknown anywhere leaves every violation unconfirmed.
  SeenFindings seen;
  std::vector<model::Finding> all;
  bool anyUnknown = false;
  r.queries = 0;
  r.solveSeconds = 0;
  for (auto &p : parts) {
    r.queries += p.queries;
    r.solveSeconds += p.solveSeconds;
    for (auto &f : p.findings) {
      // (A part's demoted violations come with its own unknowns.)
      anyUnknown |= f.kind == model::FindingKind::Unknown && !f.keepsViolations;
      if (seen.first(f)) all.push_back(f);
    }
  }
  if (anyUnknown) detail::demoteViolations(all);
  bool violation = false;
  for (auto &f : all) violation |= f.kind != model::FindingKind::Unknown;
  r.findings = all;
  r.verdict = violation ? model::Verdict::Violations : all.empty() ? model::Verdict::Proved : model::Verdict::Unknown;
  r.assumptions.push_back("the intra-block checks ran once per block of the grid (" + std::to_string(blocks) +
                          " blocks), each with its instruction words from the __constant__ tables");
  return r;
}

// One check of the kernel as the contract gives it: loops with pipeline
// operations (named barriers, mbarriers, bulk copies) and a constant trip
// count are checked iteration by iteration, and so are small loops that only
// compute values (model/unroll.h).
model::KernelResult checkOnce(const model::Kernel &kernel, const Options &opts) {
  model::UnrollResult unrolled;
  std::optional<model::Kernel> flat;
  {
    model::Kernel u = model::unrollPipelineLoops(kernel, fixedParams(kernel, opts), kMaxUnrolledIterations, unrolled,
                                                 kMaxSmallIterations);
    if (unrolled.loopsUnrolled || unrolled.smallLoopsUnrolled) flat = std::move(u);
  }
  const model::Kernel &kk = flat ? *flat : kernel;
  bool byBlock = perBlockTables(kernel, opts);
  model::KernelResult r = byBlock ? checkBlockByBlock(kernel, kk, opts) : Checker(kk, opts).run();
  // A wait the checks between blocks could not show to complete because of
  // a possible cycle: in a fixed grid of a few blocks, the grid's progress
  // run decides whether it hangs in every execution (checkBlockByBlock runs
  // it already).
  auto possibleCycle = [](const model::Finding &f) {
    return f.kind == model::FindingKind::Unknown && f.message.find("(possible cycle)") != std::string::npos;
  };
  if (!byBlock && std::any_of(r.findings.begin(), r.findings.end(), possibleCycle))
    if (std::optional<model::Finding> dl = gridProgressDeadlock(kernel, opts)) {
      std::vector<model::Finding> kept{*dl};
      bool otherUnknown = false;
      for (auto &f : r.findings)
        if (!possibleCycle(f)) {
          kept.push_back(f);
          otherUnknown |= f.kind == model::FindingKind::Unknown && !f.keepsViolations;
        }
      if (otherUnknown) detail::demoteViolations(kept);
      r.findings = kept;
      bool violation = false;
      for (auto &f : r.findings) violation |= f.kind != model::FindingKind::Unknown;
      r.verdict = violation ? model::Verdict::Violations : model::Verdict::Unknown;
      r.assumptions.push_back("the grid's progress was run with every block's concrete steps (a fixed grid of at most " +
                              std::to_string(kMaxBlocksOneByOne) + " blocks)");
    }
  if (flat) {
    // One finding per source statement, not per iteration.
    // (The same message up to its numbers: phases, threads, offsets.)
    SeenFindings seen;
    std::vector<model::Finding> kept;
    for (auto &f : r.findings)
      if (seen.first(f)) kept.push_back(f);
    r.findings = kept;
    if (unrolled.loopsUnrolled)
      r.assumptions.push_back(std::to_string(unrolled.loopsUnrolled) +
                            " loop(s) with pipeline operations and a constant trip count checked iteration by "
                            "iteration (" + std::to_string(unrolled.iterations) + " iterations)");
  }
  return r;
}

// Trip counts given by a parameter range (`--param ktiles=1:1024`): the loop
// is checked for each value from the lowest up, at most this many. A
// violation at one value is a violation; no violation for every value of the
// range is a proof; otherwise the result is bounded, hence unknown.
constexpr int64_t kRangeValuesChecked = 8;

std::string valuesText(const std::vector<std::pair<std::string, int64_t>> &vals) {
  std::string t;
  for (auto &[n, v] : vals) t += (t.empty() ? "" : ", ") + n + " = " + std::to_string(v);
  return t;
}

// The parameters with a range (min < max) that decide the trip count of a
// pipeline loop: fixing one of them lets more such loops be unrolled.
std::vector<const model::LaunchShape::ParamRange *> tripCountRanges(const model::Kernel &kernel, const Options &opts,
                                                                    const model::UnrollResult &base) {
  std::vector<const model::LaunchShape::ParamRange *> out;
  std::map<int, uint64_t> fixed = fixedParams(kernel, opts);
  for (const auto &pr : opts.launch.paramRanges) {
    if (pr.min >= pr.max) continue;
    for (size_t i = 0; i < kernel.params.size(); ++i) {
      if (kernel.params[i].name != pr.name || kernel.params[i].kind != model::Param::Kind::Scalar) continue;
      std::map<int, uint64_t> f = fixed;
      f[(int)i] = (uint64_t)pr.min;
      model::UnrollResult u;
      model::unrollPipelineLoops(kernel, f, kMaxUnrolledIterations, u);
      if (u.loopsLeft < base.loopsLeft) out.push_back(&pr);
    }
  }
  return out;
}

model::KernelResult checkRanges(const model::Kernel &kernel, const Options &opts) {
  model::UnrollResult base;
  if (!model::containsPipelineOp(*kernel.body)) return checkOnce(kernel, opts);
  model::unrollPipelineLoops(kernel, fixedParams(kernel, opts), kMaxUnrolledIterations, base);
  if (!base.loopsLeft) return checkOnce(kernel, opts);
  std::vector<const model::LaunchShape::ParamRange *> ranges = tripCountRanges(kernel, opts, base);
  if (ranges.empty()) return checkOnce(kernel, opts);
  // By induction first: the pipeline loops as loops, for every trip count
  // (ring_induction.cpp). A proof or a violation stands; otherwise the
  // trip counts are checked one by one below, and the reasons the
  // induction failed are kept.
  model::KernelResult inductive = checkOnce(kernel, opts);
  if (inductive.verdict == model::Verdict::Proved) {
    inductive.assumptions.push_back("loops with mbarrier operations whose trip count a parameter range decides: "
                                    "proved for every trip count by induction over the iteration");
    return inductive;
  }
  if (inductive.verdict == model::Verdict::Violations) return inductive;
  if (getenv("SYNCPROOF_RING"))  // the induction's open findings (tuning aid)
    for (const model::Finding &f : inductive.findings)
      fprintf(stderr, "syncproof: %s: by induction: line %u: %s\n", kernel.displayName.c_str(), f.loc.line,
              f.message.c_str());
  std::vector<model::Finding> inductionGaps;
  for (const model::Finding &f : inductive.findings)
    if (f.kind == model::FindingKind::Unknown && (f.message.find("inside a loop with a runtime trip count: ") !=
                                                      std::string::npos ||
                                                  f.message.find("mbarrier pipeline loop") != std::string::npos))
      inductionGaps.push_back(f);

  // The values checked: the lowest of each range, as many as fit in
  // kRangeValuesChecked instances in all (each range gets the same share).
  size_t n = ranges.size();
  int64_t per = 1;
  while (true) {
    int64_t next = per + 1, total = 1;
    for (size_t i = 0; i < n; ++i) total *= next;
    if (total > kRangeValuesChecked) break;
    per = next;
  }
  std::vector<int64_t> count(n);
  bool exhaustive = true;
  for (size_t i = 0; i < n; ++i) {
    int64_t width = ranges[i]->max - ranges[i]->min + 1;
    count[i] = std::min(per, width);
    exhaustive &= count[i] == width;
  }
  std::vector<int64_t> idx(n, 0);
  model::KernelResult merged;
  SeenFindings seenUnknown;
  bool anyUnknown = false;
  double solve = 0;
  unsigned queries = 0, instances = 0;
  while (true) {
    Options o = opts;
    std::vector<std::pair<std::string, int64_t>> vals;
    for (size_t i = 0; i < n; ++i) {
      int64_t v = ranges[i]->min + idx[i];
      vals.push_back({ranges[i]->name, v});
      for (auto &pr : o.launch.paramRanges)
        if (pr.name == ranges[i]->name) pr.min = pr.max = v;
    }
    model::KernelResult r = checkOnce(kernel, o);
    ++instances;
    solve += r.solveSeconds;
    queries += r.queries;
    if (r.verdict == model::Verdict::Violations) {
      // The smallest values with a violation are the counterexample.
      for (auto &f : r.findings) {
        if (f.kind == model::FindingKind::Unknown) continue;
        f.message += " (with " + valuesText(vals) + ")";
        for (auto &[name, v] : vals) f.values.push_back({name, std::to_string(v)});
      }
      r.assumptions.push_back("trip counts from a parameter range: the first violation is at " + valuesText(vals));
      r.solveSeconds = solve;
      r.queries = queries;
      return r;
    }
    if (instances == 1) {
      merged = r;
      merged.findings.clear();
    }
    for (auto &f : r.findings) {
      if (f.kind != model::FindingKind::Unknown) continue;
      anyUnknown = true;
      if (seenUnknown.first(f)) {
        f.message += " (with " + valuesText(vals) + ")";
        merged.findings.push_back(f);
      }
    }
    size_t i = 0;
    for (; i < n; ++i) {
      if (++idx[i] < count[i]) break;
      idx[i] = 0;
    }
    if (i == n) break;
  }
  std::string checked;
  for (size_t i = 0; i < n; ++i)
    checked += (checked.empty() ? "" : ", ") + ranges[i]->name + " in [" + std::to_string(ranges[i]->min) + ", " +
               std::to_string(ranges[i]->min + count[i] - 1) + "]";
  // The per-instance assumptions named one value; name the range instead.
  std::vector<std::string> kept;
  for (auto &a : merged.assumptions) {
    if (a.find("loop(s) with pipeline operations") != std::string::npos) continue;
    for (size_t i = 0; i < n; ++i)
      if (a.rfind("parameter " + ranges[i]->name + " in [", 0) == 0)
        a = "parameter " + ranges[i]->name + " in [" + std::to_string(ranges[i]->min) + ", " +
            std::to_string(ranges[i]->max) + "]";
    kept.push_back(a);
  }
  merged.assumptions = kept;
  merged.assumptions.push_back("loops with pipeline operations whose trip count a parameter range decides: checked "
                               "iteration by iteration for every value of " + checked);
  if (!exhaustive) {
    model::Finding f;
    f.kind = model::FindingKind::Unknown;
    f.kernel = kernel.displayName;
    f.loc = base.firstLeft.valid() ? base.firstLeft : kernel.loc;
    std::string rest;
    for (size_t i = 0; i < n; ++i)
      rest += (rest.empty() ? "" : ", ") + ranges[i]->name + " up to " + std::to_string(ranges[i]->max);
    // (A value whose check left possible findings gave no violation, but
    // did not rule one out either: say so, so that "no violation" is not
    // read as "none there".)
    f.message = "bounded: no violation for " + checked + " (each value checked with its pipeline loops unrolled" +
                (anyUnknown ? "; the possible findings reported for them are not confirmed either way" : "") + "); " +
                rest + " is not proved (loops with pipeline operations are checked for fixed trip counts only)";
    merged.findings.push_back(f);
  }
  // (The first reason the induction failed: the others repeat it at each
  // operation.)
  if (!exhaustive && !inductionGaps.empty() && seenUnknown.first(inductionGaps.front()))
    merged.findings.push_back(inductionGaps.front());
  merged.verdict = anyUnknown || !exhaustive ? model::Verdict::Unknown : model::Verdict::Proved;
  solve += inductive.solveSeconds;
  queries += inductive.queries;
  merged.solveSeconds = solve;
  merged.queries = queries;
  return merged;
}

// An unknown verdict with one finding at the kernel's declaration.
model::KernelResult unknownAtKernel(const model::Kernel &k, const std::string &message) {
  model::KernelResult r;
  r.kernel = k.displayName;
  r.loc = k.loc;
  r.verdict = model::Verdict::Unknown;
  model::Finding f;
  f.kind = model::FindingKind::Unknown;
  f.kernel = k.displayName;
  f.loc = k.loc;
  f.message = message;
  r.findings.push_back(f);
  return r;
}

// The result of a proof by the concrete prover, with what it assumed.
model::KernelResult concreteResult(const model::Kernel &k, const Options &opts, const ConcreteOutcome &co,
                                   double seconds) {
  model::KernelResult r;
  r.kernel = k.displayName;
  r.loc = k.loc;
  r.verdict = model::Verdict::Proved;
  r.solveSeconds = seconds;
  r.assumptions.push_back("launch: " + opts.launch.describe());
  for (const auto &pr : opts.launch.paramRanges)
    for (const auto &p : k.params)
      if (p.name == pr.name && p.kind == model::Param::Kind::Scalar)
        r.assumptions.push_back("parameter " + pr.name + " in [" + std::to_string(pr.min) + ", " +
                                std::to_string(pr.max) + "]");
  r.assumptions.push_back("distinct pointer parameters point to non-overlapping memory");
  if (co.proved)
    r.assumptions.push_back("proved by running each of the launch's " + std::to_string(co.threads) +
                            " threads on the model (" + std::to_string(co.statements) +
                            " statements): every branch, loop bound, address and synchronization operand is a "
                            "constant of the launch, so every execution runs the same operations" +
                            (co.timingBranches
                                 ? " but for " + std::to_string(co.timingBranches) +
                                       " branches on values that decide only when a thread waits (run on their "
                                       "waiting side, with waits that acquire nothing)"
                                 : std::string()) +
                            (co.timingLoopDecisions
                                 ? "; " + std::to_string(co.timingLoopDecisions) +
                                       " decisions of timing loops on mbarrier probes were followed both ways, in a "
                                       "run that waits as early and one that waits as late as any execution"
                                 : std::string()));
  bool async = false;
  model::forEachStmt(*k.body, [&](const model::Stmt &s) { async |= s.kind == model::Stmt::Kind::AsyncCopy; });
  if (async) r.assumptions.push_back("pointer parameters that async copies use are 16-byte aligned (cudaMalloc: 256)");
  if (model::containsAwait(*k.body))
    r.assumptions.push_back("memory that spin-waits read (counters, flags) holds 0 when the kernel starts (the host "
                            "zeroes it; a __device__ variable's initializer is 0, and a later launch finds 0 only if "
                            "the one before left it so, which is not checked)");
  detail::memoryAssumptions(k, opts.launch, r.assumptions);
  return r;
}

}  // namespace

// A possible race of the symbolic checks on the pair of statements of
// `race` (a run's).
static bool samePairFinding(const model::Finding &f, const model::Finding &race) {
  auto same = [](const model::SourceLoc &u, const model::SourceLoc &v) {
    return u.file == v.file && u.line == v.line && u.column == v.column;
  };
  if (race.kind != model::FindingKind::Race || race.related.empty() || f.possibleKind != model::FindingKind::Race ||
      f.related.empty())
    return false;
  const model::SourceLoc &a = f.loc, &b = f.related[0].loc, &x = race.loc, &y = race.related[0].loc;
  return (same(a, x) && same(b, y)) || (same(a, y) && same(b, x));
}

// The symbolic checks found that the writes of the race `race` (a run's)
// store the same bytes in every instance of the pair: the run's race is that
// one, a possible race (the run does not compare values it does not compute,
// such as parts of one input word read at two widths).
static bool sameValuePair(const model::KernelResult &r, const model::Finding &race) {
  // (Of the same scope: one value within a block says nothing between blocks.)
  auto between = [](const model::Finding &f) { return f.message.find("between blocks") != std::string::npos; };
  return std::any_of(r.findings.begin(), r.findings.end(), [&](const model::Finding &f) {
    return f.sameValue && samePairFinding(f, race) && between(f) == between(race);
  });
}

// Statements only the concrete prover models become `unknown` for the
// symbolic checks: a bulk copy whose size is not a constant.
static bool concreteOnly(const model::Stmt &s) {
  return s.kind == model::Stmt::Kind::AsyncCopy && s.operand && !s.operand->isConst() && s.size == 0;
}

// The constant a bulk copy's size variable holds where the copy runs: the
// nearest assignment before it in the blocks around it (not across a loop's
// head), when that assignment stores a constant and nothing between assigns
// the variable (`load_bytes = 4096;` then the inlined helper's copy).
static std::map<int, uint64_t> constantCopySizes(const model::Kernel &k) {
  std::map<int, uint64_t> out;
  std::vector<std::pair<const model::Stmt *, size_t>> path;  // (block, index of the child on the path)
  std::function<void(const model::Stmt &)> walk = [&](const model::Stmt &s) {
    if (concreteOnly(s) && s.operand->kind == model::Expr::Kind::Var) {
      int var = s.operand->id;
      for (size_t i = path.size(); i-- > 0;) {
        const model::Stmt *blk = path[i].first;
        if (blk->kind == model::Stmt::Kind::Loop) return;  // (not across the loop's head)
        if (blk->kind != model::Stmt::Kind::Block) continue;
        for (size_t j = path[i].second; j-- > 0;) {
          const model::Stmt &prev = *blk->stmts[j];
          if (prev.kind == model::Stmt::Kind::Assign && prev.var == var) {
            if (prev.value && prev.value->isConst() && prev.value->value > 0 && prev.value->value <= (1u << 20))
              out[s.id] = prev.value->value;
            return;
          }
          bool assigns = false;
          model::forEachStmt(prev, [&](const model::Stmt &x) {
            assigns |= (x.kind == model::Stmt::Kind::Assign && x.var == var) || x.resultVar == var;
          });
          if (assigns) return;
        }
      }
      return;
    }
    for (size_t i = 0; i < s.stmts.size(); ++i) {
      path.push_back({&s, i});
      walk(*s.stmts[i]);
      path.pop_back();
    }
    for (const model::StmtRef *c : {&s.thenS, &s.elseS, &s.body, &s.step})
      if (*c) {
        path.push_back({&s, 0});
        walk(**c);
        path.pop_back();
      }
  };
  walk(*k.body);
  return out;
}

static model::Kernel symbolicView(const model::Kernel &k) {
  if (!model::anyStmt(*k.body, concreteOnly)) return k;
  model::Kernel v = k;
  std::map<int, uint64_t> sizes = constantCopySizes(k);
  v.body = model::cloneTree(k.body, [&](const model::Stmt &s) -> model::StmtRef {
    if (!concreteOnly(s)) return nullptr;
    if (auto it = sizes.find(s.id); it != sizes.end()) {
      auto u = std::make_shared<model::Stmt>(s);
      u->size = (unsigned)it->second;
      u->operand = model::Expr::constant(it->second, s.operand->width);
      return u;
    }
    auto u = model::Stmt::make(model::Stmt::Kind::Unknown, s.loc);
    u->id = s.id;
    u->unrolledFrom = s.unrolledFrom;
    u->cases = s.cases;
    u->reason = "bulk copy '" + s.atomicOp +
                "' of a size that is not a constant: modelled only when the concrete prover runs the launch "
                "(docs/concrete.md)";
    return u;
  });
  return v;
}

// When the symbolic checks end `unknown` on a launch the contract does not
// fix, a few small launches of the contract are run thread by thread, each
// with a small work budget: a race or deadlock such a run shows for certain
// happens in every execution of that launch, which the contract allows, so
// it is a violation with a counterexample (docs/concrete.md "Small launches
// when the proof ends unknown"). A run that proves its launch says nothing
// about the others and is not used.
static std::optional<model::Finding> smallLaunchViolation(const model::Kernel &kernel, const Options &opts,
                                                          std::string &launchText,
                                                          std::vector<std::pair<std::string, std::string>> &params) {
  const model::LaunchShape &L0 = opts.launch;
  bool fixed = true;
  for (int i = 0; i < 3; ++i) fixed = fixed && L0.gridMin[i] == L0.gridMax[i] && L0.blockMin[i] == L0.blockMax[i];
  std::map<int, uint64_t> fixedP = fixedParams(kernel, opts);
  for (size_t i = 0; i < kernel.params.size(); ++i)
    if (kernel.params[i].kind == model::Param::Kind::Scalar && !fixedP.count((int)i)) fixed = false;
  if (fixed) return std::nullopt;  // the prover ran on it already
  auto clamp = [](int64_t v, int64_t lo, int64_t hi) { return std::max(lo, std::min(hi, v)); };
  // (blocks along x, scalar parameter value; 0: twice the grid's threads
  // and 3, a size that gives every block work): three blocks and three
  // iterations first (a ring needs three), then sizes, then two and four.
  for (auto [blocks, param] : {std::pair<int64_t, int64_t>{3, 3}, {3, 0}, {2, 2}, {4, 4}}) {
    Options small = opts;
    model::LaunchShape &L = small.launch;
    for (int i = 0; i < 3; ++i) {
      int64_t g = i == 0 ? blocks : 1, b = i == 0 ? 64 : 1;
      L.gridMin[i] = L.gridMax[i] = (uint64_t)clamp(g, (int64_t)L0.gridMin[i], (int64_t)L0.gridMax[i]);
      L.blockMin[i] = L.blockMax[i] = (uint64_t)clamp(b, (int64_t)L0.blockMin[i], (int64_t)L0.blockMax[i]);
    }
    std::vector<std::pair<std::string, std::string>> values;
    std::string text = detail::fixedLaunchText(L);
    for (size_t i = 0; i < kernel.params.size(); ++i) {
      const model::Param &p = kernel.params[i];
      if (p.kind != model::Param::Kind::Scalar || fixedP.count((int)i)) continue;
      int64_t lo = p.isSigned ? INT32_MIN : 0, hi = p.isSigned ? INT32_MAX : (int64_t)UINT32_MAX;
      for (const auto &r : L.paramRanges)
        if (r.name == p.name) lo = r.min, hi = r.max;
      int64_t threads = (int64_t)(L.gridMin[0] * L.gridMin[1] * L.gridMin[2] * L.blockMin[0] * L.blockMin[1] * L.blockMin[2]);
      int64_t v = clamp(param ? param : std::min<int64_t>(2 * threads + 3, 65539), lo, hi);
      detail::fixParam(L, p.name, v);
      text += ", " + p.name + " = " + std::to_string(v);
      values.push_back({p.name, std::to_string(v)});
    }
    ConcreteOutcome co = proveConcrete(kernel, small, detail::kCheckRunWork);
    if (co.deadlock || (co.race && co.raceDefinite)) {
      launchText = text;
      params = values;
      return co.deadlock ? co.deadlock : co.race;
    }
  }
  return std::nullopt;
}

model::KernelResult check(const model::Kernel &kernel, const Options &given) {
  Options opts = given;
  // __launch_bounds__: no dimension of a block that runs exceeds its maximum
  // (a contract that asks for more admits no launch: launchConstraints).
  if (kernel.maxThreadsPerBlock) {
    for (uint64_t &m : opts.launch.blockMax) m = std::min(m, std::max<uint64_t>(1, kernel.maxThreadsPerBlock));
    const model::LaunchShape &L = opts.launch;
    bool none = L.blockMin[0] * L.blockMin[1] * L.blockMin[2] > kernel.maxThreadsPerBlock;
    for (int i = 0; i < 3; ++i) none |= L.blockMin[i] > L.blockMax[i];
    if (none) {
      model::KernelResult r = unknownAtKernel(
          kernel, "the launch contract admits no launch of this kernel: its blocks have more than the " +
                      std::to_string(kernel.maxThreadsPerBlock) +
                      " threads its __launch_bounds__ allow (such a launch fails); nothing was proved");
      r.assumptions.push_back("launch: " + given.launch.describe());
      return r;
    }
  }
  if (opts.budgetSeconds > 0 && !opts.deadline)
    opts.deadline = std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                        std::chrono::duration<double>(opts.budgetSeconds));
  // A page map that is not a permutation makes the pages' phase counts
  // meaningless: reported alone (its consequences would be noise).
  std::vector<model::Finding> maps = detail::pageMapFindings(kernel);
  if (!maps.empty()) {
    model::KernelResult r;
    r.kernel = kernel.displayName;
    r.loc = kernel.loc;
    r.verdict = model::Verdict::Violations;
    r.findings = maps;
    r.assumptions.push_back("the other checks of this kernel did not run: a page map is not a permutation");
    return r;
  }
  // A fixed launch whose every decision is a constant of the launch is
  // proved by running it (concrete.h); otherwise, or when that run does not
  // establish everything, the symbolic checks below decide.
  if (const char *env = std::getenv("SYNCPROOF_CONCRETE"); !env || std::string(env) != "0") {
    auto t0 = std::chrono::steady_clock::now();
    ConcreteOutcome co = proveConcrete(kernel, opts);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (std::getenv("SYNCPROOF_PHASES"))
      std::fprintf(stderr, "[phase] concrete prover: %s (%.2f s, %llu threads, %llu statements)\n",
                   co.proved ? "proved" : co.whyNot.c_str(), secs, (unsigned long long)co.threads,
                   (unsigned long long)co.statements);
    if (co.proved) return concreteResult(kernel, opts, co, secs);
    // A definite deadlock of the run: reported at once for grids larger than
    // the symbolic checks follow block by block (below that, they run and
    // explain the hang with their own trace).
    const model::LaunchShape &L = opts.launch;
    if (co.deadlock && L.gridMin[0] * L.gridMin[1] * L.gridMin[2] > kMaxBlocksOneByOne) {
      model::KernelResult r = concreteResult(kernel, opts, co, secs);
      r.verdict = model::Verdict::Violations;
      r.findings.push_back(*co.deadlock);
      r.assumptions.push_back("found by running each of the launch's " + std::to_string(co.threads) +
                              " threads on the model (docs/concrete.md); the symbolic checks did not run");
      return r;
    }
    // A race of the run (concrete.h): definite when no wait that only times
    // could order it. Reported at once in the cases the deadlock is (and
    // when the concrete prover runs alone); otherwise the symbolic checks
    // run, and the run's race stands where they confirm no violation.
    bool alone = (env && std::string(env) == "only") || L.gridMin[0] * L.gridMin[1] * L.gridMin[2] > kMaxBlocksOneByOne;
    if (co.race && co.raceDefinite && alone) {
      model::KernelResult r = concreteResult(kernel, opts, co, secs);
      r.verdict = model::Verdict::Violations;
      r.findings.push_back(*co.race);
      r.assumptions.push_back("found by running each of the launch's " + std::to_string(co.threads) +
                              " threads on the model (docs/concrete.md); the symbolic checks did not run");
      return r;
    }
    if (env && std::string(env) == "only") {  // diagnosis: the concrete prover alone, its reason as an unknown
      model::KernelResult r = unknownAtKernel(kernel, "concrete prover: " + co.whyNot);
      if (co.race) {  // a possible race, with its trace
        std::vector<model::Finding> fs{*co.race};
        detail::demoteViolations(fs, 0, "the concrete prover's run does not stand for every execution here");
        r.findings.insert(r.findings.begin(), fs.front());
      }
      return r;
    }
    if (co.race && co.raceDefinite) {
      model::KernelResult r;
      try {
        r = checkRanges(symbolicView(kernel), opts);
      } catch (const z3::exception &e) {
        r = unknownAtKernel(kernel, std::string("solver error: ") + e.msg());
      }
      if (r.verdict == model::Verdict::Violations) return r;
      if (sameValuePair(r, *co.race)) return r;
      // The symbolic checks' possible race on the same pair is this one.
      r.findings.erase(std::remove_if(r.findings.begin(), r.findings.end(),
                                      [&](const model::Finding &f) { return samePairFinding(f, *co.race); }),
                       r.findings.end());
      r.findings.insert(r.findings.begin(), *co.race);
      r.verdict = model::Verdict::Violations;
      r.assumptions.push_back("the race at " + co.race->loc.file + ":" + std::to_string(co.race->loc.line) +
                              " was found by running each of the launch's " + std::to_string(co.threads) +
                              " threads on the model (docs/concrete.md)");
      return r;
    }
  }
  model::KernelResult r;
  try {
    r = checkRanges(symbolicView(kernel), opts);
  } catch (const z3::exception &e) {
    r = unknownAtKernel(kernel, std::string("solver error: ") + e.msg());
  }
  if (r.verdict == model::Verdict::Unknown) {
    const char *env = std::getenv("SYNCPROOF_CONCRETE");
    std::string launch;
    std::vector<std::pair<std::string, std::string>> params;
    std::optional<model::Finding> v;
    if (!env || std::string(env) != "0") v = smallLaunchViolation(kernel, opts, launch, params);
    if (v && sameValuePair(r, *v)) v.reset();
    if (v) {
      // The launch's parameters in the counterexample (a deadlock of the run
      // names only its grid and block).
      for (auto &[name, value] : params) {
        bool has = false;
        for (auto &[n, x] : v->values) has |= n == name;
        if (!has) v->values.push_back({name, value});
      }
      // The possible violations the symbolic checks found at the same place
      // are this one.
      r.findings.erase(std::remove_if(r.findings.begin(), r.findings.end(),
                                      [&](const model::Finding &f) {
                                        return f.possibleKind && *f.possibleKind == v->kind && f.loc.line == v->loc.line &&
                                               f.loc.file == v->loc.file;
                                      }),
                       r.findings.end());
      r.findings.insert(r.findings.begin(), *v);
      r.verdict = model::Verdict::Violations;
      r.assumptions.push_back("the " + std::string(model::findingKindName(v->kind)) + " at " + v->loc.file + ":" +
                              std::to_string(v->loc.line) + " was found by running each thread of the launch " +
                              launch + " on the model (docs/concrete.md); the symbolic checks ended unknown");
    }
  }
  return r;
}

std::string solverVersion() {
  unsigned major, minor, build, rev;
  Z3_get_version(&major, &minor, &build, &rev);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
}

}  // namespace syncproof::checker
