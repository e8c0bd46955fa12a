// Internal declarations of the checker, shared by its translation units
// (checker.cpp: symbolic execution and the intra-block and grid checks;
// protocols.cpp: cross-block protocols). Includes Z3: only checker/ may
// include this header.
#pragma once

#include "checker/checker.h"
#include "checker/progress.h"

#include <z3++.h>

#include <array>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

namespace syncproof::checker::detail {

// A definite deadlock of a fixed grid's concrete steps (grid_progress.cpp):
// a thread left at a spin-wait; nullopt when there is none (or no steps).
std::optional<model::Finding> gridDeadlock(const std::vector<ProgressThread> &threads,
                                           const std::map<SyncObject, uint64_t> &initCount, const model::Kernel &k);

// What a proof assumes about memory: known contents, dynamic shared memory's
// size when the contract does not give it (checker.cpp).
void memoryAssumptions(const model::Kernel &k, const model::LaunchShape &launch, std::vector<std::string> &out);

// Page maps that are not permutations (page_maps.cpp).
std::vector<model::Finding> pageMapFindings(const model::Kernel &k);

using model::BarrierKind;
using model::Expr;
using model::ExprRef;
using model::Finding;
using model::FindingKind;
using model::Op;
using model::Stmt;

// The numeral / truth value an expression simplifies to, if any (used by the
// thread-by-thread bookkeeping of named barriers and mbarriers).
inline std::optional<uint64_t> numeralOf(const z3::expr &e) {
  z3::expr v = e.simplify();
  uint64_t n = 0;
  if (v.is_numeral_u64(n)) return n;
  return std::nullopt;
}
inline std::optional<bool> truthOf(const z3::expr &e) {
  z3::expr v = e.simplify();
  if (v.is_true()) return true;
  if (v.is_false()) return false;
  return std::nullopt;
}
// Substitution of one concrete thread of a fixed-size block: `from` holds the
// thread's index variables and blockDim, `to` their values for thread `lin`.
struct ConcreteThread {
  z3::expr_vector from, to;
  uint64_t bx, by, bz;
  ConcreteThread(z3::context &c, const z3::expr *tid, const z3::expr *bdim, uint64_t bx, uint64_t by, uint64_t bz)
      : from(c), to(c), bx(bx), by(by), bz(bz) {
    for (int i = 0; i < 3; ++i) from.push_back(tid[i]);
    for (int i = 0; i < 3; ++i) from.push_back(bdim[i]);
  }
  // Also substitute `v` := value (a parameter the contract fixes).
  void fix(const z3::expr &v, const z3::expr &value) {
    extra.push_back({v, value});
    from.push_back(v);
  }
  void set(uint64_t lin) {
    z3::context &c = from.ctx();
    to.resize(0);
    to.push_back(c.bv_val(lin % bx, 32));
    to.push_back(c.bv_val(lin / bx % by, 32));
    to.push_back(c.bv_val(lin / (bx * by), 32));
    to.push_back(c.bv_val(bx, 32));
    to.push_back(c.bv_val(by, 32));
    to.push_back(c.bv_val(bz, 32));
    for (auto &[v, value] : extra) to.push_back(value);
  }
  std::vector<std::pair<z3::expr, z3::expr>> extra;
  z3::expr apply(const z3::expr &e) {
    z3::expr x = e;
    return x.substitute(from, to);
  }
};

// Scalar parameters the contract fixes (min == max), by parameter index.
inline std::map<int, uint64_t> fixedParams(const model::Kernel &kernel, const Options &opts) {
  std::map<int, uint64_t> fixed;
  for (const auto &pr : opts.launch.paramRanges)
    for (size_t i = 0; i < kernel.params.size(); ++i)
      if (kernel.params[i].name == pr.name && pr.min == pr.max && kernel.params[i].kind == model::Param::Kind::Scalar)
        fixed[(int)i] = (uint64_t)pr.min;
  return fixed;
}

struct SegMap {
  std::map<int, z3::expr> segs;
};

struct State {
  std::vector<z3::expr> vars;
  z3::expr pc;
  std::map<int, z3::expr> bseg;  // block-level interval -> condition
  std::map<int, z3::expr> wseg;  // warp-level interval -> condition
  std::map<int, z3::expr> gseg;  // grid-level interval (grid.sync) -> condition
  // Read-only loads executed on this path: Havoc id -> the value read by
  // its last execution (Executor::readOnlyLoad). An iteration state of a
  // loop drops the loads inside the loop: their values belong to another
  // iteration.
  std::map<int, z3::expr> loads;
  explicit State(z3::context &c) : pc(c.bool_val(true)) {}
};

struct AccessEv {
  const Stmt *s;
  z3::expr off;
  z3::expr guard;
  std::map<int, z3::expr> bseg, wseg, gseg;
  // Cross-block protocols: program-order position, the path condition alone
  // (without loop witnesses), loop nesting, and the value read (atomics).
  int seq = 0;
  z3::expr pc;
  int loopDepth = 0;
  std::optional<z3::expr> value;
  std::optional<z3::expr> operand;  // atomic update operand (added/stored value, atomicInc limit)
  std::optional<z3::expr> stored;   // a plain write's integer value, when the front end knows it
  // The iteration counters of the loops around it, outermost first (the
  // executor's k of each loop's arbitrary iteration); `cont`: recorded in a
  // continuation run (a loop's head before its first barrier, at iteration 0
  // or k + 1), a second copy of instances the main run also covers.
  std::vector<z3::expr> iters = {};
  bool cont = false;
  bool inGridLoop = false;  // a loop around it contains grid.sync()
  // The intervals for happens-before through a barrier: bseg, or the head
  // interval of the iteration (Executor::headSeg) before its first barrier.
  std::map<int, z3::expr> hbSegs = {};
};
// A memory fence (docs/memory-model.md).
struct FenceEv {
  const Stmt *s;
  z3::expr guard;
  z3::expr pc;
  int seq;
  int loopDepth;
  std::map<int, z3::expr> bseg;
  std::vector<z3::expr> iters = {};  // as AccessEv::iters
};
// A spin-wait: blocks until exitCond(value) holds for the value it reads.
struct AwaitEv {
  const Stmt *s;
  z3::expr off;
  z3::expr guard;
  z3::expr pc;
  int seq;
  int loopDepth;
  z3::expr value;
  z3::expr exitCond;     // in terms of `value`
  std::map<int, z3::expr> bseg, gseg;
  std::optional<z3::expr> eqTarget;  // the exit condition is `value == eqTarget`
  std::vector<z3::expr> iters = {};  // as AccessEv::iters
  // The exit condition implies `value >=u minTarget` (`>=u` and `==` waits).
  std::optional<z3::expr> minTarget = std::nullopt;
};
// A loop's arbitrary iteration as the executor built it (recorded in the main
// run): its counter k, the loop condition evaluated in that iteration's state,
// the no-overflow conditions of the closed forms at k, and whether it is not
// a plain test-first loop (a do-while, or one left through break/return).
struct LoopIter {
  z3::expr k;
  z3::expr cond;
  z3::expr closedAssume;
  bool notPlain;
  z3::expr pc;  // the iteration runs (entry path, its test and the previous one)
  const Stmt *loop = nullptr;
  bool blockBar = false;             // the body has block barriers (one on every iteration)
  std::map<int, z3::expr> endSegs;   // the intervals current at the end of the iteration
  std::optional<z3::expr> reach;     // the path reaches the loop (its entry state's path condition)
};
struct BarrierEv {
  const Stmt *s;
  z3::expr guard;
  z3::expr mask;     // warp barriers
  z3::expr exited;   // the thread returned from the kernel before this point
  std::map<int, z3::expr> bseg;  // the block interval it is executed in
  int seq = -1;                  // program-order position (comparable with the other events)
  int loopDepth = 0;
  std::vector<z3::expr> iters = {};  // as AccessEv::iters
};
// The instance of a block or warp barrier a concrete thread (linear index
// `lin`) joins, for the progress steps (progress.h): a block barrier's
// statement is one instance, a warp barrier's one per warp. (Named-barrier
// instances get negative numbers: named_barriers.cpp.)
inline int64_t barrierInstance(const BarrierEv &b, size_t index, uint64_t lin) {
  return b.s->barrier == model::BarrierKind::Warp ? (int64_t)index + ((int64_t)(lin / 32 + 1) << 20) : (int64_t)index;
}
// An mbarrier operation, or a bulk copy completing on an mbarrier (s->kind
// AsyncCopy: tx = its bytes). mbarriers.cpp.
struct MbarEv {
  const Stmt *s;
  z3::expr guard;
  z3::expr pc;  // the path condition alone (no loop witnesses): who executes it
  int seq;
  int loopDepth;
  int region;  // the mbarrier object: region + off
  z3::expr off;
  std::optional<z3::expr> operand;  // Init count / Arrive count / Wait parity (32-bit)
  std::optional<z3::expr> tx;       // expected (Arrive, ExpectTx) or delivered (AsyncCopy) bytes
  std::map<int, z3::expr> bseg;
  std::vector<z3::expr> iters = {};  // as AccessEv::iters
};
// A named barrier (bar.sync / bar.arrive / barrier.sync id, count): the
// instance it joins is fixed by its id, the block interval it is executed in
// and how many events on that id the thread executed before it in the
// interval (docs/pipelines.md).
struct NamedEv {
  const Stmt *s;
  z3::expr guard;
  z3::expr pc;  // the path condition alone (no loop witnesses): who executes it
  int seq;
  int loopDepth;
  z3::expr id;     // 32-bit
  z3::expr count;  // 32-bit; the block size when the instruction has none
  z3::expr exited;  // the thread returned from the kernel before this point
  std::map<int, z3::expr> bseg;
};
struct CondEv {
  const Stmt *s;
  z3::expr cond;
  z3::expr guard;
};
// One iteration (the arbitrary one) of a loop with block barriers, as left:
// `leaves`, the thread leaves the loop during it through an exit (break,
// return); `goesOn`, it finishes the iteration and its condition holds, so
// it runs the next iteration, which executes a barrier.
struct LoopExitEv {
  const Stmt *s;
  z3::expr leaves;
  z3::expr goesOn;
};
struct UnknownEv {
  const Stmt *s;
  std::string reason;
  z3::expr guard;
};

struct Thread {
  std::string name;  // "A", "B"
  z3::expr tid[3];
  z3::expr bid[3];
  // Restricts the thread (the group pair: a member of the barrier's group).
  std::optional<z3::expr> only;
  Thread(z3::context &c)
      : tid{c.bv_val(0, 32), c.bv_val(0, 32), c.bv_val(0, 32)},
        bid{c.bv_val(0, 32), c.bv_val(0, 32), c.bv_val(0, 32)} {}
};

// Results of Houdini queries made by the first thread of a pair, replayed by
// the second so that both executions have the same shape.
struct Replay {
  std::vector<bool> decisions;
  size_t pos = 0;
  bool recording = true;
  // Loads of read-only memory by the first thread, in execution order: its
  // address and value. The second thread's load at the same address reads
  // the same value (Executor::readOnlyLoad).
  // The statement too: a value is shared only between loads of one statement.
  struct Load {
    z3::expr off, val;
    int stmt;
  };
  std::vector<Load> loads;
  size_t loadPos = 0;
};

class Checker;
// A broadcast slot (Checker::findBroadcastSlots): the one store of a shared
// scalar, and the loads of it (by statement id) that a __syncthreads() every
// thread passes separates from the store, with no exit between the store and
// that barrier.
struct BroadcastSlot {
  const Stmt *w;
  std::set<int> orderedLoads;
  // Loads in the same iteration of a loop around the store, after a barrier
  // that follows it in the loop's body and followed by one before the
  // iteration ends (Checker::loopBarrierBetween).
  std::set<int> loopOrderedLoads;
};
// group: the id of the named barrier the checker has shown to be a barrier of
// one fixed group of whole warps (Checker::findGroupBarrier), or -1.
static bool ordersThreads(const model::Stmt &s, int64_t group = -1);
static bool isGroupBarrier(const model::Stmt &s, int64_t group);

// ------------------------------------------------------------ non-linear help
//
// Z3's bit-vector solver proves little about products of two symbolic values
// (`blockIdx.x * blockDim.x + threadIdx.x`, `y * n + x`): bit-blasted
// multipliers are hard for SAT. Before such a query is sent as it is, it is
// sent in an abstracted form: each product a*b of two non-constant terms
// becomes a fresh term m, constrained by facts that hold of multiplication —
// functional consistency, zero and range facts, and, for two products with a
// common factor b that provably cannot wrap, monotonicity
// (a1 < a2  ⇒  m1 + b ≤ m2). The abstraction only adds models, never removes
// them: an unsatisfiable abstraction proves the original unsatisfiable. A
// satisfiable one proves nothing, and the original query decides.

struct Interval {
  uint64_t lo = 0, hi = ~0ull;  // unsigned, inclusive
};

class MulAbstraction {
public:
  // `linear`: terms known (from earlier queries) to contain no product and
  // no constant subterm to fold, so that rewriting leaves them as they are;
  // kept by the caller across queries (the terms stay alive in it).
  MulAbstraction(z3::context &c, std::map<std::string, Interval> leaves, std::map<unsigned, z3::expr> *linear = nullptr)
      : c(c), leaves(std::move(leaves)), linear(linear) {}

  // Returns the abstracted formula (with its lemmas), or nullopt when the
  // formula has no non-linear product.
  std::optional<z3::expr> abstract(const z3::expr &q) {
    z3::expr a = rewrite(q);
    if (products.empty()) return std::nullopt;
    z3::expr lemmas = c.bool_val(true);
    for (size_t i = 0; i < products.size(); ++i) {
      const Product &p = products[i];
      unsigned w = p.m.get_sort().bv_size();
      z3::expr zero = c.bv_val(0, w);
      lemmas = lemmas && z3::implies(p.a == zero || p.b == zero, p.m == zero);
      Interval ia = ival(p.a), ib = ival(p.b);
      if (fits(ia.hi, ib.hi, w)) {
        // No wrap: the product is bounded and monotone in each factor.
        lemmas = lemmas && z3::ule(p.m, c.bv_val(ia.hi * ib.hi, w));
        lemmas = lemmas && z3::implies(p.a != zero, z3::uge(p.m, p.b));
        lemmas = lemmas && z3::implies(p.b != zero, z3::uge(p.m, p.a));
      }
      // The product of a w/2-bit signed value and one of known non-negative
      // range (or another w/2-bit signed value) lies within ±2^(wa-1)·bound:
      // sums and scalings of it then provably do not wrap.
      {
        auto narrow = [&](const z3::expr &x) -> unsigned {
          if (x.is_app() && x.decl().decl_kind() == Z3_OP_SIGN_EXT && x.num_args() == 1 &&
              2 * x.arg(0).get_sort().bv_size() <= w)
            return x.arg(0).get_sort().bv_size();
          return 0;
        };
        for (int side = 0; side < 2; ++side) {
          const z3::expr &x = side ? p.b : p.a, &y = side ? p.a : p.b;
          unsigned wx = narrow(x);
          if (!wx || w > 64) continue;
          Interval iy = ival(y);
          unsigned wy = narrow(y);
          unsigned __int128 mag = 0;
          if (iy.hi < (1ull << (w - 1))) mag = ((unsigned __int128)1 << (wx - 1)) * iy.hi;
          else if (wy) mag = ((unsigned __int128)1 << (wx - 1)) << (wy - 1);
          if (mag == 0 || mag >= ((unsigned __int128)1 << (w - 1))) continue;
          z3::expr bound = c.bv_val((uint64_t)mag, w);
          lemmas = lemmas && p.m <= bound && p.m >= -bound;
          break;
        }
      }
      std::optional<z3::expr> ep = flagOf(p);
      if (ep) {
        // A signed product that does not overflow is the exact product.
        lemmas = lemmas && z3::implies(*ep && p.a >= zero && p.b >= zero, p.m >= zero);
        lemmas = lemmas && z3::implies(*ep && p.a > zero && p.b >= zero, p.m >= p.b);
        lemmas = lemmas && z3::implies(*ep && p.b > zero && p.a >= zero, p.m >= p.a);
      }
      for (size_t j = i + 1; j < products.size(); ++j) {
        const Product &o = products[j];
        if (o.m.get_sort().bv_size() != w) continue;
        std::optional<z3::expr> eo = flagOf(o);
        // Align the common factor: p = x*f, o = y*f.
        for (int variant = 0; variant < 4; ++variant) {
          z3::expr pf = variant & 1 ? p.a : p.b, px = variant & 1 ? p.b : p.a;
          z3::expr of = variant & 2 ? o.a : o.b, ox = variant & 2 ? o.b : o.a;
          if (!z3::eq(pf, of)) continue;
          lemmas = lemmas && z3::implies(px == ox, p.m == o.m);
          Interval ix = ival(px), iy = ival(ox), iff = ival(pf);
          // The sums in these lemmas are computed one bit wider, so the
          // lemma itself cannot wrap.
          auto uw = [](const z3::expr &x) { return z3::zext(x, 1); };
          auto sw = [](const z3::expr &x) { return z3::sext(x, 1); };
          if (fits(std::max(ix.hi, iy.hi), iff.hi, w)) {
            lemmas = lemmas && z3::implies(z3::ult(px, ox), z3::ule(uw(p.m) + uw(pf), uw(o.m)));
            lemmas = lemmas && z3::implies(z3::ult(ox, px), z3::ule(uw(o.m) + uw(pf), uw(p.m)));
          }
          if (ep && eo) {
            // Both exact (signed): monotone in the other factor for f > 0.
            z3::expr both = *ep && *eo && pf > zero;
            lemmas = lemmas && z3::implies(both && px < ox, sw(p.m) + sw(pf) <= sw(o.m));
            lemmas = lemmas && z3::implies(both && ox < px, sw(o.m) + sw(pf) <= sw(p.m));
          }
        }
      }
    }
    return a && lemmas;
  }

private:
  struct Product {
    z3::expr a, b, m;
  };
  std::map<std::pair<unsigned, unsigned>, z3::expr> exactFlags;
  z3::expr exactFlag(const z3::expr &a, const z3::expr &b) {
    auto key = std::make_pair(Z3_get_ast_id(c, a), Z3_get_ast_id(c, b));
    auto it = exactFlags.find(key);
    if (it != exactFlags.end()) return it->second;
    z3::expr f = c.bool_const(("exact!" + std::to_string(next++)).c_str());
    exactFlags.emplace(key, f);
    return f;
  }
  // The flag of a product, if its no-overflow assumption occurs; true when
  // both factors are sign extensions of at most half the width (the product
  // of two w/2-bit signed values never overflows w bits).
  std::optional<z3::expr> flagOf(const Product &p) {
    unsigned w = p.m.get_sort().bv_size();
    auto narrowSigned = [&](const z3::expr &x) {
      return x.is_app() && x.decl().decl_kind() == Z3_OP_SIGN_EXT && x.num_args() == 1 &&
             2 * x.arg(0).get_sort().bv_size() <= w;
    };
    if (narrowSigned(p.a) && narrowSigned(p.b)) return c.bool_val(true);
    for (auto key : {std::make_pair(Z3_get_ast_id(c, p.a), Z3_get_ast_id(c, p.b)),
                     std::make_pair(Z3_get_ast_id(c, p.b), Z3_get_ast_id(c, p.a))}) {
      auto it = exactFlags.find(key);
      if (it != exactFlags.end()) return it->second;
    }
    return std::nullopt;
  }
  z3::context &c;
  std::map<std::string, Interval> leaves;
  std::map<unsigned, z3::expr> cache;
  std::map<unsigned, z3::expr> *linear;
  std::map<unsigned, Interval> ivals;
  std::vector<Product> products;
  int next = 0;

  static bool fits(uint64_t a, uint64_t b, unsigned w) {
    if (a == 0 || b == 0) return true;
    unsigned __int128 p = (unsigned __int128)a * b;
    return w >= 64 ? p <= ~0ull : p < ((unsigned __int128)1 << w);
  }

  z3::expr rewrite(const z3::expr &e) {
    if (!e.is_app()) return e;
    unsigned id = Z3_get_ast_id(c, e);
    auto it = cache.find(id);
    if (it != cache.end()) return it->second;
    if (linear && linear->count(id)) return e;
    z3::expr out = rewriteApp(e, id);
    if (linear && z3::eq(out, e)) linear->emplace(id, e);
    return out;
  }
  z3::expr rewriteApp(const z3::expr &e, unsigned id) {
    z3::func_decl d = e.decl();
    Z3_decl_kind k = d.decl_kind();
    unsigned n = e.num_args();
    z3::expr_vector args(c);
    for (unsigned i = 0; i < n; ++i) args.push_back(rewrite(e.arg(i)));
    if (k == Z3_OP_BSMUL_NO_OVFL || k == Z3_OP_BSMUL_NO_UDFL) {
      // "a*b does not overflow (signed)" becomes a fresh flag `exact`; the
      // lemmas below hold where it is true. Where the original predicate
      // holds, setting the flag true satisfies them: no model is lost.
      z3::expr flag = exactFlag(args[0], args[1]);
      cache.emplace(id, flag);
      return flag;
    }
    if (k == Z3_OP_BUMUL_NO_OVFL) {
      z3::expr t = c.bool_val(true);  // dropping an assumption only adds models
      cache.emplace(id, t);
      return t;
    }
    z3::expr out = n == 0 ? e : d(args);
    // Constant subterms (sign_extend of a numeral, ...) fold to numerals, so
    // that a product with one is linear.
    if (n > 0 && k != Z3_OP_UNINTERPRETED && out.is_bv()) {
      bool ground = true;
      for (unsigned i = 0; i < n && ground; ++i) ground = args[i].is_numeral();
      if (ground) {
        z3::expr folded = out.simplify();
        if (folded.is_numeral()) {
          cache.emplace(id, folded);
          return folded;
        }
      }
    }
    if (k == Z3_OP_BMUL && n == 2 && !args[0].is_numeral() && !args[1].is_numeral()) {
      z3::expr m = c.bv_const(("mul!" + std::to_string(next++)).c_str(), e.get_sort().bv_size());
      products.push_back({args[0], args[1], m});
      // Interval of m: from the original factors.
      Interval ia = ival(args[0]), ib = ival(args[1]);
      unsigned w = e.get_sort().bv_size();
      if (fits(ia.hi, ib.hi, w)) ivals[Z3_get_ast_id(c, m)] = {ia.lo * ib.lo, ia.hi * ib.hi};
      out = m;
    }
    cache.emplace(id, out);
    return out;
  }

  Interval ival(const z3::expr &e) {
    unsigned w = e.is_bv() ? e.get_sort().bv_size() : 1;
    uint64_t full = w >= 64 ? ~0ull : ((1ull << w) - 1);
    Interval top{0, full};
    if (!e.is_app()) return top;
    unsigned id = Z3_get_ast_id(c, e);
    auto it = ivals.find(id);
    if (it != ivals.end()) return it->second;
    Interval r = top;
    uint64_t v;
    Z3_decl_kind k = e.decl().decl_kind();
    if (e.is_numeral() && e.is_numeral_u64(v)) {
      r = {v, v};
    } else if (k == Z3_OP_UNINTERPRETED && e.num_args() == 0) {
      std::string name = e.decl().name().str();
      auto l = leaves.find(name);
      if (l != leaves.end()) r = l->second;
      // Iteration counters of signed 32-bit induction variables are < 2^32.
      else if (name.find(".K32.k#") != std::string::npos) r = {0, 0xffffffffull};
    } else if (k == Z3_OP_BADD && e.num_args() == 2) {
      Interval a = ival(e.arg(0)), b = ival(e.arg(1));
      if (a.hi <= full - b.hi) r = {a.lo + b.lo, a.hi + b.hi};
    } else if (k == Z3_OP_BMUL && e.num_args() == 2) {
      Interval a = ival(e.arg(0)), b = ival(e.arg(1));
      if (fits(a.hi, b.hi, w)) r = {a.lo * b.lo, a.hi * b.hi};
    } else if (k == Z3_OP_BUDIV && e.num_args() == 2) {
      Interval a = ival(e.arg(0)), b = ival(e.arg(1));
      if (b.lo > 0) r = {a.lo / b.hi, a.hi / b.lo};
    } else if (k == Z3_OP_BUREM && e.num_args() == 2) {
      Interval a = ival(e.arg(0)), b = ival(e.arg(1));
      r = {0, std::min(a.hi, b.hi == 0 ? full : b.hi - 1)};
      if (b.hi == 0) r = a;
    } else if (k == Z3_OP_BAND && e.num_args() == 2) {
      Interval a = ival(e.arg(0)), b = ival(e.arg(1));
      r = {0, std::min(a.hi, b.hi)};
    } else if (k == Z3_OP_BLSHR && e.num_args() == 2) {
      Interval a = ival(e.arg(0));
      r = {0, a.hi};
    } else if (k == Z3_OP_ZERO_EXT) {
      r = ival(e.arg(0));
    } else if (k == Z3_OP_SIGN_EXT) {
      Interval a = ival(e.arg(0));
      unsigned iw = e.arg(0).get_sort().bv_size();
      if (iw < 64 && a.hi < (1ull << (iw - 1))) r = a;  // non-negative: unchanged
    } else if (k == Z3_OP_EXTRACT && Z3_get_decl_int_parameter(c, e.decl(), 1) == 0) {
      Interval a = ival(e.arg(0));
      if (a.hi <= full) r = a;  // low bits of a value that fits
    } else if (k == Z3_OP_ITE) {
      Interval a = ival(e.arg(1)), b = ival(e.arg(2));
      r = {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
    }
    ivals[id] = r;
    return r;
  }
};

// Symbolic executor for one thread.
class Executor {
public:
  // shareUniform: A and B are in one block (share uniform loop state of
  // loops with block barriers). shareWarpLoops: A and B are in one warp
  // (also share the iteration of loops with __syncwarp).
  Executor(Checker &ck, Thread &t, bool shareUniform, Replay &replay, bool shareWarpLoops = false,
           bool shareGridLoops = false);
  void run();
  // The conditions on the values chosen for the states after loops, at the
  // end of the run (witness).
  const z3::expr &exitWitness() const { return witness; }
  // The named barrier executed as a barrier of the pair's group (-1: none).
  int64_t groupBarrier = -1;
  // The collective pair (collectiveChecks): A and B share the iteration of
  // loops that contain a warp collective too (never used for races).
  bool shareCollectiveLoops = false;

  std::vector<AccessEv> accesses;
  // Values that are the return of one atomic add on a ticket region
  // (Checker::ticketRegions) by this thread: the atomics themselves and a
  // loop variable that carries such a value into the arbitrary iteration.
  struct TicketVal {
    z3::expr value, off, guard;
    int region;
    bool gridWide;  // its atomics are atomic for the whole grid (GPU or system scope)
    // The block's lead's ticket, passed through a broadcast slot: one value
    // for the whole block, so different only from other blocks' tickets.
    bool leadOnly = false;
  };
  std::vector<TicketVal> tickets;
  // Atomics only the lead thread of the block executes (outside loops) whose
  // value a broadcast slot passed to this thread: the access (an index into
  // `accesses`) and the lead. The access's value stands for the lead's
  // (Executor::broadcastValue).
  struct LeadUpdate {
    size_t access;
    std::array<uint64_t, 3> lead;
  };
  std::vector<LeadUpdate> leadUpdates;
  std::vector<FenceEv> fences;
  std::vector<AwaitEv> awaits;
  std::vector<BarrierEv> barriers;
  std::vector<NamedEv> named;
  std::vector<MbarEv> mbars;
  std::vector<CondEv> loopConds;
  std::vector<LoopExitEv> loopExits;
  std::vector<UnknownEv> unknowns;
  // The arbitrary iteration of every loop, by the loop statement's id.
  std::map<int, LoopIter> loopIters;
  // An iteration count the encoding takes (the arbitrary iteration k, the
  // exit iteration kx) asks only that the test pass just before it; the
  // loop really reaches it only if no earlier test fails. `early` holds for
  // some value of its own fresh counter exactly when one does (a test that
  // passes again after a wrap-around). Only for tests that are closed forms
  // of the counter and the entry state (Checker::firstIterations).
  struct IterCheck {
    z3::expr k;
    z3::expr early;
    std::vector<z3::expr> own;  // the check's counter and the values of its iteration state
    const Stmt *loop;
    bool exit;
  };
  std::vector<IterCheck> iterChecks;
  // Warp intervals opened by a __syncwarp: the condition under which this
  // thread executes the __syncwarp that opens it, and the mask it executes
  // it with (two lanes are ordered by it only when each names the other).
  struct WarpSegOpener {
    z3::expr pc, mask;
  };
  std::map<int, WarpSegOpener> warpSegOpened;

private:
  Checker &ck;
  z3::context &c;
  Thread &t;
  bool share;
  bool shareWarp;
  bool shareGrid;
  Replay &replay;
  State st;
  std::map<int, std::vector<State>> pendingExits;
  bool recording = true;  // false in Houdini dry runs
  z3::expr exited;        // returned from the kernel on some path so far
  // Conditions on values chosen for the state after loops (see execLoop),
  // each guarded by the path that reaches the loop. Conjoined into the
  // guards of events recorded later; not part of control (pc).
  z3::expr witness;
  bool stopRun = false;   // true in entry/wrap continuation runs
  // In a continuation run of a loop with block barriers: it ends at the
  // first block barrier; a __syncwarp before it only opens a warp interval
  // (the accesses after it are still in the previous iteration's block
  // interval).
  bool stopAtBlockBarrier = false;
  int nextSeg = 0;
  int nextLoop = 0;
  int nextFresh = 0;
  std::string freshTag;  // in fresh names, after '#' (earlierFailure's constants)
  int earlyChecks = 0;
  int nextSeq = 0;
  int loopDepth = 0;
  int gridLoops = 0;  // loops around the current statement that contain grid.sync()
  std::vector<z3::expr> iterStack;  // counters of the loops around the current statement
  // In the main run of a loop with block barriers, before its first barrier
  // (the state's intervals are cleared there): an interval key reserved for
  // that head of the iteration. Waits and fences recorded there carry it, so
  // that a barrier later in the iteration orders them (happens-before through
  // a lead's wait); accesses do not (their races are checked on the
  // continuation runs).
  int headSeg = -1;
  // After an if whose one side has a barrier (`if (b > 0) { ...; __syncthreads(); ... }`)
  // the intervals are that side's: a thread in none of them (it took the
  // other side) is still in the head interval.
  std::map<int, z3::expr> eventSegs() const {
    if (headSeg < 0) return st.bseg;
    if (st.bseg.empty()) return {{headSeg, c.bool_val(true)}};
    std::map<int, z3::expr> r = st.bseg;
    z3::expr inAny = c.bool_val(false);
    for (auto &[key, g] : st.bseg) inAny = inAny || g;
    r.emplace(headSeg, !inAny);
    return r;
  }
  // Where an access sits in the loops: their counters, whether this is a
  // continuation run, its intervals for happens-before.
  void placeInLoops(AccessEv &ev) const {
    ev.iters = iterStack;
    ev.cont = stopRun;
    ev.inGridLoop = gridLoops > 0;
    ev.hbSegs = stopRun ? st.bseg : eventSegs();
  }
  std::vector<z3::expr> sideConds;  // no-signed-overflow conditions of encoded expressions
public:
  // Thread B's loads of read-only global memory (input data) replayed
  // against thread A's: "different addresses hold different values", with
  // the region (Checker::judgeInputDependence).
  std::vector<std::pair<z3::expr, int>> distinctInputs;
  // Every load of read-only memory this thread executed (any statement):
  // the offset, the value it reads, the region. Two loads of one address
  // read one value (Checker::judgeSameValue relates them across statements).
  struct InputLoad {
    z3::expr off, val;
    int region;
  };
  std::vector<InputLoad> inputLoads;
  bool wideInputs = false;  // some of them are 64-bit (their facts bound the values below 2^32)
  // No signed overflow in arithmetic on values read from memory, under the
  // paths that compute it: not assumed (nothing is assumed about data), only
  // asked when a counterexample is judged (Checker::judgeInputDependence).
  std::vector<z3::expr> dataSide;
  z3::expr dataAssumed;
  // Constraints on the values this thread's execution chose (loop iteration
  // states, no signed overflow, __builtin_assume), each guarded by the path
  // condition under which it was made. Control reachability stays in `pc`.
  z3::expr assumed;
  // The no-overflow conditions the path assumes, as obligations: where they
  // were made (the statement), the condition, and the path and assumptions
  // up to that point (Checker::overflowChecks asks whether one fails there:
  // the first overflow of an execution has only defined arithmetic before it).
  struct OverflowObligation {
    const Stmt *s;
    z3::expr ok, pc, assumedBefore, witness;
    bool userAssumption = false;  // __builtin_assume / __builtin_unreachable, not an overflow
    bool division = false;        // a divisor that may be zero (or INT_MIN / -1)
  };
  std::vector<OverflowObligation> overflowObligations;
  // The address alignment an async copy needs (PTX ISA: cp.async.bulk 16
  // bytes, cp.async its size): checked like the overflow obligations. `what`
  // names the address ("shared destination 'tile'").
  struct AlignObligation {
    const Stmt *s;
    z3::expr ok, pc, witness;
    uint64_t align;
    int region;        // the region of the address
    std::string what;  // "shared address 'tile'"
  };
  std::vector<AlignObligation> alignObligations;
  // Accesses of a __shared__ array of known size: they stay inside it
  // (`ok`); an access past the end lands in the array next to it, which the
  // per-region model does not see (Checker::boundsChecks).
  struct BoundsObligation {
    const Stmt *s;
    z3::expr ok, pc, witness;
  };
  std::vector<BoundsObligation> boundsObligations;
private:
  const Stmt *curStmt = nullptr;  // the statement being executed (obligations' place)
  // Whether every leaf (constant) of a value satisfies `leafOk`; memoized
  // per predicate (the memo keeps the terms alive, so their ids stay theirs).
  using LeafMemo = std::map<unsigned, std::pair<z3::expr, bool>>;
  bool allLeaves(const z3::expr &e, LeafMemo &memo, bool (*leafOk)(const z3::expr &));
  // Whether a value depends on memory (a load, a spin-wait's read, a havoc):
  // signed arithmetic on such values wraps instead (no assumption, no
  // obligation: a data value's range is nothing the proof should rest on).
  LeafMemo fromMemoryMemo;
  bool fromMemory(const z3::expr &e);
  // Whether a value is a function of the thread's and block's indices and the
  // launch dimensions alone: an overflow there removes whole threads or
  // blocks from the checks, so its no-overflow condition is an obligation.
  // (Over parameters and loop state the assumption only excludes the extreme
  // values, as stated in the result's assumptions.)
  LeafMemo indexOnlyMemo;
  bool indexOnly(const z3::expr &e);
  std::vector<z3::expr> obligConds;  // the sideConds that are obligations
  bool obligDivision = false;        // one of them is a division's

  z3::expr enc(const ExprRef &e);
  // enc, for an operand that is evaluated only when `guard` holds (?:, &&, ||).
  z3::expr encUnder(const ExprRef &e, const z3::expr &guard);
  // Conditions under which the expressions encoded since the last call are
  // defined (no signed overflow); the path assumes them.
  // With `pc`: the path assumes them under pc, and (in the recording main
  // run) they become obligations.
  z3::expr takeSide(const z3::expr *pc = nullptr) {
    z3::expr r = c.bool_val(true);
    for (auto &x : sideConds) r = r && x;
    if (pc && recording && !stopRun && !obligConds.empty()) {
      z3::expr ok = c.bool_val(true);
      for (auto &x : obligConds) ok = ok && x;
      overflowObligations.push_back({curStmt, ok, *pc, assumed, witness});
      overflowObligations.back().division = obligDivision;
    }
    if (pc && !dataSide.empty()) {
      z3::expr ok = c.bool_val(true);
      for (auto &x : dataSide) ok = ok && x;
      dataAssumed = dataAssumed && z3::implies(*pc, ok);
    }
    sideConds.clear();
    obligConds.clear();
    dataSide.clear();
    obligDivision = false;
    return r;
  }
  void absorbSide() {
    if (!sideConds.empty() || !dataSide.empty()) assumed = assumed && z3::implies(st.pc, takeSide(&st.pc));
  }
  z3::expr fresh(const std::string &base, unsigned width, bool shared);
  void exec(const Stmt &s);
  void execBlock(const Stmt &s);
  void execIf(const Stmt &s);
  void execLoop(const Stmt &s);
  void execLoopInner(const Stmt &s);
  void execBarrier(const Stmt &s);
  void mergeInto(State &base, const State &other);
  z3::expr readOnlyLoad(const Stmt &s, const z3::expr &off);
  std::optional<z3::expr> broadcastValue(const Stmt &s, const BroadcastSlot &slot);
  // Per loop: the candidate invariants that survived its last Houdini run.
  std::map<int, std::vector<bool>> houdiniSurvivors;
  bool houdiniTrace = getenv("SYNCPROOF_HOUDINI") != nullptr;
  // Houdini's decisions (which candidates are refuted), recorded by the first
  // thread of a pair and replayed by the second.
  std::vector<bool> decideAll(size_t n, const std::function<std::vector<bool>()> &query);
  void runBody(const Stmt &loop, State start, bool asStop, State &end, bool blockBar = false);
};

class Checker {
public:
  Checker(const model::Kernel &k, const Options &o)
      : k(k), opts(o), A(c), B(c), C(c), D(c), WA(c), WB(c), GA(c), GB(c),
        bdim{c.bv_const("blockDim.x", 32), c.bv_const("blockDim.y", 32), c.bv_const("blockDim.z", 32)},
        gdim{c.bv_const("gridDim.x", 32), c.bv_const("gridDim.y", 32), c.bv_const("gridDim.z", 32)} {
    // Dimensions the contract fixes are numerals, not variables: products
    // with them (linear thread and block indices) stay linear for the solver.
    for (int i = 0; i < 3; ++i) {
      const model::LaunchShape &L = opts.launch;
      if (L.blockMin[i] == L.blockMax[i]) bdim[i] = c.bv_val(L.blockMin[i], 32);
      if (L.gridMin[i] == L.gridMax[i]) gdim[i] = c.bv_val(L.gridMin[i], 32);
    }
  }
  model::KernelResult run();
  model::KernelResult runChecks();

  // Which checks run: all, or (for kernels whose instruction words come from
  // a per-block constant table) the intra-block checks for one block of a
  // fixed grid, or the checks between blocks. blockOfPair: the block the
  // intra-block pairs (A, B and the warp pair) belong to (so that their
  // counterexamples name it).
  // ProgressOnly: with blockOfPair set, only the block's progress steps
  // (blockSteps), for the grid progress run behind a possible cycle.
  enum class Part { All, IntraBlock, InterBlock, ProgressOnly } part = Part::All;
  std::optional<std::array<uint64_t, 3>> blockOfPair;

  const model::Kernel &k;
  const Options &opts;
  z3::context c;
  Thread A, B, C, D, WA, WB, GA, GB;
  z3::expr bdim[3], gdim[3];
  std::vector<z3::expr> params;
  // Each load of a global region no statement of the kernel writes (by its
  // Havoc id) and its offset: the value is one per address for the whole grid
  // (docs/model.md "Loads of read-only memory").
  std::map<int, ExprRef> uniformLoads;
  void findReadOnlyLoads();
  // Values the encoding over-approximates, by Havoc id, with what they are:
  // loads of memory the kernel writes (any value some write could leave) and
  // results of operations whose value is not computed ("result of __popc").
  // A counterexample that rests on one is not confirmed (restsOn).
  std::map<int, std::string> untrackedHavocs;
  // Conditions and values that are not integers (floating-point
  // comparisons): fresh in each thread; they make a divergence, loop
  // uniformity or warp-mask finding possible, not a race (restsOn).
  std::map<int, std::string> nonIntegerHavocs;
  void findUntrackedValues();
  // What over-approximated value `e` depends on ("" for none): an untracked
  // Havoc, the value an atomic, a strong load or a spin-wait returns, a probe's
  // result, an operation that is not modelled.
  // forRace (a race's addresses and paths): also a variable's value in or
  // after a loop that is not a closed form of the iteration (a binary
  // search's result; not for conditions, where the first iteration alone
  // often decides), but not a floating-point condition (nonIntegerHavocs).
  // sharedExact: not a value the encoding shares between the pair's threads
  // ("U!": one value for both, so equal in both, whatever it is).
  // loops: false leaves out the loop abstraction (with forRace).
  std::string restsOn(const z3::expr &e, bool forRace = false, bool writtenLoads = false,
                      bool sharedExact = false, bool loops = true) const;
  // Makes `f` a possible violation when one of `es` rests on such a value.
  void demoteIfRestsOn(Finding &f, std::initializer_list<const z3::expr *> es, const char *what,
                       bool forRace = false) const;
  void demoteBecause(Finding &f, const char *what, const std::string &why) const;
  // Does the race `query` (assumptions `base`, counterexample lastModel) hold
  // for every value that the loads of written memory in it may read, all else
  // as in the counterexample? (an undecided query: no)
  // (`base`: with definedData, values that give no undefined behaviour; with
  // the pair's paths, values that lead both threads to the accesses)
  bool holdsForEveryLoadedValue(const z3::expr &query, const z3::expr &base);
  // The iteration checks (Executor::iterChecks) of the counts that `es` (a
  // race's addresses and paths) name, each once.
  std::vector<const Executor::IterCheck *> iterChecksOf(std::initializer_list<const z3::expr *> es, const Executor &x,
                                                        const Executor &y);
  // Does the counterexample (lastModel of `query`) take an iteration count
  // that its loop does not reach, because a test before it fails? Returns
  // why ("" when every such count is the loop's own; an undecided query:
  // not).
  std::string earlierLoopExit(const z3::expr &query, const std::vector<const Executor::IterCheck *> &checks);
  // When it does, asks `query` again with every such count the loop's own
  // (no test before it fails, a quantified constraint). Returns why the
  // counterexample kept (lastModel: the new one when that query had one)
  // may not happen, "" when it does.
  std::string firstIterations(const z3::expr &query, std::initializer_list<const z3::expr *> es, const Executor &x,
                              const Executor &y);
  // Defined behaviour of a pair's data: no signed overflow in arithmetic on
  // loaded values, and byte offsets inside some allocation (below 2^48).
  z3::expr definedData(const Executor &x, const Executor &y, const z3::expr &offX, const z3::expr &offY);
  // A race found by `query` that needs undefined behaviour on loaded values
  // is possible; one that needs two different elements of input memory
  // (global memory no thread writes) to hold equal values says so (a scatter
  // through an index array races only if the array repeats a value).
  // A race between blocks that no single release/acquire edge orders may
  // still be ordered by a chain of them through other blocks (a token passed
  // around a ring), which the race query does not compose. The smallest
  // launch of the query's counterexample is run thread by thread (concrete.h),
  // whose vector clocks compose every chain: Refuted when that launch has no
  // race (the counterexample is then the run's launch, `launchText`),
  // Confirmed when the run shows one. When the run gives up or no small
  // launch exists: Undecided when no block can pass a chain on (`chains`
  // false, chainsPossible) or a counterexample of two blocks exists (no
  // block to chain through: the race stands), else ChainPossible
  // (`launchText` says why the run did not decide). The race model stays in
  // lastModel.
  enum class RunVerdict { Confirmed, Refuted, Undecided, ChainPossible };
  RunVerdict runRaceLaunch(const z3::expr &q, const Stmt &sa, const Stmt &sb, bool chains, std::string &launchText);
  bool chainsPossible(Executor &e, const Thread &t);
  bool signalsAfter(Executor &e, const Thread &t, int seq, const std::vector<z3::expr> &iters, const z3::expr &guard);
  void judgeSameValue(Finding &f, const z3::expr &query, const AccessEv &p, const AccessEv &o, const Executor &x,
                      const Executor &y);
  void judgeInputDependence(Finding &f, const z3::expr &query, const Executor &x, const Executor &y,
                            const z3::expr &offX, const z3::expr &offY);
  // Regions every write of which is an atomic add of a positive constant
  // (ticket counters: `my = atomicAdd(next, 1)`): two such atomics of
  // different threads at one address return different values, as long as
  // the counter does not wrap within the launch (docs/model.md "Tickets").
  std::set<int> ticketRegions;
  // The regions of the pointer parameters the contract's distinct_elements
  // names (LaunchShape::distinctElements).
  std::map<int, std::optional<int64_t>> distinctRegions;  // region -> the minimum of the distinct ones
  // ... and of those its element_ranges bounds: [min, max].
  std::map<int, std::pair<int64_t, int64_t>> elementRangeRegions;
  void findTicketRegions();
  // Shared scalars one plain store writes and plain loads of the same bytes
  // read, by region (findBroadcastSlots).
  std::map<int, BroadcastSlot> broadcastSlots;
  void findBroadcastSlots();
  // The kernel's spine (its top-level statements): the spine position of
  // every statement, and per position the first later barrier every thread
  // passes with no exit leaving the statements before it (-1: none).
  // Also each loop body's spine, where nextBarrierLeaving tolerates exits
  // that leave the loop.
  struct SpineOrder {
    struct One {
      std::map<int, int> pos;
      std::vector<int> nextBarrier, nextBarrierLeaving;
    };
    One kernel;
    std::vector<One> loops;
  } spineOrder;
  bool spineBarrierBetween(int before, int after) const;
  bool loopBarrierBetween(int before, int after) const;
  // The pair's ticket constraints: for atomics of x and y on a ticket region
  // at one address, different returned values (between blocks, global
  // regions only: each block has its own shared memory).
  z3::expr ticketsDiffer(const Executor &x, const Executor &y, bool interBlock);
  // Loads of shared memory after a __syncthreads that every thread passes
  // (by Havoc id, with the offset): candidates (findStableSharedLoads), and
  // those whose addresses no write after the barrier overlaps
  // (keepStableSharedLoads, on an execution where every load is arbitrary):
  // within a block, one value per address (docs/model.md "Loads of shared
  // memory written before a barrier").
  std::map<int, ExprRef> stableCandidates;
  std::map<int, ExprRef> stableSharedLoads;
  // Loads of shared memory under the equality abstraction (docs/model.md
  // "Equal reads in one barrier interval"): in a kernel whose threads of a
  // block are ordered only by collective barriers, two threads of a block
  // that read one address in the same barrier interval read the same value
  // unless a race (which the race check reports) changes it. By Havoc id.
  std::map<int, ExprRef> equalityLoads;
  // uniformLoads, stableSharedLoads and equalityLoads: one value per address
  // within a block (for the uniformity analysis).
  std::map<int, ExprRef> blockUniformLoads;
  void rebuildBlockUniformLoads();
  // Per shared region with candidates: the spine position of its barrier.
  std::map<int, int> stableBarrierPos;
  std::map<int, int> spinePos;  // statement id -> position in the kernel's spine
  bool findEqualityLoads();
  void findStableSharedLoads();
  void contractMemoryWrites();
  // Why the memory the wait or signal `s` reads may not hold 0 when the
  // kernel starts: a non-zero initializer, contents or element range the
  // contract gives; "" when it holds 0 (the launch value the protocol
  // models assume; the host zeroes it, a stated assumption).
  std::string launchValueNotZero(const Stmt &s);
  void nonCoherentReads();
  // The regions some statement of the kernel writes, each with the first
  // statement that does (writtenRegion).
  std::map<int, const Stmt *> writersByRegion() const;
  // Keeps the candidates no write after their barrier may overlap, in the
  // executions `ea`, `eb` of the pair made without them.
  void keepStableSharedLoads(Executor &ea, Executor &eb);
  std::vector<std::optional<std::pair<uint64_t, uint64_t>>>
  boundedWriteBytes(const std::vector<std::pair<const AccessEv *, unsigned>> &writes,
                    const std::map<int, std::vector<size_t>> &writesOf, bool trace);
  z3::expr loadSide(const AccessEv &l, const Executor &ea, const Executor &eb);
  std::set<int> varying;      // variables whose value may differ between threads of a block
  std::set<int> varyingGrid;  // ... between threads of the grid
  unsigned queries = 0;
  std::vector<Finding> findings;
  std::vector<Finding> unknownFindings;
  // Accesses that may leave their __shared__ array (boundsChecks): unknown,
  // but they do not demote violations. An access past the end can only add
  // conflicts the model misses; the values it could change are arbitrary in
  // the model already (loads), so the paths of a reported violation stay.
  std::vector<Finding> boundsFindings;
  std::set<std::pair<int, int>> reportedPairs;
  std::set<std::pair<int, int>> sameValuePairs;  // pairs whose writes store one value within a block
  std::set<int> pageReleaseReported;  // arrive statements reported as early releases
  std::set<std::string> pageRefillReported;
  // Per concrete thread of the block: its mbarrier steps and barriers in
  // program order, and the mbarriers' init counts (mbarrierChecks; the
  // grid's progress check merges them with the counter steps).
  // namedBarrierChecks adds the named-barrier instances (namedSteps) and
  // blockProgressChecks merges both (also when there are no mbarriers).
  std::vector<std::vector<ProgressStep>> mbarSteps;
  std::map<SyncObject, uint64_t> mbarInitCount;
  std::set<std::pair<SyncObject, uint64_t>> mbarWellCounted;  // phases with their count of arrivals and bytes
  std::set<int> mbarReleaseRegions;                           // regions of pages' release ('empty') barriers
  std::vector<std::vector<ProgressStep>> namedSteps;          // empty: the instances are not known
  void blockProgressChecks(Executor &x, const Thread &t);
  // The block's steps for the grid's progress check (grid_progress.cpp;
  // nullopt: not every step is a constant, or the counters are not monotone).
  std::optional<std::vector<std::vector<ProgressStep>>> gridSteps(Executor &x, const Thread &t);
  std::optional<std::vector<std::vector<ProgressStep>>> blockSteps;  // refills (by source location) reported as 'still in use'

  // Abstraction first when the query is non-linear (see MulAbstraction).
  z3::check_result check(const z3::expr &q) {
    auto t0 = std::chrono::steady_clock::now();
    MulAbstraction abs(c, leafBounds(), &linearTerms);
    std::optional<z3::expr> a = abs.abstract(q);
    abstractionSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (a && checkExact(*a) == z3::unsat) return z3::unsat;
    return checkExact(q);
  }
  double abstractionSeconds = 0;  // building abstract queries (SYNCPROOF_PHASES)
  // A smaller per-query work limit (0: --rlimit): checkCheap.
  unsigned queryRlimit = 0;
  // A query whose `unknown` only costs precision (the stable loads' overlap
  // queries, the batched race queries), at a sixteenth of the per-query
  // limit: on a large kernel, full-limit ones would spend the check's budget.
  z3::check_result checkCheap(const z3::expr &q) {
    queryRlimit = opts.rlimit / 16;
    z3::check_result r = check(q);
    queryRlimit = 0;
    return r;
  }
  std::map<unsigned, z3::expr> linearTerms;  // MulAbstraction: terms it leaves unchanged
  std::map<std::string, Interval> leafBounds() {
    std::map<std::string, Interval> m;
    const model::LaunchShape &L = opts.launch;
    const char *xyz = "xyz";
    for (int i = 0; i < 3; ++i) {
      std::string d(1, xyz[i]);
      m["blockDim." + d] = {L.blockMin[i], L.blockMax[i]};
      m["gridDim." + d] = {L.gridMin[i], L.gridMax[i]};
      for (const char *t : {"A", "B", "C", "D", "WA", "WB", "GA", "GB"}) m[std::string(t) + ".threadIdx." + d] = {0, L.blockMax[i] - 1};
      for (const char *t : {"C", "D", "shared"}) m[std::string(t) + ".blockIdx." + d] = {0, L.gridMax[i] - 1};
    }
    for (const auto &pr : L.paramRanges)
      for (const auto &p : k.params)
        if (p.name == pr.name && p.kind == model::Param::Kind::Scalar && pr.min >= 0)
          m["param." + p.name] = {(uint64_t)pr.min, (uint64_t)pr.max};
    return m;
  }
  // A fresh, non-incremental solver per query: Z3's incremental core skips
  // the bit-vector preprocessing that makes these queries fast.
  z3::check_result checkExact(const z3::expr &q) {
    ++queries;
    unsigned timeout = opts.queryTimeoutMs();
    if (timeout == 0) throw BudgetExhausted{true};
    z3::solver solver(c, "QF_BV");
    z3::params p(c);
    p.set("timeout", timeout);
    if (opts.rlimit) p.set("rlimit", queryRlimit ? std::min(queryRlimit, opts.rlimit) : opts.rlimit);
    solver.set(p);
    solver.add(q);
    if (const char *dir = getenv("SYNCPROOF_DUMP_SMT2")) {
      // Debugging aid (docs/encoding.md): every query as an SMT-LIB 2 file.
      std::string path = std::string(dir) + "/" + k.name + "-" + std::to_string(queries) + ".smt2";
      if (FILE *f = fopen(path.c_str(), "w")) {
        std::string text = solver.to_smt2();
        fwrite(text.data(), 1, text.size(), f);
        fclose(f);
      }
    }
    auto t0 = std::chrono::steady_clock::now();
    z3::check_result r = solver.check();
    solverSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (r == z3::sat) lastModel = std::make_unique<z3::model>(solver.get_model());
    if (r == z3::unknown && opts.pastDeadline()) throw BudgetExhausted{true};
    chargeWork(solver);
    return r;
  }
  // The check of one kernel instance stops (BudgetExhausted, an `unknown`
  // result) when the solver's deterministic work counter for the whole
  // check passes this many per-query limits: a bound on the time one kernel
  // can take, as machine-independent as the per-query limit.
  static constexpr uint64_t kBudgetQueries = 40;
  // (wallClock: the wall-clock budget, --budget, ran out rather than the
  // solver work)
  struct BudgetExhausted {
    bool wallClock = false;
  };
  double workUsed = 0;
  void chargeWork(z3::solver &solver) {
    if (!opts.rlimit) return;
    z3::stats st = solver.statistics();
    for (unsigned i = 0; i < st.size(); ++i)
      if (st.key(i) == "rlimit count")  // cumulative over the context
        workUsed = st.is_uint(i) ? (double)st.uint_value(i) : st.double_value(i);
    if (workUsed > (double)kBudgetQueries * opts.rlimit) throw BudgetExhausted{};
  }
  // The last phase of run() that completed (for the budget's message).
  const char *stage = "none (it stopped while executing the first pair of threads symbolically)";
  std::unique_ptr<z3::model> lastModel;
  // Every value `e` (a term over the launch and thread `t`'s indices) can
  // take under the launch contract, when there are at most `limit`; nullopt
  // otherwise (or when the solver cannot tell).
  std::optional<std::vector<uint64_t>> valuesOf(const z3::expr &e, const Thread &t, unsigned limit) {
    auto key = std::make_pair(e.id(), t.name);
    auto it = valuesCache.find(key);
    if (it != valuesCache.end()) return it->second;
    z3::solver solver(c, "QF_BV");
    z3::params p(c);
    p.set("timeout", std::max(1u, opts.queryTimeoutMs()));
    if (opts.rlimit) p.set("rlimit", opts.rlimit);
    solver.set(p);
    solver.add(launchConstraints() && threadConstraints(t));
    std::vector<uint64_t> vals;
    std::optional<std::vector<uint64_t>> r;
    for (unsigned i = 0; i <= limit; ++i) {
      ++queries;
      z3::check_result res = solver.check();
      chargeWork(solver);
      if (res == z3::unsat) {
        r = vals;
        break;
      }
      if (res != z3::sat || i == limit) break;
      z3::expr v = solver.get_model().eval(e, true);
      std::optional<uint64_t> n = numeralOf(v);
      if (!n) break;
      vals.push_back(*n);
      solver.add(e != v);
    }
    valuesCache.emplace(key, r);
    return r;
  }
  std::map<std::pair<unsigned, std::string>, std::optional<std::vector<uint64_t>>> valuesCache;
  double solverSeconds = 0;  // time in solver.check() (SYNCPROOF_PHASES)

  z3::expr linearTid(const Thread &t) {
    return t.tid[0] + bdim[0] * (t.tid[1] + t.tid[2] * bdim[1]);
  }
  z3::expr laneOf(const Thread &t) { return z3::urem(linearTid(t), c.bv_val(32, 32)); }
  // Lane `lane` is named in the 32-bit warp mask `mask`.
  z3::expr inMask(const z3::expr &mask, const z3::expr &lane) {
    return z3::lshr(mask, lane).extract(0, 0) == c.bv_val(1, 1);
  }
  z3::expr launchConstraints();
  // The most threads a block has: 1024, or fewer under __launch_bounds__.
  uint64_t maxBlockThreads() const {
    return k.maxThreadsPerBlock ? std::min<uint64_t>(1024, k.maxThreadsPerBlock) : 1024;
  }
  // What a proof assumes of __launch_bounds__, when the kernel has it.
  void launchBoundsAssumption(std::vector<std::string> &out) const {
    if (k.maxThreadsPerBlock)
      out.push_back("blocks of at most " + std::to_string(maxBlockThreads()) +
                    " threads (__launch_bounds__: a launch of a larger block fails)");
  }
  z3::expr threadConstraints(const Thread &t);
  void computeVarying();
  // warpRestriction: 0 any pair, 1 pairs in one warp only, -1 pairs in different warps only.
  // exclude: pairs left to another pair of executors (the group pair).
  void raceChecks(Executor &x, Executor &y, bool interBlock, const Thread &tx, const Thread &ty, int warpRestriction = 0,
                  const std::optional<z3::expr> &exclude = std::nullopt);
  // A named barrier that acts as the barrier of one fixed group of whole
  // warps (checker.cpp, findGroupBarrier): its id, count and first thread.
  struct GroupBarrier {
    uint64_t id, count, first;
  };
  // The candidate, or nullopt and (when there was one) why it is not.
  std::optional<GroupBarrier> findGroupBarrier(Executor &x, std::string &whyNot);
  z3::expr inGroup(const GroupBarrier &g, const Thread &t) {
    z3::expr lin = linearTid(t);
    return z3::uge(lin, c.bv_val(g.first, 32)) && z3::ult(lin, c.bv_val(g.first + g.count, 32));
  }
  // Empty when the group pair shows the barrier to be the group's barrier;
  // otherwise why not.
  std::string groupBarrierHolds(Executor &x, Executor &gx, Executor &gy, const GroupBarrier &g);
  void divergenceChecks(Executor &x, Executor &y, const Thread &A, const Thread &B, bool blockLevel, bool warpLevel);
  void unknownChecks(Executor &x);
  // The no-signed-overflow assumptions of x's execution, checked (unknown
  // where one can fail on a reachable path: the proof would rest on it).
  void overflowChecks(Executor &x);
  // The async copies' address alignment (unknown where it can fail).
  void alignmentChecks(Executor &x);
  void boundsChecks(Executor &x);
  // One query: can any of `fails` hold under `base`? The indices a model
  // satisfies (empty: none can); nullopt when the solver did not decide.
  std::optional<std::vector<size_t>> failingInModel(const z3::expr &base, const std::vector<z3::expr> &fails);
  void gridChecks(Executor &intra, Executor &x, Executor &y);
  Finding loopDivergence(const Stmt &loop, const model::ThreadId &a, const model::ThreadId &b,
                         const std::string &message);
  void loopExitChecks(Executor &x, Executor &y, const Thread &A, const Thread &B, const z3::expr &base,
                      std::set<int> &reported, const std::string &message, bool withBlock);
  void loopUniformityChecks(Executor &x, Executor &y, const Thread &A, const Thread &B, const z3::expr &base,
                            std::set<int> &reported, const std::string &what, const std::string &message,
                            bool withBlock);
  void solverUnknown(const Stmt *s, const std::string &what);

  // Named barriers (named_barriers.cpp): thread counts per instance, ids
  // shared by concurrent groups, barrier 0 beside __syncthreads(), warp
  // alignment; and the order they give to the accesses around them.
  void namedBarrierChecks(Executor &x, const Thread &t, std::optional<uint64_t> groupId = std::nullopt);
  void warpMaskChecks(const BarrierEv &a, const BarrierEv &b, Executor &y, const Thread &A, const Thread &B,
                      const z3::expr &base, std::set<int> &reported);
  void collectiveChecks(Executor &x, Executor &y, const Thread &A, const Thread &B, bool inLoops);
  std::set<int> collectivesReported;  // collectives with a finding (checked once over both pairs)
  z3::expr namedHappensBefore(Executor &x, const AccessEv &a, Executor &y, const AccessEv &b);
  std::map<const Executor *, std::vector<z3::expr>> namedIndex;  // per event: its index in the interval
  const std::vector<z3::expr> &namedIndices(Executor &x, bool byPath = false);
  std::map<const Executor *, std::vector<z3::expr>> namedPcIndex;  // namedIndices by path conditions
  struct NamedLeadSide {
    z3::expr pc, id, index;
    std::map<int, z3::expr> seg;
    bool usable;
  };
  std::map<std::tuple<Executor *, size_t, std::array<uint64_t, 3>>, NamedLeadSide> namedLeadMemo;  // by executor, event, lead

  // mbarriers and bulk copies (mbarriers.cpp): arrivals and tx bytes per
  // phase, parity, the phase each operation belongs to; the order that
  // phases give to generic accesses and the completion of bulk copies.
  void mbarrierChecks(Executor &x, const Thread &t);
  // The block size the contract fixes (the thread-by-thread bookkeeping of
  // named barriers and mbarriers needs one); nullopt for a range.
  struct FixedBlock {
    uint64_t x, y, z, threads;
    std::string text() const {
      return "(" + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z) + ")";
    }
  };
  std::optional<FixedBlock> fixedBlock() const {
    const model::LaunchShape &L = opts.launch;
    for (int i = 0; i < 3; ++i)
      if (L.blockMin[i] != L.blockMax[i]) return std::nullopt;
    return FixedBlock{L.blockMin[0], L.blockMin[1], L.blockMin[2], L.blockMin[0] * L.blockMin[1] * L.blockMin[2]};
  }
  // Substitution of one concrete thread of `t` in a block of that size, with
  // the parameters the contract fixes.
  ConcreteThread concreteThread(const Thread &t, const FixedBlock &fb) {
    ConcreteThread ct(c, t.tid, bdim, fb.x, fb.y, fb.z);
    fixParams(ct);
    return ct;
  }
  // Parameters whose value the contract fixes, for the concrete bookkeeping.
  void fixParams(ConcreteThread &ct) {
    for (auto &[i, v] : fixedParams(k, opts))
      if (params[i].is_bv()) ct.fix(params[i], c.bv_val(v, params[i].get_sort().bv_size()));
  }
  std::map<int, int> mbarPhase;  // statement id -> phase (Arrive, Wait, AsyncCopy); absent: unknown
  // Per access position (seq): for each mbarrier object, how many of its
  // phases each thread executing the access knows complete.
  std::map<int, std::map<std::pair<int, uint64_t>, std::vector<uint64_t>>> mbarKnownAt;  // per thread (UINT64_MAX: does not execute it)
  z3::expr mbarKnows(int seq, const std::pair<int, uint64_t> &obj, int phase, const Thread &t);
  std::map<int, std::pair<int, uint64_t>> mbarObjects;  // statement id -> mbarrier (region, byte offset)
  // mbarrier rings in loops with runtime trip counts (ring_induction.cpp).
  struct RingFamily {
    int region = -1;
    uint64_t S = 1;                // members: iteration k uses member[k % S]
    std::vector<uint64_t> member;  // byte offsets in the region
    uint64_t count = 0;            // the members' init count
    int pre = 0;                   // 1: phase 0 completed by arrivals before the loop
    const Stmt *init = nullptr;
  };
  // Knowledge at a point of iteration k, per family and offset d in [0, S):
  // the phases completed by iterations j == k + d (mod S), j <= k + value,
  // are known complete (INT64_MIN / 4: none).
  using RingState = std::vector<std::vector<int64_t>>;
  struct RingThread {
    int loop = -1;                 // the loop statement of its ring operations (-1: none)
    std::vector<int> itemSeq;      // its ring items (operations, warp barriers) in program order
    std::vector<std::vector<RingState>> at;  // [iteration class][position]: knowledge before the item
    std::vector<std::set<int>> releasedFrom;  // [position]: families released at or after it in the iteration
  };
  struct RingModel {
    std::vector<RingFamily> fams;
    std::map<int, int> famOf;  // statement id -> family
    std::vector<RingThread> threads;  // by linear thread index
    size_t steady = 0;  // iteration classes 0..steady-1 are exact, class `steady` holds for every k >= steady
    bool parityBroken = false;
  };
  std::optional<RingModel> ring;
  // Builds `ring` for the loop operations of x; "" on success, else why not.
  std::string ringInduction(Executor &x, const Thread &t);
  z3::expr ringKnowsFormula(uint64_t lin, size_t pos, const z3::expr &kb, int fam, const z3::expr &kr);
  z3::expr ringHappensBefore(Executor &x, const Thread &tx, const AccessEv &a, Executor &y, const Thread &ty,
                             const AccessEv &b, bool &unsupported);
  z3::expr ringKnowsCopy(Executor &x, const AccessEv &cp, Executor &y, const Thread &ty, const AccessEv &o,
                         bool &unsupported);
  std::set<int> ringUnsupportedReported;
  // Ampere cp.async groups in loops with block barriers (async_groups.cpp):
  // the counted commits, block barriers and waits of each region by
  // program-order position. Regions: 2i + 1 is the body of the i-th loop
  // that commits or waits (program order), 2i the straight code before it,
  // 2n the code after the last one.
  struct GPos {
    int region;  // even: straight code; odd: a loop's body (iteration k)
    int seq;
    z3::expr k;
  };
  struct GroupLoop {
    struct Loop {
      int id;              // the loop statement's id (Executor::loopIters)
      int lo, hi;          // the first and last positions of its events
      z3::expr T;          // its trip count in the encoding
      z3::expr tripCount;  // what T satisfies (the loop's test at T and T - 1)
    };
    std::vector<Loop> loops;
    std::vector<std::vector<int>> commits, barriers;  // by region
    struct Wait {
      int region, seq;
      int64_t n;
      // In straight code, run only on some paths: the condition (the group
      // induction's executor's), used only for that executor's own thread
      // (the check before exit).
      std::optional<z3::expr> onlyIf = std::nullopt;
    };
    std::vector<Wait> waits;
    int last() const { return 2 * (int)loops.size(); }
  };
  std::optional<GroupLoop> groupLoop;
  bool onlyAmpereGroups(const Executor &x) const;
  std::string groupInduction(Executor &x, const Thread &t);
  // The index in groupLoop->loops of the loop whose body holds `iters`'s
  // event (-1: none), and the region of an event.
  int groupLoopOf(const Executor &x, const std::vector<z3::expr> &iters) const;
  int groupRegion(const Executor &x, int seq, const std::vector<z3::expr> &iters) const;
  GPos positionOf(const Executor &x, const AccessEv &ev, const z3::expr &k);
  z3::expr iterationRange(const GPos &p);
  z3::expr commitsAt(const GPos &p);
  z3::expr barriersAt(const GPos &p);
  z3::expr groupAfter(const GPos &cp, const GPos &o, bool same, bool ownPaths = false);
  z3::expr groupBefore(const GPos &po, const GPos &pc, bool same);
  z3::expr renameIteration(Executor &x, int loop, const z3::expr &e, const z3::expr &k, const std::string &tag = "x");
  bool groupLoopCopyRace(Executor &x, const Thread &tx, const AccessEv &cp, Executor &y, const Thread &ty,
                         const AccessEv &o, const z3::expr &base, bool sameThread);
  void ringUnsupported(const AccessEv &a, const AccessEv &b);
  std::map<int, std::set<uint64_t>> execThreads;  // mbarrier/barrier statement id -> linear threads executing it
  bool mbarModelled = false;  // the enumeration ran: phases above are valid
  std::set<int> mbarReported;  // statements with a re-init / after-inval finding
  struct MbarPoint {
    std::pair<int, uint64_t> obj;
    int phase;
    z3::expr cond;
  };
  std::vector<MbarPoint> mbarReleases(Executor &x, const Thread &tx, const AccessEv &a);
  // a (in x) happens before b (in y) through an mbarrier phase.
  z3::expr mbarHappensBefore(Executor &x, const Thread &tx, const AccessEv &a, Executor &y, const Thread &ty,
                             const AccessEv &b);
  // A bulk copy against an access of its destination: reports async-copy
  // findings; true when the pair was decided here.
  bool pageStillInUse(Executor &y, const AccessEv &cp, const AccessEv &o, const z3::expr &q,
                      std::map<int, int>::const_iterator ph,
                      std::map<int, std::pair<int, uint64_t>>::const_iterator ob, const Thread &tx, const Thread &ty,
                      bool sameThread);
  bool copyRace(Executor &x, const Thread &tx, const AccessEv &cp, Executor &y, const Thread &ty, const AccessEv &o,
                const z3::expr &base, bool sameThread);
  void copySelfChecks(Executor &x, const Thread &t);
  bool acquiredByFence(Executor &x, const Thread &t, const MbarEv &w);
  void bulkDestinationAccess(Executor &x, const Thread &t, const AccessEv &g, const AccessEv *store, const AccessEv &o,
                             const z3::expr &q);
  // Bulk stores and copies that may run past the block's exit (statement,
  // finding), from mbarrierChecks; reported by exitInFlightChecks.
  std::vector<std::pair<int, Finding>> exitInFlight;
  void exitInFlightChecks();
  // A generic write (`other`) that may overlap (`q`) the global source read
  // by a bulk copy (`src`, updateKind "async-read"): unknown at the copy.
  void copySourceWritten(const Stmt &src, const Stmt &other, const z3::expr &q);
  std::set<int> copySourcesReported;
  std::map<const Executor *, z3::expr> validity;
  z3::expr eventValidity(Executor &x);
  std::map<int, int> bulkCover;  // bulk store statement id -> the wait_group(.read) statement that covers it
  // bulk store statement id -> the wait_group (not .read) that completes its
  // global writes (-1: threads complete it at different waits)
  std::map<int, int> bulkWriteCover;
  // Generic writes of a bulk store's source need a fence.proxy.async.
  void bulkStoreFenceChecks(Executor &x, const Thread &tx, Executor &y, const Thread &ty);

  // ---- cross-block protocols (docs/memory-model.md)
  struct SignalClass {
    // Monotone: inside one loop, an atomic add of a constant by a single
    // thread of a single block per address, at most once per iteration, at
    // an address that does not change with the iteration, never wrapping:
    // the count is (j + 1)·add after the writer's iteration j (everyIteration:
    // the add runs in every iteration up to one where it runs).
    // Epoch: inside one loop, an atomic add of a constant at one address for
    // the whole grid by one thread of every block in every iteration, each
    // followed in its iteration by that thread's wait until the count is at
    // least (k + 1)·G·add: no block is an epoch ahead of another, so a count
    // >= (j + 1)·G·add means every block's add of iteration j happened (a
    // grid barrier with monotone epoch targets).
    // Monotone with `stores`: a store, not an add, of a value f(k) that
    // grows with the iteration and is never 0 (`st.release(&flag[b], s + 1)`):
    // coherence orders one thread's stores to a location as the program does,
    // so a value >= f(j) is that of the store of an iteration >= j.
    enum Kind { None, Exclusive, Counting, Turn, Monotone, Epoch } kind = None;
    bool stores = false;
    bool everyIteration = false;
    uint64_t add = 0;  // Counting: the constant every block adds once
    bool byOneThread = false;  // only one thread of a block (the same in every block) executes it
    bool inLoop = false;       // Exclusive over (thread, block, iteration) instances of a statement in loops
    // Counting: the other writes to the counter, each of 0 (a reset: a strong
    // store or exchange outside loops); the count restarts from 0. Whether a
    // reset can overtake a wait is checked at the wait (resetsAfterWait).
    std::set<const Stmt *> resets = {};
  };
  std::map<int, SignalClass> signalClass;  // by statement id
  std::map<std::string, bool> necessityValid;
  std::map<int, bool> exitNonZero;  // a wait's exit condition excludes the launch value 0 (by statement id)
  std::set<int> deadAwaits;  // spin-waits that can never complete (statement ids)
  // Why some synchronization between blocks gives no happens-before edges
  // although its wait was decided (a counter reset in a loop): races and
  // ordering findings between blocks are then only possible.
  std::vector<std::string> unmodelledSync;
  void classifySignals(Executor &ea, Executor &eb, Executor &ec, Executor &ed);
  // How a happens-before edge between blocks may be weakened to explain a
  // race: as required, without the release, without the acquire, or
  // accepting CTA-scoped fences and atomics.
  enum class HbMode { Full, NoRelease, NoAcquire, NarrowScope };
  struct HbCand {
    z3::expr cond;
    const Stmt *signal, *await, *fence;  // fence: the too-narrow fence (NarrowScope)
    bool fromX;  // the signal is in the first executor (a -> b)
  };
  z3::expr leadBarrier(const AccessEv &u, const AccessEv &b, const Thread &t, const std::array<uint64_t, 3> &lead);
  z3::expr observedUpdate(const Thread &tx, const AccessEv &a, Executor &y, const Thread &ty, const AccessEv &b);
  z3::expr happensBefore(Executor &x, const Thread &tx, const AccessEv &a, Executor &y, const Thread &ty,
                         const AccessEv &b, HbMode mode, bool fromX, std::vector<HbCand> *cands);
  // `init` or a fence of `e` that completes a release pattern (release) or an
  // acquire pattern, strictly between program positions lo and hi: executed
  // by the thread itself (interval null), or by thread 0 of its block in the
  // barrier interval `interval`. Sets `narrow` to a CTA-scoped such fence.
  // The one thread of every block that executes an event (a signal, a
  // spin-wait): its thread index, the same in every block. Thread (0,0,0)
  // when no single thread can be shown (then the patterns that propagate
  // through it need thread 0, as before).
  using Lead = std::array<uint64_t, 3>;
  Lead leadThread(int seq, const z3::expr &pc, const Thread &t);
  std::map<std::pair<std::string, int>, Lead> leads;
  // `e` of thread `t` read for the lead thread of t's block.
  z3::expr atThread(const z3::expr &e, const Thread &t, const Lead &lead) {
    z3::expr_vector from(c), to(c);
    for (int i = 0; i < 3; ++i) { from.push_back(t.tid[i]); to.push_back(c.bv_val(lead[i], 32)); }
    z3::expr x = e;
    return x.substitute(from, to);
  }
  z3::expr zeroTid(const z3::expr &e, const Thread &t) { return atThread(e, t, Lead{0, 0, 0}); }
  // The path condition `pc` of thread t's event at `seq`, read for its lead.
  z3::expr leadPath(int seq, const z3::expr &pc, const Thread &t) { return atThread(pc, t, leadThread(seq, pc, t)); }
  z3::expr patternFences(z3::expr init, Executor &e, const Thread &t, int lo, int hi, bool release, bool narrowOk,
                         const std::map<int, z3::expr> *interval, const Stmt *&narrow, const Lead &lead = Lead{0, 0, 0},
                         const std::set<std::string> &leadValues = {});
  // The acquire pattern "a strong read of M, then an acquire operation on M"
  // completed after wait w (before `hi`): an acquire read or atomic of the
  // wait's bytes by the wait's thread, or by the lead within the wait's
  // barrier interval.
  z3::expr acquireOfWaitLocation(Executor &e, const Thread &t, const AwaitEv &w, int hi, bool narrowOk, const Lead *lead);
  // One instance of a named barrier orders thread t's event (after `tAfter`,
  // before `tBefore`) with the lead's (after `leadAfter`, before
  // `leadBefore`); the side that comes second must wait (bar.sync):
  // `leadWaits` says which. Needs the lead's path to be a function of the
  // launch and block index; false otherwise.
  // `skipped` (optional): set when a lead event in range was left out
  // because its path, id or index cannot be read for the lead.
  z3::expr namedWithLead(Executor &x, const Thread &t, int tAfter, int tBefore, const Lead &lead, int leadAfter,
                         int leadBefore, bool leadWaits, bool *skipped = nullptr);
  // Whether `e` mentions only launch-uniform symbols (launch, parameters,
  // the thread's own indices, grid-shared loop values) and those in `extra`.
  bool onlyUniform(const z3::expr &e, const Thread &t, const std::set<std::string> &extra = {});
  bool onlyUniformWalk(const z3::expr &e, const Thread &t, const std::set<std::string> &extra);
  std::map<std::pair<unsigned, std::string>, std::pair<z3::expr, bool>> uniformMemo;
  z3::expr gridSize64() { return z3::zext(gdim[0], 32) * z3::zext(gdim[1], 32) * z3::zext(gdim[2], 32); }
  z3::expr linearBid(const Thread &t) {
    return z3::zext(t.bid[0], 32) + z3::zext(gdim[0], 32) * (z3::zext(t.bid[1], 32) + z3::zext(gdim[1], 32) * z3::zext(t.bid[2], 32));
  }
  // Waits and signals in loops (docs/memory-model.md "Loops"). An event in
  // loops is one instance per thread and iteration vector; when its terms
  // mention only launch values, the thread's indices and those iteration
  // counters (instanceFree), renaming them gives any other instance.
  bool instanceFree(const z3::expr &e, const Thread &t, const std::vector<z3::expr> &iters);
  static std::set<std::string> counterNames(const std::vector<z3::expr> &iters);
  struct Instance {
    z3::expr_vector from, to;
    z3::expr inRange;  // the renamed thread is in the launch
    z3::expr differs;  // it is another instance (thread, block or iteration)
    z3::expr otherThread;  // it is another thread (of this block or another)
    z3::expr_vector bound;
    z3::expr linBid;   // its linear block index
    std::vector<z3::expr> iters;
    z3::expr operator()(const z3::expr &e) {
      z3::expr x = e;
      return x.substitute(from, to);
    }
  };
  // renameThread false: the same thread in other iterations.
  Instance otherInstance(const Thread &t, const std::vector<z3::expr> &iters, const std::string &tag,
                         bool renameThread = true);
  // Whether the instance's path condition decides that it runs: every loop
  // around it is a plain test-first loop whose condition, a function of the
  // instance, holds at all earlier iterations when it holds at this one.
  bool executedWhenReached(Executor &x, const Thread &t, const z3::expr &pc, const std::vector<z3::expr> &iters);
  bool eventInstanceFree(const AccessEv &e);  // instanceFree over its path, offset and operand (thread C)
  // No instance of another statement's write overlaps the address of `sc`
  // (`base`: sc's instance runs).
  bool noOtherWriter(Executor &ec, const AccessEv &sc, const z3::expr &base);
  bool loopSignalExclusive(Executor &ec, const AccessEv &sc);
  bool loopSignalMonotone(Executor &ec, const AccessEv &sc, SignalClass &cls);
  bool loopSignalEpoch(Executor &ec, const AccessEv &sc, SignalClass &cls);
  bool loopSignalMonotoneStore(Executor &ec, const AccessEv &sc, SignalClass &cls);
  bool singleWriterFixedAddress(Executor &ec, const AccessEv &sc, const z3::expr &base);
  const LoopIter *loopIterOf(Executor &x, const z3::expr &k);
  // " in iteration 5 of the loop at line 17" for an event of the main run
  // inside loops, from the last model; "" otherwise.
  std::string iterationText(Executor &x, const AccessEv &e);
  // The closed forms' no-overflow conditions of the given iterations (those
  // that are functions of the instance: a hypothesis that may be dropped).
  z3::expr iterationsExist(Executor &x, const Thread &t, const std::vector<z3::expr> &iters);
  std::vector<Finding> orderingFindings;
  std::set<std::pair<int, int>> reportedOrdering;  // (statement id, 0 release / 1 acquire)
  bool reportOrdering(Executor &x, const Thread &tx, const AccessEv &a, Executor &y, const Thread &ty,
                      const AccessEv &b, const z3::expr &q);
  void deadlockChecks(Executor &ea, Executor &eb, Executor &ec, Executor &ed);
  // " (bytes 8192..12287 of 'pages')": the bytes an access covers in the last model.
  // In an array a page map indexes (model.md `PageMap`): also the page, and
  // the logical page when the map has one row (" (bytes 8192..12287 of
  // 'pages': page 2, logical page 0 of 'page_map')").
  std::string bytesText(const AccessEv &e, uint64_t size) {
    if (!lastModel || !size || e.s->region < 0) return "";
    uint64_t at = val(e.off);
    const model::Region &r = k.regions[e.s->region];
    std::string page;
    for (const model::PageMap &pm : k.pageMaps) {
      if (!r.sizeBytes || pm.rowLength == 0 || *r.sizeBytes % pm.rowLength != 0 ||
          std::find(pm.pageRegions.begin(), pm.pageRegions.end(), e.s->region) == pm.pageRegions.end())
        continue;
      uint64_t phys = at / (*r.sizeBytes / pm.rowLength);
      page = ": page " + std::to_string(phys);
      const model::Region &table = k.regions[pm.table];
      if (table.constData && table.constData->size() == pm.rowLength * pm.elementBytes)
        for (uint64_t i = 0; i < pm.rowLength; ++i)
          if (model::Expr::tableValue(*table.constData, i * pm.elementBytes, pm.elementBytes * 8) == phys) {
            page += ", logical page " + std::to_string(i) + " of '" + table.name + "'";
            break;
          }
      break;
    }
    return " (bytes " + std::to_string(at) + ".." + std::to_string(at + size - 1) + " of '" + r.name + "'" + page +
           ")";
  }
  uint64_t val(const z3::expr &e) {
    z3::expr v = lastModel->eval(e, true);
    uint64_t r = 0;
    if (v.is_numeral()) v.is_numeral_u64(r);
    else if (v.is_true()) r = 1;
    return r;
  }
  model::ThreadId threadId(const std::string &label, const Thread &t) {
    model::ThreadId id;
    id.label = label;
    for (int i = 0; i < 3; ++i) {
      id.tid[i] = (unsigned)val(t.tid[i]);
      id.bid[i] = (unsigned)val(t.bid[i]);
    }
    if (std::optional<FixedBlock> fb = fixedBlock(); fb && !warpRoles.empty())
      id.role = warpRole(id.tid[0] + fb->x * (id.tid[1] + fb->y * id.tid[2]));
    return id;
  }
  // Warp roles of a warp-specialized block (mbarrierChecks): warp -> "loader",
  // "consumer", "storer" or a combination, from the pipeline operations its
  // threads execute.
  std::map<uint64_t, std::string> warpRoles;
  std::string warpRole(uint64_t lin) const {  // "" when the block has no roles
    if (warpRoles.empty()) return "";
    auto r = warpRoles.find(lin / 32);
    return "warp " + std::to_string(lin / 32) + (r != warpRoles.end() ? ": " + r->second : std::string());
  }
  void addLaunchValues(Finding &f);
};


inline std::string threadText(const model::ThreadId &t, bool withBlock) {
  std::ostringstream os;
  os << "threadIdx (" << t.tid[0] << "," << t.tid[1] << "," << t.tid[2] << ")";
  if (withBlock) os << " blockIdx (" << t.bid[0] << "," << t.bid[1] << "," << t.bid[2] << ")";
  if (!t.role.empty()) os << ", " << t.role;
  return os.str();
}

// " in iteration 2 of the loop at line 27" (or " in iterations (2, 0) of the
// loops at lines 27, 30") for (loop line, iteration) pairs, outermost first.
inline std::string iterationPhrase(const std::vector<std::pair<unsigned, uint64_t>> &at) {
  if (at.empty()) return "";
  std::string its, lines;
  for (auto &[line, it] : at) {
    its += (its.empty() ? "" : ", ") + std::to_string(it);
    lines += (lines.empty() ? "" : ", ") + std::to_string(line);
  }
  return at.size() == 1 ? " in iteration " + its + " of the loop at line " + lines
                        : " in iterations (" + its + ") of the loops at lines " + lines;
}
// " (in.op == MATVEC)": the opcode cases a statement lies under (model/ir.h
// Stmt::cases), so that a trace of an interpreter names the instruction kind.
inline std::string casesText(const model::Stmt &s) { return s.cases.empty() ? "" : " (" + s.cases + ")"; }
// The iterations of a statement copied by unrolling (model/unroll.h), and
// its opcode cases.
inline std::string unrolledText(const model::Stmt &s) {
  return iterationPhrase({s.unrolledFrom.begin(), s.unrolledFrom.end()}) + casesText(s);
}

inline const char *verb(model::AccessKind a) {
  return a == model::AccessKind::Read ? "reads" : a == model::AccessKind::Write ? "writes" : "atomically updates";
}

// ------------------------------------------------------------ cross-block protocols
//
// docs/memory-model.md states the rules implemented here and the PTX ISA
// sections they follow. In short: a write `a` by one block happens before an
// access `b` by another block when a release pattern on a location follows
// `a` (in program order, or in another thread of the block after a barrier),
// an acquire pattern on the same location precedes `b` (likewise), and the
// value the acquire side observed can only exist if that release happened
// ("necessity": the only write to the location, or the last of a count that
// every block contributes to once).

inline bool releasesOrder(model::MemOrder o) {
  return o == model::MemOrder::Release || o == model::MemOrder::AcqRel || o == model::MemOrder::SeqCst;
}
inline bool acquiresOrder(model::MemOrder o) {
  return o == model::MemOrder::Acquire || o == model::MemOrder::AcqRel || o == model::MemOrder::SeqCst;
}
// A memory fence (fence.sc/acq_rel/..., __threadfence*), not a proxy fence.
inline bool memoryFence(const model::Stmt &f) { return f.text.rfind("fence.proxy", 0) != 0; }
// Morally strong between threads of different blocks: GPU or system scope
// (clusters are not modelled: cluster scope does not count).
inline bool gridScope(model::MemScope s) { return s == model::MemScope::GPU || s == model::MemScope::System; }
inline bool isStrong(const Stmt &s) { return s.order != model::MemOrder::Plain; }
// A write that may publish to other blocks: a strong store or atomic update.
inline bool isSignalStmt(const Stmt &s) {
  return s.kind == Stmt::Kind::Access && isStrong(s) &&
         (s.access == model::AccessKind::Write || s.access == model::AccessKind::Atomic);
}
// Whether `s` contains a grid.sync().
inline bool containsGrid(const Stmt &s) {
  return model::anyStmt(s, [](const Stmt &x) { return x.kind == Stmt::Kind::Barrier && x.barrier == model::BarrierKind::Grid; });
}
inline bool writesMemory(const Stmt &s) {
  return s.kind == Stmt::Kind::Access && (s.access == model::AccessKind::Write || s.access == model::AccessKind::Atomic);
}

// `e` zero-extended or truncated to `w` bits.
inline z3::expr fitBv(const z3::expr &e, unsigned w) {
  unsigned ew = e.get_sort().bv_size();
  return ew == w ? e : ew > w ? e.extract(w - 1, 0) : z3::zext(e, w - ew);
}

// Calls `f` once for each uninterpreted constant of `e` (quantifier bodies
// included) that `seen` does not hold yet (checker.cpp).
void forEachConstant(const z3::expr &e, std::set<unsigned> &seen, const std::function<void(const z3::expr &)> &f);

inline z3::expr overlap(z3::context &c, const z3::expr &o1, unsigned s1, const z3::expr &o2, unsigned s2) {
  return z3::ult(o1, o2 + c.bv_val(s2, 64)) && z3::ult(o2, o1 + c.bv_val(s1, 64));
}

}  // namespace syncproof::checker::detail
