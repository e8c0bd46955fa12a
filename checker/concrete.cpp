// The concrete prover (concrete.h, docs/concrete.md): every thread of a fixed
// launch runs on the model; vector clocks give happens-before; the first
// thing it cannot establish ends it with a reason (the symbolic checker then
// runs). No solver: this file does not include Z3.
#include "checker/concrete.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace syncproof::checker {
namespace {

using model::AccessKind;
using model::AddressSpace;
using model::BarrierKind;
using model::Expr;
using model::MbarOp;
using model::MemOrder;
using model::MemScope;
using model::Op;
using model::Region;
using model::Stmt;

struct RaceHit;
// Why the prover gives up (caught in proveConcrete); `race` when it is a
// race of the run (Prover::access).
struct GiveUp {
  std::string why;
  std::shared_ptr<RaceHit> race;
};

[[noreturn]] void giveUp(const Stmt *s, const std::string &why) {
  std::string at = s && s->loc.valid() ? s->loc.file + ":" + std::to_string(s->loc.line) + ": " : "";
  throw GiveUp{at + why};
}

// Limits: beyond them the prover gives up (the symbolic checker decides).
constexpr uint64_t kMaxThreads = 1ull << 22;          // threads of the grid
constexpr uint64_t kMaxBlocks = 1ull << 20;
constexpr uint64_t kMaxVarCells = 1ull << 26;          // variables x threads
constexpr uint64_t kMaxClockCells = 1ull << 25;        // threads x blocks (a clock holds a chunk per block)
constexpr uint64_t kMaxWork = 4000000000ull;  // statements run + clock entries compared (~40-60 s)
// The budget: kMaxWork, or SYNCPROOF_CONCRETE_WORK (diagnosis of large launches).
uint64_t workBudget() {
  static const uint64_t budget = [] {
    const char *env = std::getenv("SYNCPROOF_CONCRETE_WORK");
    char *end = nullptr;
    unsigned long long v = env ? std::strtoull(env, &end, 10) : 0;
    return env && end && *end == 0 && v > 0 ? (uint64_t)v : kMaxWork;
  }();
  return budget;
}
constexpr uint32_t kMbarDims = 128;                    // mbarrier objects per block
constexpr uint64_t kAwaitValues = 4096;                // counter values an exit condition is evaluated on

struct Val {
  uint64_t v = 0;
  bool known = false;
  bool probe = false;    // unknown only because of mbarrier probes (test_wait / try_wait results)
  bool timing = false;   // assigned inside the thread's timing loop: its value is this run's (Prover::maxRun)
  bool variant = false;  // inside the timing loop: depends on a value that changes between its visits
  bool dirty = false;    // a variable assigned outside the timing loop after the thread first entered it
  bool block = false;    // unknown, computed from a block's __syncthreads_count / _and / _or result
  // Unknown, and the truth (probeNeg: the falsity) of one probe's result: `v` then holds the probe's
  // serial number (Prover::probeSerial), so `if (!probe) wait(same phase)` can be recognised.
  bool probeIs = false;
  bool probeNeg = false;
  // Unknown, but the same value as every Val with this token: what a load of
  // memory no thread of the launch writes read at one address (with its
  // size), or a block's __syncthreads_count result after one barrier
  // instance, passed on unchanged (Prover::tokenOf).
  uint64_t token = 0;
};

inline uint64_t maskTo(uint64_t v, unsigned w) { return w >= 64 ? v : v & ((1ull << w) - 1); }
inline int64_t signedOf(uint64_t v, unsigned w) {
  if (w >= 64) return (int64_t)v;
  uint64_t m = 1ull << (w - 1);
  v = maskTo(v, w);
  return (int64_t)((v ^ m) - m);
}

// ------------------------------------------------------------------ clocks
// A vector clock over dimensions: the threads of each block, then that
// block's mbarrier objects (an mbarrier's entry is the number of its phases
// known to have completed). Stored as one chunk per block, shared between
// clocks until written (after a barrier the whole block shares one chunk).
using Chunk = std::vector<uint32_t>;
using ChunkP = std::shared_ptr<Chunk>;
struct Clock {
  std::vector<ChunkP> ch;  // per block; null: all zero
};

// One access remembered for a 4-byte word of memory.
// kStrong: relaxed or stronger (atomics, volatile, .relaxed/.acquire/.release);
// kScoped: its scope includes the other threads of its block; kGpuScope: of
// the grid; kSync: an atomic, a spin-wait or a strong access that is not a
// plain volatile one (two volatile data accesses are a race: memory-model.md).
// kCluster: its scope is the cluster, whose blocks the prover does not know.
enum : uint8_t { kWrite = 1, kStrong = 2, kGpuScope = 4, kCopy = 8, kScoped = 16, kSync = 32, kAtomic = 64, kCluster = 128 };
struct Acc {
  uint32_t dim = 0, clk = 0;  // clk 0: none. kCopy: dim is an mbarrier, clk its phase + 1
  uint8_t f = 0;
  uint8_t bytes = 0xf;  // the bytes of the 4-byte word it accesses (bit i: byte i)
};
// Two conflicting accesses of the run that no happens-before edge orders:
// `e` (earlier, remembered in the cell) and `a` (thread `thread`, statement
// `s`) on the 4-byte word `word` of shadow segment `seg`.
struct RaceHit {
  uint64_t seg = 0;
  int64_t word = 0;
  Acc e, a;
  uint32_t thread = 0;
  const model::Stmt *s = nullptr;
  bool definite = false;
  std::string notDefinite;  // why not, when it is not
};
struct Cell {
  Acc w, r;
  uint32_t more = 0;  // 1 + index into Prover::more, 0: none
  bool counter = false;
  bool plainWritten = false;  // written by something other than a counter or flag update (sticky)
  uint8_t knownBytes = 0;     // the bytes of `value` that the remembered write stored (a plain store of a constant)
  bool everWritten = false;   // some thread wrote it (sticky)
  bool copySource = false;    // a bulk copy read it: no thread may write it (sticky)
  bool timingRead = false;    // a timing loop read it: no thread may write it from then on (sticky)
  bool blockValue = false;    // the remembered write stored a value computed from a block result (Val::block)
  uint32_t value = 0;
  // The remembered write stored word `token & 7` of the value with token
  // `token >> 3` (a plain 4- or 8-byte store of a value read from input
  // memory, Val::token); 0: none.
  uint64_t token = 0;
};
struct MoreAccesses {
  std::vector<Acc> w;
  std::unordered_map<uint64_t, uint32_t> r;  // (dim << 16 | bytes << 8 | flags) -> clk
};
// The 4-byte word of a byte offset (rounding down, also below 0).
inline int64_t wordOf(int64_t off) { return off >= 0 ? off / 4 : -((-off + 3) / 4); }
constexpr uint64_t kPageWords = 1024;  // 4 KiB of memory per shadow page
struct ShadowPage {
  Cell cells[kPageWords];
};

struct Frame {
  const Stmt *s;
  uint32_t i;
  uint8_t stage;
  uint32_t iteration = 0;  // Loop: bodies entered so far
  bool timingLoop = false;  // Loop: a timing loop (Thread::timingLoops counts it)
};

struct Thread {
  uint32_t block = 0, lin = 0, dim = 0;
  std::vector<Val> vars;
  std::vector<Val> havoc;  // by Havoc id: values of loads from memory whose contents are known
  std::vector<Frame> stack;
  Clock vc;
  uint32_t own = 1;  // this thread's clock: its accesses since its last release carry it
  bool done = false, queued = false, arrived = false;
  uint32_t timing = 0;  // inside how many branches whose waits only time (their waits acquire nothing)
  uint32_t timingLoops = 0;  // inside the timing loop (0 or 1: a timing loop inside it is just code of it)
  const Stmt *timingLoop = nullptr;  // the timing loop it entered (one per thread)
  uint32_t variantCtl = 0;  // inside sides a visit-variant decision chose: what they assign varies
  // The thread's latest probe (serial 0: none, or its mbarrier or parity not known) and, while the
  // waiting side of `if (!probe) wait` runs, the phase that side's one wait must name.
  struct Probe {
    uint64_t serial = 0;
    size_t mbar = 0;
    uint64_t parity = 0, phase = 0;
  } lastProbe, probeWait;
  // Phases of an mbarrier (by index) this thread saw complete in waits that
  // acquire nothing: they fix which phase its next such wait names (only
  // such waits: another execution may not have run them).
  std::unordered_map<size_t, uint64_t> observed;
  // Phases its own arrival completed by itself (the whole count, no
  // transaction bytes): complete at that point in every execution.
  std::unordered_map<size_t, uint64_t> completedOwn;
  uint64_t blockBarriers = 0, gridBarriers = 0;
  std::unordered_map<uint64_t, uint64_t> instances;  // named barrier id, warp mask, ... -> instances so far
  Clock pendingAcquire;  // what relaxed spin-waits observed (a later fence.acquire takes it)
  // What relaxed GPU-scope spin-waits observed, by location: a later acquire
  // read or atomic of the same location takes it (the PTX acquire pattern
  // "a strong read of M, then an acquire operation on M").
  std::map<std::pair<uint64_t, int64_t>, Clock> pendingAt;
  Clock fenceRelease;    // the clock at the last release fence (relaxed signals after it carry it; empty: none)
  // What it waits for when blocked: an mbarrier (index, phase), a spin-wait's
  // location, a barrier instance (a thread of an unfinished instance).
  enum class Wait { None, Mbarrier, Await, Barrier } waits = Wait::None;
  size_t waitObject = 0;
  uint64_t waitPhase = 0;
};

struct Instance {
  uint64_t arrived = 0, needed = 0, left = 0;
  Clock acc;
  const Stmt *s = nullptr;
  bool orders = true, complete = false;
  std::vector<uint32_t> waiters, members;
  std::unordered_map<uint64_t, uint64_t> contexts;  // block (or warp) -> where its threads arrived
};

struct Mbarrier {
  uint32_t dim = 0;
  int region = -1;
  int64_t offset = 0;
  uint32_t initDim = 0, initClk = 0;
  uint64_t count = 0, phase = 0, acquired = 0;
  int64_t pending = 0, tx = 0;
  Clock acc;
  Clock done[2];
  uint64_t donePhase[2] = {~0ull, ~0ull};
  bool txThisPhase = false;  // transaction bytes were expected in the current phase
  std::vector<uint32_t> waiters;
  struct WaitCheck {
    uint64_t phase;
    uint32_t dim, clk;
    bool ok;
  };
  // Waits for phase p: some arrival of phase p + 1 must come after each, or
  // that phase could complete before the wait and its parity alias.
  std::vector<WaitCheck> waits;
  // expect_tx without an arrival of its own (mbarrier.expect_tx, a copy that
  // announces its bytes): an arrival of the same phase must come after it, or
  // the phase can complete before the bytes are expected.
  std::vector<WaitCheck> expects;
};

struct Counter {
  uint64_t value = 0;
  unsigned bytes = 0;
  std::string bad;  // why its value is not tracked ("" : tracked)
  Clock released;   // the releases among its updates so far
  struct Update {
    uint32_t thread;
    uint64_t amount;
    bool release;
    bool rmw;  // an atomic read-modify-write (continues the release sequences before it)
  };
  std::vector<Update> updates;  // (a store counts 1: flags are judged by how many stores there are)
  uint64_t adds = 0, stores = 0;
  std::vector<uint32_t> waiters;
  struct Passed {
    uint64_t threshold;  // the exit condition holds exactly for values >= threshold
    size_t seen;         // updates before it passed
    const Stmt *s;
  };
  std::vector<Passed> passed;
  // A flag whose one storing thread stores values that grow, each store a
  // release (`st.release(&flag, s + 1)` in a loop): a wait passes at the
  // first store whose value satisfies its condition, and in every execution
  // it reads that store or a later one of the same thread, so it acquires
  // exactly the releases up to that store. storeClocks[i]: the releases up
  // to store i; valued: two different values were stored.
  bool valued = false, allRelease = true;
  uint32_t storer = UINT32_MAX;  // the one storing thread (UINT32_MAX: none yet; UINT32_MAX - 1: several)
  std::vector<uint64_t> storeValues;
  std::vector<Clock> storeClocks;
  struct PassedValued {
    size_t from;  // the stores from this one on must let it exit
    const Stmt *s;
    uint32_t thread;
    std::vector<Val> vars, havoc;  // the waiting thread's state, to evaluate the condition at later stores
  };
  std::vector<PassedValued> passedValued;
};

struct Copy {
  size_t mbar;
  uint64_t phase;
  const Stmt *s;
};

struct PairHash {
  size_t operator()(const std::pair<uint64_t, int64_t> &p) const {
    return std::hash<uint64_t>()(p.first * 0x9E3779B97F4A7C15ull ^ (uint64_t)p.second);
  }
};

class Prover {
public:
  // maxRun: the run that resolves each decision of a timing loop towards
  // more waiting (the loop goes on); false: towards less (it exits).
  Prover(const model::Kernel &k, const Options &opts, bool maxRun = true, uint64_t maxWork = 0)
      : budget(maxWork ? std::min(maxWork, workBudget()) : workBudget()), k(k), L(opts.launch), opts(opts) {
    this->maxRun = maxRun;
  }
  bool maxRun = true;
  uint64_t budget;  // statements run + clock entries compared
  uint64_t loopDecisions = 0;  // decisions of timing loops resolved (then the other run is needed too)
  ConcreteOutcome run();

private:
  const model::Kernel &k;
  const model::LaunchShape &L;
  const Options &opts;
  uint64_t gdim[3] = {1, 1, 1}, bdim[3] = {1, 1, 1};
  uint64_t nthreads = 0, nblocks = 0;
  uint32_t D = 0;  // dimensions per block: threads, then mbarriers
  uint32_t mbarDims = 0;
  std::map<int, uint64_t> params;
  std::set<int> writtenRegions;
  bool coResident = false;
  std::vector<Thread> threads;
  std::deque<uint32_t> ready;
  uint64_t statements = 0;
  uint64_t timingBranches = 0;  // timingIf taken
  // Waits that only time acquire nothing (Thread::timing): each is an edge
  // that every execution has and the run's clocks lack. A race of the run is
  // definite only when no chain of such edges could order its two accesses
  // (raceDefinite): thread `dim`'s events from its clock value `clk` on come
  // after a wait whose real acquire would have brought `src`.
  struct MissingEdge {
    uint32_t dim, clk;
    Clock src;
  };
  std::vector<MissingEdge> missingEdges;
  // Synchronization the run does not turn into happens-before although some
  // executions have it (releases, acquires and fences of CTA or cluster
  // scope): from then on no race of the run is definite ("" : none yet).
  std::string hbInexact;
  void inexact(const Stmt &s, const char *what) {
    if (hbInexact.empty())
      hbInexact = std::string(what) + (s.loc.valid() ? " at line " + std::to_string(s.loc.line) : std::string()) +
                  " is not used for ordering by the run";
  }
  bool raceDefinite(const Thread &t, const Acc &e, std::string &why) const;
  // The shadow word touch() is at (for the race report), and the access a
  // second run looks for: the remembered access `watch` of a race (its
  // statement and thread are not kept in the cell).
  uint64_t curSeg = 0;
  int64_t curWord = 0;
  // The plain write being checked (memoryAccess): the value it stores, when
  // known (`storingSize` bytes at `storingAt`), or its token (a 4- or 8-byte
  // store at a 4-byte aligned offset); and what the cell's one remembered
  // write stored before it (touch): the bytes of it that are known, or its
  // token.
  std::optional<uint64_t> storing;
  unsigned storingSize = 0;
  int64_t storingAt = 0;
  uint64_t storingToken = 0;
  std::optional<uint32_t> priorValue;
  uint8_t priorBytes = 0;
  uint64_t priorToken = 0;
  bool storingBlock = false, priorBlock = false;  // Val::block of the write being checked, Cell::blockValue
  // Tokens of unknown values (Val::token), one per key: input memory by
  // (region, byte offset, size); a block's __syncthreads_count / _and / _or
  // result by (-1 - Havoc id, block, block barriers passed).
  std::map<std::tuple<int64_t, uint64_t, uint64_t>, uint64_t> tokens;
  uint64_t tokenOf(int64_t a, uint64_t b, uint64_t c) {
    return tokens.emplace(std::make_tuple(a, b, c), tokens.size() + 1).first->second;
  }
  std::optional<RaceHit> watch;
  bool aborted = false;  // some thread ended the launch (__trap, a failed assert)
  uint64_t work = 0;     // statements run and clock entries compared (the budget)
  // Work outside the statements (exit conditions evaluated at a flag's
  // stores, states kept for the final check): counted, and over the budget
  // the run gives up.
  void charge(uint64_t n) {
    work += n;
    if (work > budget)
      throw GiveUp{"more work than the concrete prover's budget (" + std::to_string(budget) +
                   " statements and clock entries; SYNCPROOF_CONCRETE_WORK raises it)"};
    if (work >= nextClockCheck) {  // the wall-clock budget (--budget), looked at now and then
      nextClockCheck = work + 65536;
      if (opts.pastDeadline()) throw GiveUp{"the wall-clock budget (--budget) ran out"};
    }
  }
  uint64_t nextClockCheck = 0;

  std::unordered_map<std::pair<uint64_t, int64_t>, std::unique_ptr<ShadowPage>, PairHash> shadow;
  std::vector<MoreAccesses> more;
  std::map<std::tuple<int, uint64_t, uint64_t, uint64_t>, Instance> instances;
  std::unordered_map<std::pair<uint64_t, int64_t>, size_t, PairHash> mbarIndex;
  std::vector<Mbarrier> mbars;
  std::vector<uint32_t> mbarsPerBlock;
  std::unordered_map<std::pair<uint64_t, int64_t>, Counter, PairHash> counters;
  std::vector<Copy> copies;
  std::unordered_map<std::pair<uint64_t, int64_t>, std::pair<int64_t, unsigned>, PairHash> atomicWords;
  std::set<std::tuple<int, uint64_t, uint64_t, uint64_t>> finishedNamed;

  // ---------------------------------------------------------------- clocks
  Clock emptyClock() const { return Clock{std::vector<ChunkP>(nblocks)}; }
  uint32_t get(const Clock &c, uint32_t dim) const {
    const ChunkP &p = c.ch[dim / D];
    return p ? (*p)[dim % D] : 0;
  }
  // memo: remember the merged chunk of each (destination, source) chunk pair,
  // for joins that many threads make alike (the 256 consumers acquiring one
  // mbarrier phase or barrier instance with the same chunk of their block):
  // one merge instead of one each.
  void join(Clock &dst, const Clock &src, bool memo = false) {
    if (src.ch.empty()) return;
    if (dst.ch.empty()) dst = emptyClock();
    work += src.ch.size();
    for (size_t b = 0; b < src.ch.size(); ++b) {
      const ChunkP &s = src.ch[b];
      ChunkP &d = dst.ch[b];
      if (!s || s == d) continue;
      if (!d) {
        d = s;
        continue;
      }
      std::pair<uint64_t, int64_t> key{(uint64_t)(uintptr_t)d.get(), (int64_t)(uintptr_t)s.get()};
      if (memo) {
        auto it = merged.find(key);
        if (it != merged.end()) {
          d = it->second[2];
          continue;
        }
      }
      const uint32_t *sp = s->data(), *dp = d->data();
      work += D;
      bool sLess = false, sGreater = false;  // (branch-free: vectorised)
      for (uint32_t i = 0; i < D; ++i) {
        sLess |= sp[i] < dp[i];
        sGreater |= sp[i] > dp[i];
      }
      ChunkP out;
      if (!sGreater) out = d;
      else if (!sLess) out = s;
      else {
        out = std::make_shared<Chunk>(D);
        uint32_t *np = out->data();
        for (uint32_t i = 0; i < D; ++i) np[i] = std::max(sp[i], dp[i]);
      }
      if (memo) {
        if (merged.size() >= kMergedChunks) merged.clear();
        merged[key] = {d, s, out};  // (holding d and s: their addresses are not reused meanwhile)
      }
      d = out;
    }
  }
  static constexpr size_t kMergedChunks = 1 << 14;
  std::unordered_map<std::pair<uint64_t, int64_t>, std::array<ChunkP, 3>, PairHash> merged;
  void raise(Clock &c, uint32_t dim, uint32_t value) {
    if (c.ch.empty()) c = emptyClock();
    ChunkP &p = c.ch[dim / D];
    if (p && (*p)[dim % D] >= value) return;
    if (!p) p = std::make_shared<Chunk>(D, 0);
    else if (p.use_count() > 1) p = std::make_shared<Chunk>(*p);
    (*p)[dim % D] = value;
  }
  // `dst` learns everything thread t did so far (a release by t).
  void release(Clock &dst, Thread &t) {
    join(dst, t.vc);
    raise(dst, t.dim, t.own);
    ++t.own;
  }
  bool knows(const Thread &t, const Acc &e) const { return e.dim == t.dim || get(t.vc, e.dim) >= e.clk; }

  // ---------------------------------------------------------------- values
  Val eval(const Expr &e, Thread &t);
  bool truth(const Expr *e, Thread &t, const Stmt &s) {
    if (!e) return true;
    Val v = eval(*e, t);
    if (!v.known)
      giveUp(&s, "a condition that values read from memory (or not fixed by the contract) decide" + unknownPart(*e, t));
    return v.v != 0;
  }
  Val need(const model::ExprRef &e, Thread &t, const Stmt &s, const char *what) {
    if (!e) giveUp(&s, std::string(what) + " is missing");
    Val v = eval(*e, t);
    if (!v.known)
      giveUp(&s, std::string(what) + " that values read from memory (or not fixed by the contract) decide" +
                     unknownPart(*e, t));
    steady(v, t, s, what);
    return v;
  }
  // Every assignment: what the timing loop assigns stays in it; what is
  // assigned outside it after the thread's first visit varies by visit.
  void setVar(Thread &t, int var, Val v) {
    v.timing = t.timingLoops > 0;
    v.dirty = !t.timingLoops && t.timingLoop;
    if (!t.timingLoops) v.variant = false;
    t.vars[var] = v;
  }
  // Inside a timing loop, what an operation does may depend only on the
  // loop's own state and on values fixed before the thread first entered it
  // (docs/concrete.md "Waits that only time"): step k then does the same in
  // every execution, whichever visit it falls in.
  void steady(const Val &v, const Thread &t, const Stmt &s, const char *what) {
    if (t.timingLoops && v.variant)
      giveUp(&s, std::string(what) + " in a timing loop that depends on a value that changes between the loop's "
                                     "visits (" + where(t) + ")");
  }
  // ": 'x' is not known" for the first variable, parameter or loaded value
  // of `e` whose value the run does not know.
  std::string unknownPart(const Expr &e, Thread &t) {
    switch (e.kind) {
    case Expr::Kind::Var:
      return eval(e, t).known ? "" : ": '" + k.vars[e.id].name + "' is not known";
    case Expr::Kind::Param:
      return eval(e, t).known ? "" : ": parameter '" + k.params[e.id].name + "' is not fixed by the contract";
    case Expr::Kind::Havoc:
      return eval(e, t).known ? "" : ": " + (e.note.empty() ? std::string("a value read from memory") : e.note);
    default:
      for (const auto &a : e.args)
        if (std::string u = unknownPart(*a, t); !u.empty()) return u;
      return "";
    }
  }

  // ---------------------------------------------------------------- memory
  bool tracked(const Region &r) const {
    if (r.space == AddressSpace::Local || r.space == AddressSpace::Constant) return false;
    return writtenRegions.count(r.dynamicShared ? -2 : r.id) > 0;
  }
  uint64_t segment(const Region &r, const Thread &t) const {
    uint64_t region = r.dynamicShared ? 1 : (uint64_t)r.id + 2;
    uint64_t block = r.space == AddressSpace::Shared ? t.block + 1 : 0;
    return region << 24 | block;
  }
  Cell &cell(uint64_t seg, int64_t word) {
    int64_t page = word >= 0 ? word / (int64_t)kPageWords : -((-word + (int64_t)kPageWords - 1) / (int64_t)kPageWords);
    auto &p = shadow[{seg, page}];
    if (!p) p = std::make_unique<ShadowPage>();
    return p->cells[word - page * (int64_t)kPageWords];
  }
  void access(Cell &c, const Acc &a, const Thread &t, const Stmt &s);
  void touch(uint64_t seg, int64_t off, uint64_t size, const Acc &a, const Thread &t, const Stmt &s) {
    if (size == 0) return;
    for (int64_t w = wordOf(off); w <= wordOf(off + (int64_t)size - 1); ++w) {
      Cell &c = cell(seg, w);
      Acc aw = a;  // the bytes of this word the access covers
      int64_t lo = std::max<int64_t>(off, w * 4), hi = std::min<int64_t>(off + (int64_t)size, w * 4 + 4);
      aw.bytes = (uint8_t)(((1u << (hi - lo)) - 1) << (lo - w * 4));
      priorValue.reset();
      priorBytes = 0, priorToken = 0, priorBlock = false;
      if (c.w.clk && (!c.more || more[c.more - 1].w.empty())) {
        if (c.knownBytes) priorValue = c.value, priorBytes = c.knownBytes;
        priorToken = c.token;
        priorBlock = c.blockValue;
      }
      if (a.f & kWrite) {
        c.knownBytes = 0, c.token = 0;  // (a plain store of a constant sets them again after this)
        c.blockValue = storingBlock;
        if (c.copySource && !(a.f & kCopy))
          giveUp(&s, "a write to global memory that a bulk copy of the launch reads (the concrete prover needs "
                     "copy sources that no thread writes)");
        c.everWritten = true;
        if (c.timingRead)
          giveUp(&s, "a write to memory that a timing loop read before (its reads must see memory that no longer "
                     "changes: docs/concrete.md \"Waits that only time\")");
      }
      curSeg = seg, curWord = w;
      if (watch && watch->seg == seg && watch->word == w && watch->e.dim == aw.dim && watch->e.clk == aw.clk &&
          watch->e.f == aw.f && watch->e.bytes == aw.bytes)
        watchedStmt = &s, watchedThread = index(t);
      access(c, aw, t, s);
    }
  }
  // Strong accesses (atomics, spin-waits, strong loads and stores) are
  // morally strong only when they cover the same bytes (PTX memory model):
  // every word they touch keeps the first one's address and size.
  void sameBytes(uint64_t seg, int64_t off, unsigned size, const Stmt &s, const char *why) {
    for (int64_t w = wordOf(off); w <= wordOf(off + (int64_t)size - 1); ++w) {
      auto [it, fresh] = atomicWords.insert({{seg, w}, {off, size}});
      if (!fresh && it->second != std::make_pair(off, size)) giveUp(&s, why);
    }
  }
  // The value a race-free read of `bytes` bytes at `off` sees: each word's one
  // remembered write, a plain store of a constant (docs/concrete.md "Values
  // through memory"); unknown otherwise.
  Val loaded(uint64_t seg, int64_t off, unsigned bytes) {
    if (bytes == 0 || bytes > 8) return Val{};
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; ++i) {
      int64_t b = off + i;
      Cell &c = cell(seg, wordOf(b));
      bool oneWrite = c.w.clk && (!c.more || more[c.more - 1].w.empty());
      if (!(c.knownBytes >> (b - wordOf(b) * 4) & 1) || !oneWrite) return Val{};
      v |= (uint64_t)((c.value >> (8 * (b - wordOf(b) * 4))) & 0xff) << (8 * i);
    }
    return Val{v, true};
  }
  void setHavoc(Thread &t, int id, Val v) {
    if (id < 0) return;
    if ((size_t)id >= t.havoc.size()) t.havoc.resize(id + 1);
    t.havoc[id] = v;
  }
  uint8_t strength(const Stmt &s) const {
    bool atomic = s.access == AccessKind::Atomic;
    bool strong = atomic || s.order != MemOrder::Plain || s.isVolatile;
    if (!strong) return 0;
    bool gpu = s.scope == MemScope::GPU || s.scope == MemScope::System;
    bool blockAtomic = atomic && model::blockScopedAtomic(s);
    return kStrong | (gpu && !blockAtomic ? kGpuScope : 0) | (s.scope != MemScope::None ? kScoped : 0) |
           (atomic || !s.isVolatile ? kSync : 0) | (atomic ? kWrite | kAtomic : 0) |
           (s.scope == MemScope::Cluster ? kCluster : 0);
  }

  // ---------------------------------------------------------------- steps
  void wake(std::vector<uint32_t> &waiters) {
    for (uint32_t i : waiters)
      if (!threads[i].done && !threads[i].queued) {
        threads[i].queued = true;
        ready.push_back(i);
      }
    waiters.clear();
  }
  uint32_t index(const Thread &t) const { return (uint32_t)(&t - threads.data()); }
  bool runThread(Thread &t);
  bool step(Thread &t, const Stmt &s);  // false: blocked
  bool barrier(Thread &t, const Stmt &s);
  bool mbarrier(Thread &t, const Stmt &s);
  void asyncCopy(Thread &t, const Stmt &s);
  bool await(Thread &t, const Stmt &s);
  void memoryAccess(Thread &t, const Stmt &s);
  void fence(Thread &t, const Stmt &s);
  Mbarrier &mbarrierAt(Thread &t, const Stmt &s, int region, const model::ExprRef &offset, bool forInit);
  void arrival(Mbarrier &m, Thread &t, const Stmt &s);
  void completeIfDone(Mbarrier &m, const Stmt &s);
  Counter &counterAt(uint64_t seg, int64_t off, unsigned bytes);
  void finalChecks();
  // A branch on an unknown value inside a block that only computes locals
  // (assignments, branches, exits within it: an inlined `f2bf` that tests
  // for NaN): the whole block is skipped and every variable it assigns
  // becomes unknown, which over-approximates both sides. False when no
  // enclosing block is such a block.
  bool skipPureBlock(Thread &t);
  // The same for the branch itself when both sides only compute locals
  // (`if (v > best) { best = v; at = i; }`): skipped, what they assign
  // becomes unknown.
  bool skipPureIf(Thread &t, const Stmt &s) {
    const PureInfo *a = s.thenS ? &pureInfo(*s.thenS) : nullptr, *b = s.elseS ? &pureInfo(*s.elseS) : nullptr;
    if ((a && !a->pure) || (b && !b->pure)) return false;
    forSideVars(s, [&](int v) { t.vars[v] = Val{}; });
    t.stack.pop_back();
    return true;
  }
  // Each variable either side of an If assigns.
  template <class F> void forSideVars(const Stmt &s, F f) {
    for (const Stmt *side : {s.thenS.get(), s.elseS.get()})
      if (side)
        for (int v : pureInfo(*side).assigned) f(v);
  }
  size_t indexOf(const Mbarrier &m) const { return (size_t)(&m - mbars.data()); }
  // A branch on an unknown value whose one side only waits (mbarrier waits
  // and probes, local assignments) and whose other side only computes locals
  // (`if (test_wait(...)) wait(gate)`): the decision changes when the thread
  // blocks, never what it does. The run takes the waiting side, runs its waits
  // as waits that acquire nothing (Thread::timing), and makes what either side
  // assigns unknown afterwards. Sound because the waits acquire nothing, so
  // happens-before and every other operation are the same whichever side an
  // execution takes; and an execution that blocks at fewer of these points
  // cannot hang where this one, which blocks at all of them, did not (the
  // conditions waited for only become true, parity aliasing aside, which the
  // wait's own check rules out). docs/concrete.md "Waits that only time".
  bool timingIf(Thread &t, const Stmt &s);
  // `if (!probe(b, parity)) wait(b, parity)` (docs/concrete.md "A failed probe, then a wait"): in
  // every execution the thread has acquired that phase after the If (at the probe or at the wait),
  // so the run takes the waiting side with a wait that acquires.
  bool probeThenWait(Thread &t, const Stmt &s, const Val &c);
  uint64_t probeSerial = 0;
  // A timing loop (docs/concrete.md "Waits that only time"): a loop that
  // only assigns locals, reads memory, probes mbarriers and waits on them,
  // with at least one probe. Its decisions on probes choose between leaving
  // it and going on; the max run goes on, the min run leaves. Its waits
  // acquire nothing; what it assigns may be used only inside timing loops;
  // memory it reads may not be written afterwards.
  bool isTimingLoop(const Stmt &loop);
  std::unordered_map<const Stmt *, bool> timingLoopCache;
  bool loopDecision(Thread &t, const Stmt &s);
  // A decision whose one side only leaves the thread's timing loop (and the
  // other does not leave it): it may depend on values that vary by visit.
  bool leaveShaped(const Thread &t, const Stmt &s) const;
  void popFrame(Thread &t) {
    if (t.stack.back().timingLoop) --t.timingLoops;
    t.stack.pop_back();
  }
  struct PureInfo {
    bool pure = false;
    bool waitsOnly = false;  // pure but for mbarrier waits and probes
    bool probesOnly = false;  // pure but for mbarrier probes (no wait): it only computes a decision
    bool oneWait = false;     // pure but for one mbarrier parity wait (no probe)
    std::vector<int> assigned;
  };
  std::unordered_map<const Stmt *, PureInfo> pureBlocks;
  const PureInfo &pureInfo(const Stmt &block);
  // "thread T of block B, in: line L1 > line L2 ...": the thread and the
  // source lines of the statements its interpreter stack is in (inlined
  // calls show as the lines of their bodies), for a reason to give up.
  std::string where(const Thread &t) const {
    std::string w = "thread " + std::to_string(t.lin) + " of block " + std::to_string(t.block);
    std::string lines;
    unsigned last = 0;
    for (const Frame &f : t.stack)
      if (f.s && f.s->loc.valid() && f.s->loc.line != last && f.s->kind != Stmt::Kind::Block) {
        last = f.s->loc.line;
        lines += (lines.empty() ? "" : " > ") + std::to_string(last);
      }
    return lines.empty() ? w : w + ", in lines " + lines;
  }
  std::optional<model::Finding> deadlockFinding() const;

public:
  std::optional<model::Finding> deadlock;
  // A second run's watch (see RaceHit): the statement and thread of the
  // remembered access, once the run has made it.
  void setWatch(const RaceHit &h) { watch = h; }
  const Stmt *watchedStmt = nullptr;
  uint32_t watchedThread = 0;
  std::shared_ptr<RaceHit> race;  // the run's race, when it gave up on one
  model::Finding raceFinding(const RaceHit &h, const Stmt *eStmt, uint32_t eThread) const;
};

// ------------------------------------------------------------------ values

Val Prover::eval(const Expr &e, Thread &t) {
  auto known = [&](uint64_t v) { return Val{maskTo(v, e.width), true}; };
  // unknown; a probe's when every unknown operand is (a decision on it only times)
  auto unk = [](const Val &a, const Val &b) {
    Val r{0, false, (a.known || a.probe) && (b.known || b.probe), false, a.variant || b.variant};
    r.block = a.block || b.block;
    return r;
  };
  // a known result carries the variance of the operands it was computed from
  auto from = [](Val r, const Val &a, const Val &b) {
    r.variant = a.variant || b.variant;
    return r;
  };
  switch (e.kind) {
  case Expr::Kind::Const: return known(e.value);
  case Expr::Kind::Var: {
    Val v = t.vars[e.id];
    if (v.timing && !t.timingLoops)
      throw GiveUp{"'" + k.vars[e.id].name + "', assigned in a timing loop, is used outside it (" + where(t) +
                   "): its value depends on when the thread waited"};
    if (v.known) v.v = maskTo(v.v, e.width);  // an unknown probe result keeps its serial
    v.variant = t.timingLoops && (v.timing ? v.variant : v.dirty);
    v.timing = v.dirty = false;
    return v;
  }
  case Expr::Kind::Param: {
    auto it = params.find(e.id);
    return it == params.end() ? Val{} : known(it->second);
  }
  case Expr::Kind::Builtin: {
    uint64_t tl = t.lin, bl = t.block;
    switch (e.builtin) {
    case model::Builtin::ThreadIdxX: return known(tl % bdim[0]);
    case model::Builtin::ThreadIdxY: return known(tl / bdim[0] % bdim[1]);
    case model::Builtin::ThreadIdxZ: return known(tl / (bdim[0] * bdim[1]));
    case model::Builtin::BlockIdxX: return known(bl % gdim[0]);
    case model::Builtin::BlockIdxY: return known(bl / gdim[0] % gdim[1]);
    case model::Builtin::BlockIdxZ: return known(bl / (gdim[0] * gdim[1]));
    case model::Builtin::BlockDimX: return known(bdim[0]);
    case model::Builtin::BlockDimY: return known(bdim[1]);
    case model::Builtin::BlockDimZ: return known(bdim[2]);
    case model::Builtin::GridDimX: return known(gdim[0]);
    case model::Builtin::GridDimY: return known(gdim[1]);
    case model::Builtin::GridDimZ: return known(gdim[2]);
    case model::Builtin::LaneId: return known(tl % 32);
    case model::Builtin::WarpSize: return known(32);
    }
    return Val{};
  }
  case Expr::Kind::Havoc: {
    if (e.blockUniform) {
      Val u;
      u.token = tokenOf(-1 - (int64_t)e.id, t.block, t.blockBarriers);
      u.block = true;
      return u;
    }
    if (e.id < 0 || (size_t)e.id >= t.havoc.size()) return Val{};
    const Val &h = t.havoc[e.id];
    if (!h.known) {
      Val u;
      u.token = h.token;
      return u;
    }
    return known(h.v);
  }
  case Expr::Kind::Table: {
    Val o = eval(*e.args[0], t);
    if (!o.known) return unk(o, o);
    std::optional<uint64_t> v = Expr::tableValue(*e.table, o.v, e.width);
    return v ? from(known(*v), o, o) : Val{};
  }
  case Expr::Kind::Select: {
    Val c = eval(*e.args[0], t);
    if (c.known) return from(eval(*e.args[c.v ? 1 : 2], t), c, c);
    Val a = eval(*e.args[1], t), b = eval(*e.args[2], t);
    if (a.known && b.known && a.v == b.v) return from(from(a, a, b), c, c);
    Val r;
    r.block = a.block || b.block || c.block;
    return r;
  }
  case Expr::Kind::Unary: {
    Val a = eval(*e.args[0], t);
    if (!a.known && a.probeIs && (e.op == Op::LNot || e.op == Op::ZExt || e.op == Op::SExt || e.op == Op::Trunc)) {
      a.probeNeg ^= e.op == Op::LNot;  // a probe's 0/1 keeps its truth through extensions and truncations
      return a;
    }
    if (!a.known) return unk(a, a);
    unsigned aw = e.args[0]->width;
    switch (e.op) {
    case Op::LNot: return from(known(a.v == 0), a, a);
    case Op::Not: return from(known(~a.v), a, a);
    case Op::Neg: return from(known(0 - a.v), a, a);
    case Op::ZExt:
    case Op::Trunc: return from(known(a.v), a, a);
    case Op::SExt: return from(known((uint64_t)signedOf(a.v, aw)), a, a);
    default: return Val{};
    }
  }
  case Expr::Kind::Binary: {
    if (e.op == Op::LAnd || e.op == Op::LOr) {
      bool isAnd = e.op == Op::LAnd;
      Val a = eval(*e.args[0], t);
      if (a.known && ((a.v != 0) != isAnd)) return from(known(isAnd ? 0 : 1), a, a);
      Val b = eval(*e.args[1], t);
      if (b.known && ((b.v != 0) != isAnd)) return from(known(isAnd ? 0 : 1), a, b);
      if (a.known != b.known && (a.known ? b : a).probeIs)  // `x && !probe` with x true: the probe's truth
        return from(a.known ? b : a, a, b);
      if (!a.known || !b.known) return unk(a, b);
      return from(known(isAnd ? 1 : 0), a, b);
    }
    Val a = eval(*e.args[0], t), b = eval(*e.args[1], t);
    unsigned w = e.args[0]->width;
    if ((e.op == Op::Eq || e.op == Op::Ne) && a.known != b.known && (a.known ? b : a).probeIs &&
        maskTo((a.known ? a : b).v, w) == 0) {  // probe != 0, probe == 0
      Val r = from(a.known ? b : a, a, b);
      r.probeNeg ^= e.op == Op::Eq;
      return r;
    }
    bool division = e.op == Op::UDiv || e.op == Op::SDiv || e.op == Op::URem || e.op == Op::SRem;
    if (division && b.known && maskTo(b.v, w) == 0)
      throw GiveUp{"a division by zero (undefined behaviour)"};
    if (!a.known || !b.known) return unk(a, b);
    uint64_t x = maskTo(a.v, w), y = maskTo(b.v, w);
    int64_t sx = signedOf(x, w), sy = signedOf(y, w);
    if (e.nsw && (e.op == Op::Add || e.op == Op::Sub || e.op == Op::Mul)) {
      __int128 r = e.op == Op::Add ? (__int128)sx + sy : e.op == Op::Sub ? (__int128)sx - sy : (__int128)sx * sy;
      __int128 lo = -((__int128)1 << (w - 1)), hi = ((__int128)1 << (w - 1)) - 1;
      if (r < lo || r > hi) throw GiveUp{"signed integer overflow (undefined behaviour)"};
    }
    auto kn = [&](uint64_t v) { return from(known(v), a, b); };
    int64_t smin = w >= 64 ? INT64_MIN : -(int64_t)(1ull << (w - 1));
    switch (e.op) {
    case Op::Add: return kn(x + y);
    case Op::Sub: return kn(x - y);
    case Op::Mul: return kn(x * y);
    case Op::UDiv: return kn(x / y);
    case Op::URem: return kn(x % y);
    case Op::SDiv:
    case Op::SRem:
      if (sx == smin && sy == -1) throw GiveUp{"a signed division that overflows (undefined behaviour)"};
      return kn(e.op == Op::SDiv ? (uint64_t)(sx / sy) : (uint64_t)(sx % sy));
    case Op::Shl:
    case Op::LShr:
    case Op::AShr:
      if (y >= w) throw GiveUp{"a shift by the operand's width or more (undefined behaviour)"};
      return kn(e.op == Op::Shl ? x << y : e.op == Op::LShr ? x >> y : (uint64_t)(sx >> y));
    case Op::And: return kn(x & y);
    case Op::Or: return kn(x | y);
    case Op::Xor: return kn(x ^ y);
    case Op::Eq: return kn(x == y);
    case Op::Ne: return kn(x != y);
    case Op::ULt: return kn(x < y);
    case Op::ULe: return kn(x <= y);
    case Op::UGt: return kn(x > y);
    case Op::UGe: return kn(x >= y);
    case Op::SLt: return kn(sx < sy);
    case Op::SLe: return kn(sx <= sy);
    case Op::SGt: return kn(sx > sy);
    case Op::SGe: return kn(sx >= sy);
    default: return Val{};
    }
  }
  }
  return Val{};
}

// ------------------------------------------------------------------ memory

// Two accesses of one word by different threads, at least one a write, not
// ordered by happens-before: a race, unless both are strong at scopes that
// include each other (morally strong, PTX memory model). Entries an access
// makes redundant are dropped (every later access it does not race with, the
// dropped one would not race with either).
void Prover::access(Cell &c, const Acc &a, const Thread &t, const Stmt &s) {
  uint32_t blockA = a.dim / D;
  // As the symbolic checker (memory-model.md): two atomics never race, but
  // for a block-scoped one with another block; otherwise two strong accesses
  // whose scopes cover each other do not race unless both are plain volatile.
  auto moral = [&](const Acc &e) {
    if ((e.f & kCopy) || (a.f & kCopy) || !(e.f & a.f & kStrong)) return false;
    bool sameBlock = e.dim / D == blockA;
    if (e.f & a.f & kAtomic) return sameBlock || (e.f & a.f & kGpuScope);
    bool covers = sameBlock ? (e.f & a.f & kScoped) : (e.f & a.f & kGpuScope);
    return covers && ((e.f | a.f) & kSync);
  };
  // Do the write being checked and the cell's remembered write store the
  // same value in `bytes` (of the word curWord)?
  auto sameStored = [&](uint8_t bytes) {
    if (!bytes) return false;
    if (storingToken && priorToken && bytes == 0xf)
      return priorToken == (storingToken << 3 | (uint64_t)(curWord - wordOf(storingAt)));
    if (!storing || !priorValue || (bytes & priorBytes) != bytes) return false;
    for (int b = 0; b < 4; ++b) {
      if (!(bytes >> b & 1)) continue;
      int64_t idx = curWord * 4 + b - storingAt;  // the byte's index in the store
      if (idx < 0 || idx >= (int64_t)storingSize) return false;
      if ((uint8_t)(*storing >> (8 * idx)) != (uint8_t)(*priorValue >> (8 * b))) return false;
    }
    return true;
  };
  auto check = [&](const Acc &e) {
    if (!e.clk || !(e.bytes & a.bytes) || knows(t, e) || moral(e)) return;
    auto hit = std::make_shared<RaceHit>();
    hit->seg = curSeg, hit->word = curWord, hit->e = e, hit->a = a, hit->thread = index(t), hit->s = &s;
    // Two plain volatile accesses whose scopes cover each other: a race by
    // this project's rule (memory-model.md), not by the PTX model's.
    if ((e.f & a.f & kStrong) && !((e.f | a.f) & kSync)) hit->notDefinite = "both accesses are volatile";
    // Several threads of a block initialising one mbarrier (`if (threadIdx.x
    // == 0) init(&bar, n)` in a 2-D block, the CUDA samples' pattern): a race
    // by the memory model, with the same value written; the symbolic checks
    // call it not modelled, and so does the run.
    else if (s.kind == Stmt::Kind::Mbarrier && s.mbarOp == MbarOp::Init && (e.f & kWrite) && e.dim / D == blockA)
      hit->notDefinite = "an mbarrier initialised by several threads of its block";
    else if ((e.f & a.f & kStrong) && ((e.f | a.f) & kCluster) && e.dim / D != a.dim / D)
      hit->notDefinite = "an access of cluster scope, which may cover the other block (the cluster's shape is not modelled)";
    else if (!maxRun) hit->notDefinite = "found in the run that waits least in timing loops";
    else if (&e == &c.w && (e.f & kWrite) && (a.f & kWrite) && !((e.f | a.f) & (kStrong | kCopy)) &&
             sameStored(e.bytes & a.bytes))
      // Both plain writes store the same value in the bytes they share: a
      // race by the PTX model that no read can observe (memory-model.md
      // "Writes of one value").
      hit->notDefinite = "both writes store the same value" +
                         (priorBytes ? " (" + std::to_string(*priorValue) + ")" : std::string(" (input data)")) +
                         ", a race by the PTX memory model that no read can observe";
    else if (&e == &c.w && (e.f & kWrite) && (a.f & kWrite) && !((e.f | a.f) & (kStrong | kCopy)) &&
             (storingBlock || priorBlock))
      hit->notDefinite = "a write stores a block's __syncthreads_count, _and or _or result, which the run does not "
                         "compute: the two writes may store the same value";
    else hit->definite = raceDefinite(t, e, hit->notDefinite);
    std::string at = s.loc.valid() ? s.loc.file + ":" + std::to_string(s.loc.line) + ": " : "";
    throw GiveUp{at + "a possible race on '" + s.text + "' with an access it is not ordered with" +
                     ((e.f & kCopy) ? " (a bulk copy)" : ""),
                 hit};
  };
  // Does `a` (after `e`) make `e` redundant?
  auto dominates = [&](const Acc &e) {
    if (e.bytes & ~a.bytes) return false;  // it does not cover e's bytes
    if ((e.f & kWrite) && !(a.f & kWrite)) return false;
    if (!(a.f & kStrong)) return true;
    return (e.f | kWrite) == (a.f | kWrite) && e.dim / D == blockA;
  };
  bool isWrite = a.f & kWrite;
  MoreAccesses *m = c.more ? &more[c.more - 1] : nullptr;
  auto moreOf = [&]() {
    if (!m) {
      more.emplace_back();
      c.more = (uint32_t)more.size();
      m = &more.back();
    }
    return m;
  };
  auto readEntry = [](const std::pair<const uint64_t, uint32_t> &kv) {
    return Acc{(uint32_t)(kv.first >> 16), kv.second, (uint8_t)kv.first, (uint8_t)(kv.first >> 8)};
  };
  check(c.w);
  if (m)
    for (const Acc &e : m->w) check(e);
  if (isWrite) {
    check(c.r);
    if (m)
      for (const auto &kv : m->r) check(readEntry(kv));
  }
  if (isWrite) {
    if (c.w.clk && knows(t, c.w) && dominates(c.w)) c.w.clk = 0;
    if (c.r.clk && knows(t, c.r) && dominates(c.r)) c.r.clk = 0;
    if (m) {
      m->w.erase(std::remove_if(m->w.begin(), m->w.end(), [&](const Acc &e) { return knows(t, e) && dominates(e); }),
                 m->w.end());
      for (auto it = m->r.begin(); it != m->r.end();) {
        Acc e = readEntry(*it);
        if (knows(t, e) && dominates(e)) it = m->r.erase(it);
        else ++it;
      }
    }
    if (!c.w.clk) {
      c.w = a;
      return;
    }
    moreOf()->w.push_back(a);
    return;
  }
  if (!c.r.clk || (knows(t, c.r) && dominates(c.r))) {
    c.r = a;
    return;
  }
  moreOf()->r[(uint64_t)a.dim << 16 | (uint64_t)a.bytes << 8 | a.f] = a.clk;
}

Counter &Prover::counterAt(uint64_t seg, int64_t off, unsigned bytes) {
  Counter &c = counters[{seg, off}];
  if (!c.bytes) c.bytes = bytes;
  else if (c.bytes != bytes) c.bad = "accessed with two different sizes";
  return c;
}

void Prover::memoryAccess(Thread &t, const Stmt &s) {
  const Region &r = k.regions[s.region];
  if (s.updateKind == "async") giveUp(&s, "the global side of a bulk store is not modelled by the concrete prover");
  Val off = s.offset ? eval(*s.offset, t) : Val{};
  steady(off, t, s, "an address");
  if (s.access == AccessKind::Read) {
    Val v;
    if (r.constData && off.known && s.size >= 1 && s.size <= 8)
      if (std::optional<uint64_t> x = Expr::tableValue(*r.constData, off.v, s.size * 8)) v = Val{*x, true};
    setHavoc(t, s.loadedHavoc, v);
    for (const Stmt::FieldLoad &fl : s.fieldLoads) {
      Val fv;
      if (r.constData && off.known && fl.width <= 64)
        if (std::optional<uint64_t> x = Expr::tableValue(*r.constData, off.v + fl.offset, fl.width)) fv = Val{*x, true};
      setHavoc(t, fl.havoc, fv);
    }
  }
  if (s.resultVar >= 0) setVar(t, s.resultVar, Val{});  // the value an atomic or strong read returns
  // Shared memory: inside its array (or the contract's dynamic_smem), also
  // for arrays no statement writes (past the end is a neighbour).
  if (r.space == AddressSpace::Shared) {
    if (!off.known) giveUp(&s, "a shared-memory address that values read from memory (or not fixed by the contract) decide");
    std::optional<uint64_t> bound = r.dynamicShared ? L.dynamicSmem : r.sizeBytes;
    if ((int64_t)off.v < 0 || (bound && off.v + s.size > *bound)) giveUp(&s, "a shared-memory access outside its array");
  }
  if (s.nonCoherent && tracked(r))
    giveUp(&s, "__ldg (ld.global.nc) of memory the launch writes (defined only on memory nothing writes while the "
               "kernel runs)");
  if (!tracked(r)) {
    // Input memory (global, no thread of the launch writes it): one value
    // per address, unknown.
    if (s.access == AccessKind::Read && s.loadedHavoc >= 0 && r.space == AddressSpace::Global && !r.constData &&
        off.known && s.size >= 1 && s.size <= 8) {
      Val v;
      v.token = tokenOf(r.id, off.v, s.size);
      setHavoc(t, s.loadedHavoc, v);
    }
    return;
  }
  if (!off.known) giveUp(&s, "an address that values read from memory (or not fixed by the contract) decide");
  uint64_t seg = segment(r, t);
  int64_t o = (int64_t)off.v;
  uint8_t f = strength(s) | (s.access != AccessKind::Read ? kWrite : 0);
  if ((f & kStrong) && s.access != AccessKind::Atomic)  // (atomics: below)
    sameBytes(seg, o, s.size, s, "strong accesses of different sizes or addresses overlap");
  storing.reset();
  storingToken = 0;
  Val storedVal = s.access == AccessKind::Write && !(f & kStrong) && s.stored && s.size >= 1 && s.size <= 8
                      ? eval(*s.stored, t)
                      : Val{};
  bool tokenStore = !storedVal.known && storedVal.token && (s.size == 4 || s.size == 8) && o % 4 == 0;
  if (storedVal.known) storing = maskTo(storedVal.v, s.size * 8), storingAt = o, storingSize = s.size;
  else if (tokenStore) storingToken = storedVal.token, storingAt = o;
  storingBlock = storedVal.block;
  touch(seg, o, s.size, Acc{t.dim, t.own, f}, t, s);
  storing.reset();
  storingToken = 0;
  storingBlock = false;
  if (s.access != AccessKind::Write && (f & kStrong) &&
      (s.order == MemOrder::Acquire || s.order == MemOrder::AcqRel || s.order == MemOrder::SeqCst) &&
      (s.scope == MemScope::GPU || s.scope == MemScope::System))
    if (auto it = t.pendingAt.find({seg, o}); it != t.pendingAt.end()) join(t.vc, it->second);
  if (t.timingLoops && s.access == AccessKind::Read)
    for (int64_t w = wordOf(o); w <= wordOf(o + (int64_t)s.size - 1); ++w) cell(seg, w).timingRead = true;
  if (s.access == AccessKind::Read && !(f & kStrong)) {
    // The race check passed: the one write before it is what it reads.
    if (s.loadedHavoc >= 0 && !r.constData) setHavoc(t, s.loadedHavoc, loaded(seg, o, s.size));
    for (const Stmt::FieldLoad &fl : s.fieldLoads)
      if (!r.constData && fl.width % 8 == 0) setHavoc(t, fl.havoc, loaded(seg, o + (int64_t)fl.offset, fl.width / 8));
  }
  if (storedVal.known)
    for (unsigned i = 0; i < s.size; ++i) {
      int64_t b = o + i;
      Cell &c = cell(seg, wordOf(b));
      int at = (int)(b - wordOf(b) * 4);
      c.knownBytes |= (uint8_t)(1u << at);
      c.value = (c.value & ~(0xffu << (8 * at))) | (uint32_t)((storedVal.v >> (8 * i)) & 0xff) << (8 * at);
    }
  else if (tokenStore)
    for (unsigned i = 0; i < s.size / 4; ++i) cell(seg, wordOf(o) + i).token = storedVal.token << 3 | i;
  bool store = s.access == AccessKind::Write && s.updateKind == "store" && (f & kStrong);
  if (s.access == AccessKind::Atomic || store) {
    // An update of a location a spin-wait may read: adds of constants (a
    // counter) or stores of one constant (a flag); anything else and the
    // location's value is not tracked.
    Counter &c = counterAt(seg, o, s.size);
    for (int64_t w = wordOf(o); w <= wordOf(o + (int64_t)s.size - 1); ++w) {
      Cell &cw = cell(seg, w);
      cw.counter = true;
      if (cw.plainWritten) c.bad = "written by a plain store";
    }
    sameBytes(seg, o, s.size, s, "atomics of different sizes or addresses overlap");
    Val amount = s.operand ? eval(*s.operand, t) : Val{};
    bool add = s.updateKind == "add", set = s.updateKind == "store" || s.updateKind == "exch";
    bool gpuRelease = (s.order == MemOrder::Release || s.order == MemOrder::AcqRel || s.order == MemOrder::SeqCst) &&
                      (s.scope == MemScope::GPU || s.scope == MemScope::System);
    bool rel = gpuRelease || !t.fenceRelease.ch.empty();
    if (set && c.bad.empty()) {
      c.storer = c.storer == UINT32_MAX || c.storer == index(t) ? index(t) : UINT32_MAX - 1;
      c.allRelease = c.allRelease && rel && s.access != AccessKind::Atomic;
    }
    if (!add && !set) c.bad = "updated by an atomic other than an add or a store";
    else if (!amount.known) c.bad = "an update whose amount is not a constant";
    else if (set && (c.adds || amount.v == 0)) c.bad = "stores of different values, or stores and adds";
    else if (set && c.stores && (amount.v != c.value || c.valued)) {
      // Another value: a flag that grows, or one the run cannot follow.
      if (c.storer >= UINT32_MAX - 1 || !c.allRelease || amount.v <= c.value || c.storeValues.size() != c.stores)
        c.bad = "stores of different values, or stores and adds";
      else
        c.valued = true;
    } else if (add && c.stores) c.bad = "stores and adds";
    if (c.bad.empty()) {
      uint64_t before = c.value;
      c.value = set ? amount.v : maskTo(c.value + amount.v, s.size * 8);
      if (add && c.value < before) c.bad = "its value wraps";
      (set ? c.stores : c.adds)++;
      if (gpuRelease) release(c.released, t);
      else join(c.released, t.fenceRelease);  // (nothing when there was no release fence)
      if (!gpuRelease && (s.order == MemOrder::Release || s.order == MemOrder::AcqRel || s.order == MemOrder::SeqCst))
        inexact(s, "a release of CTA or cluster scope");
      c.updates.push_back({index(t), set ? 1 : amount.v, rel, s.access == AccessKind::Atomic});
      // The first store's releases are kept while one thread stores (a flag
      // that may grow); a repeated value ends that.
      if (set && c.storer < UINT32_MAX - 1 && c.allRelease && c.storeValues.size() + 1 == c.stores) {
        c.storeValues.push_back(c.value);
        c.storeClocks.push_back(c.released);
      }
    }
    wake(c.waiters);  // (also when it became untracked: the waiters give up)
  } else if (s.access == AccessKind::Write) {
    // A plain store to a counter or flag: its value is no longer tracked.
    bool flagged = false;
    for (int64_t w = wordOf(o); w <= wordOf(o + (int64_t)s.size - 1); ++w) {
      Cell &cw = cell(seg, w);
      flagged |= cw.counter;
      cw.plainWritten = true;
    }
    for (int64_t b = o - 7; flagged && b < o + (int64_t)s.size; ++b) {
      auto it = counters.find({seg, b});
      if (it != counters.end() && b + (int64_t)it->second.bytes > o) {
        it->second.bad = "written by a plain store";
        wake(it->second.waiters);
      }
    }
  }
}

// ------------------------------------------------------------------ barriers

bool Prover::barrier(Thread &t, const Stmt &s) {
  int kind = 0;
  uint64_t group = 0, sub = 0, needed = 0, mask = 0;
  bool orders = true;
  uint64_t warps = (nthreads + 31) / 32;
  switch (s.barrier) {
  case BarrierKind::Block:
    kind = 0, group = t.block, needed = nthreads;
    break;
  case BarrierKind::Grid:
    if (!coResident || !L.cooperative) giveUp(&s, "grid.sync() without a cooperative launch");
    kind = 1, group = 0, needed = nthreads * nblocks;
    break;
  case BarrierKind::Named: {
    if (s.arriveOnly) giveUp(&s, "bar.arrive is not modelled by the concrete prover");
    uint64_t id = need(s.barrierId, t, s, "a named barrier id").v;
    uint64_t count = s.barrierCount ? need(s.barrierCount, t, s, "a named barrier count").v : nthreads;
    if (id == 0 || id > 15) giveUp(&s, "named barrier 0 (it is also __syncthreads' barrier) or an id above 15");
    if (count == 0 || count % 32 != 0 || count > nthreads) giveUp(&s, "a named barrier count that is not a multiple of 32 threads of the block");
    kind = 2, group = t.block, sub = id, needed = count;
    break;
  }
  case BarrierKind::Warp:
  case BarrierKind::WarpCollective: {
    mask = s.warpMask ? need(s.warpMask, t, s, "a warp mask").v & 0xffffffffull : 0xffffffffull;
    uint64_t lane = t.lin % 32, warp = t.lin / 32;
    uint64_t lanes = std::min<uint64_t>(32, nthreads - warp * 32);
    if (!(mask >> lane & 1)) giveUp(&s, "a warp operation whose mask does not name the executing lane");
    if (lanes < 32 && (mask >> lanes)) giveUp(&s, "a warp mask that names lanes the block does not have");
    kind = s.barrier == BarrierKind::Warp ? 3 : 5;
    group = t.block * warps + warp, sub = mask, needed = (uint64_t)__builtin_popcountll(mask);
    orders = s.barrier == BarrierKind::Warp;
    break;
  }
  case BarrierKind::Warpgroup:
    if (nthreads % 128) giveUp(&s, "a warpgroup operation in a block that is not whole warpgroups");
    kind = 4, group = t.block * (nthreads / 128) + t.lin / 128, needed = 128, orders = false;
    break;
  }
  uint64_t &n = kind == 0 ? t.blockBarriers : kind == 1 ? t.gridBarriers : t.instances[(uint64_t)kind << 56 ^ sub];
  auto key = std::make_tuple(kind, group, sub, n);
  if (!t.arrived) {
    if (kind == 2 && finishedNamed.count(key))
      giveUp(&s, "more threads use a named barrier id than one instance counts: which instance a thread joins "
                 "depends on timing");
    Instance &in = instances[key];
    // bar.sync is .aligned: the threads of a warp (of a block, for
    // __syncthreads and grid.sync) arrive at one instance from the same
    // statement in the same iterations of the loops around it.
    if (kind <= 2) {
      uint64_t sig = 1469598103934665603ull;
      for (const Frame &fr : t.stack) sig = (sig ^ (uint64_t)(uintptr_t)fr.s ^ ((uint64_t)fr.iteration << 48)) * 1099511628211ull;
      uint64_t where = kind == 2 ? t.lin / 32 : kind == 1 ? t.block : 0;
      auto [it, fresh] = in.contexts.insert({where, sig});
      if (!fresh && it->second != sig)
        giveUp(&s, "threads reach one barrier instance from different statements or loop iterations (divergence)");
    }
    if (!in.s) {
      in.s = &s, in.needed = needed, in.orders = orders;
      if (orders) in.acc = emptyClock();
    } else if (in.s != &s && (kind == 0 || kind == 5 || in.s->text != s.text)) {
      giveUp(&s, "threads meet at different statements in one barrier instance");
    }
    if (in.complete || in.needed != needed) giveUp(&s, "more arrivals than the barrier instance counts, or two counts");
    if (orders) release(in.acc, t);
    if (kind == 2) in.members.push_back(t.lin);
    t.arrived = true;
    if (++in.arrived == in.needed) {
      in.complete = true;
      if (kind == 2) {  // whole warps only
        std::map<uint64_t, uint64_t> perWarp;
        for (uint32_t m : in.members) ++perWarp[m / 32];
        for (auto &[w, c] : perWarp)
          if (c != std::min<uint64_t>(32, nthreads - w * 32))
            giveUp(&s, "a named barrier instance that part of a warp reaches");
      }
      wake(in.waiters);
    }
  }
  auto it = instances.find(key);
  Instance &in = it->second;
  if (!in.complete) {
    in.waiters.push_back(index(t));
    t.waits = Thread::Wait::Barrier, t.waitPhase = in.arrived, t.waitObject = in.needed;
    return false;
  }
  if (in.orders) join(t.vc, in.acc, true);
  t.arrived = false;
  ++n;
  if (++in.left == in.needed) {
    if (kind == 2) finishedNamed.insert(key);
    instances.erase(it);
  }
  return true;
}

// ------------------------------------------------------------------ mbarriers

Mbarrier &Prover::mbarrierAt(Thread &t, const Stmt &s, int region, const model::ExprRef &offset, bool forInit) {
  const Region &r = k.regions[region];
  if (r.space != AddressSpace::Shared) giveUp(&s, "an mbarrier outside shared memory");
  int64_t off = (int64_t)need(offset, t, s, "an mbarrier address").v;
  if (off % 8 || r.baseAlign < 8 || off < 0 || (r.sizeBytes && (uint64_t)off + 8 > *r.sizeBytes))
    giveUp(&s, "an mbarrier that is not an aligned 8-byte object inside its array");
  auto key = std::make_pair(segment(r, t), off);
  // The object's 8 bytes: init writes them, every other operation is an
  // atomic on them (a generic access of that memory must be ordered).
  touch(key.first, off, 8,
        Acc{t.dim, t.own, (uint8_t)(forInit ? kWrite : kWrite | kStrong | kScoped | kSync | kAtomic)}, t, s);
  auto it = mbarIndex.find(key);
  if (forInit) {
    if (it != mbarIndex.end()) giveUp(&s, "an mbarrier initialised twice (re-initialisation is not modelled by the concrete prover)");
    uint32_t &n = mbarsPerBlock[t.block];
    if (n == mbarDims) giveUp(&s, "more mbarriers in a block than the concrete prover counts (128, or the init'ed arrays' elements)");
    Mbarrier m;
    m.dim = t.block * D + (uint32_t)nthreads + n++;
    m.region = region;
    m.offset = off;
    m.initDim = t.dim;
    m.initClk = t.own;
    m.acc = emptyClock();
    mbars.push_back(std::move(m));
    mbarIndex[key] = mbars.size() - 1;
    return mbars.back();
  }
  if (it == mbarIndex.end()) giveUp(&s, "an mbarrier operation before any init of that mbarrier");
  Mbarrier &m = mbars[it->second];
  if (!knows(t, Acc{m.initDim, m.initClk, 0})) giveUp(&s, "an mbarrier operation not ordered after the mbarrier's init");
  return m;
}

void Prover::completeIfDone(Mbarrier &m, const Stmt &s) {
  if (m.pending != 0 || m.tx != 0) return;
  uint64_t p = m.phase;
  for (const auto &e : m.expects)
    if (e.phase == p && !e.ok)
      giveUp(&s, "an mbarrier phase can complete before its transaction bytes are expected (no arrival of the phase "
                 "comes after the expect_tx)");
  m.expects.clear();
  for (const auto &w : m.waits)
    if (w.phase + 1 == p && !w.ok)
      giveUp(&s, "an mbarrier phase can complete before a wait for the phase before it (parity aliasing)");
  m.waits.erase(std::remove_if(m.waits.begin(), m.waits.end(), [&](const auto &w) { return w.phase + 1 <= p; }),
                m.waits.end());
  raise(m.acc, m.dim, (uint32_t)(p + 1));
  m.done[p & 1] = std::move(m.acc);
  m.donePhase[p & 1] = p;
  m.acc = emptyClock();
  m.txThisPhase = false;
  ++m.phase;
  m.pending = (int64_t)m.count;
  wake(m.waiters);
}

// An arrival (or a bulk copy's bytes, issued by t) that lands in the current
// phase: it comes after the waits of the previous phase that t knows of.
void Prover::arrival(Mbarrier &m, Thread &t, const Stmt &s) {
  uint64_t knownPhases = get(t.vc, m.dim);
  if (auto o = t.completedOwn.find(indexOf(m)); o != t.completedOwn.end())
    knownPhases = std::max(knownPhases, o->second);
  if (knownPhases != m.phase)
    giveUp(&s, "an mbarrier arrival (or bulk copy) whose thread does not know the previous phase completed: it can "
               "land in another phase");
  for (auto &w : m.waits)
    if (w.phase + 1 == m.phase && !w.ok && knows(t, Acc{w.dim, w.clk, 0})) w.ok = true;
}

bool Prover::mbarrier(Thread &t, const Stmt &s) {
  switch (s.mbarOp) {
  case MbarOp::Init: {
    uint64_t count = need(s.operand, t, s, "an mbarrier count").v;
    if (count == 0 || count >= (1u << 20)) giveUp(&s, "an mbarrier count outside 1..2^20-1");
    Mbarrier &m = mbarrierAt(t, s, s.region, s.offset, true);
    m.count = count;
    m.pending = (int64_t)count;
    return true;
  }
  case MbarOp::Arrive:
  case MbarOp::ExpectTx: {
    Mbarrier &m = mbarrierAt(t, s, s.region, s.offset, false);
    uint64_t tx = s.txBytes ? need(s.txBytes, t, s, "an mbarrier transaction count").v : 0;
    uint64_t count = s.mbarOp == MbarOp::Arrive && s.operand ? need(s.operand, t, s, "an arrival count").v : 1;
    arrival(m, t, s);
    m.tx += (int64_t)tx;
    if (tx) m.txThisPhase = true;
    if (s.mbarOp == MbarOp::ExpectTx) m.expects.push_back({m.phase, t.dim, t.own, false});
    if (s.mbarOp == MbarOp::Arrive) {
      for (auto &e : m.expects)
        if (!e.ok && knows(t, Acc{e.dim, e.clk, 0})) e.ok = true;
      if (s.order != MemOrder::Relaxed) release(m.acc, t);
      else join(m.acc, t.fenceRelease);  // a release fence before it: a release pattern (nothing without one)
      m.pending -= (int64_t)count;
      if (m.pending < 0) giveUp(&s, "more arrivals in an mbarrier phase than its count");
    }
    uint64_t before = m.phase;
    bool alone = s.mbarOp == MbarOp::Arrive && !m.txThisPhase && count == m.count;
    completeIfDone(m, s);
    // Its arrival alone completed the phase (a count-1 gate one thread arrives
    // on): in every execution that phase is complete from here on, so the
    // thread knows where its next arrival or wait lands.
    if (alone && m.phase != before) t.completedOwn[indexOf(m)] = m.phase;
    return true;
  }
  case MbarOp::TryWait:  // a probe: acquires nothing here (an over-approximation of races)
    if (t.timingLoops || t.timing) {  // a probe a timing decision rests on: a real mbarrier, fixed operands
      mbarrierAt(t, s, s.region, s.offset, false);
      if (s.operand) need(s.operand, t, s, "a probe parity");
    }
    if (s.resultVar >= 0) {
      Val r{++probeSerial, false, true};
      r.probeIs = true;
      t.lastProbe = {};
      // Which phase it probes, where the run knows (no give-up here: a probe alone decides nothing).
      Val off = eval(*s.offset, t), par = s.operand ? eval(*s.operand, t) : Val{};
      // A `.relaxed` probe that passes acquires nothing: it cannot stand for the wait.
      auto it = off.known && par.known && s.order != MemOrder::Relaxed
                    ? mbarIndex.find({segment(k.regions[s.region], t), (int64_t)off.v})
                    : mbarIndex.end();
      // A probe not ordered after the mbarrier's init reads no valid mbarrier (undefined behaviour:
      // memory left by an earlier block may say "complete"): its result stays untrusted.
      if (it != mbarIndex.end() && knows(t, Acc{mbars[it->second].initDim, mbars[it->second].initClk, 0})) {
        const Mbarrier &m = mbars[it->second];
        uint64_t p = get(t.vc, m.dim);
        if (auto o = t.completedOwn.find(it->second); o != t.completedOwn.end()) p = std::max(p, o->second);
        t.lastProbe = {probeSerial, it->second, par.v & 1, p};
      }
      setVar(t, s.resultVar, r);
    }
    return true;
  case MbarOp::Wait: {
    if (s.tokenWait || !s.operand) giveUp(&s, "a wait on an arrival token is not modelled by the concrete prover");
    if (s.order == MemOrder::Relaxed) giveUp(&s, "a relaxed mbarrier wait");
    Mbarrier &m = mbarrierAt(t, s, s.region, s.offset, false);
    uint64_t parity = need(s.operand, t, s, "a wait parity").v & 1;
    const size_t mi = indexOf(m);
    uint64_t p = get(t.vc, m.dim);  // the phase it waits for: the first it has not seen complete
    const bool onlyTimes = t.timing || t.timingLoops;
    if (auto o = t.completedOwn.find(mi); o != t.completedOwn.end()) p = std::max(p, o->second);
    if (auto o = t.observed.find(mi); onlyTimes && o != t.observed.end()) p = std::max(p, o->second);
    if (t.probeWait.serial) {  // the wait after a failed probe: the probe's phase, or no claim
      if (mi != t.probeWait.mbar || parity != t.probeWait.parity || p != t.probeWait.phase)
        giveUp(&s, "a wait after a failed mbarrier probe that names another mbarrier or phase than the probe");
      t.probeWait = {};
    }
    if (parity != (p & 1)) {
      // The parity of the phase before phase 0 (CUTLASS's producer start: `empty` waited with parity
      // 1 first). In hardware it passes at once while phase 0 is incomplete and waits for phase 1
      // once phase 0 completed; it passes at once in every execution if some arrival of phase 0
      // comes after it (checked when phase 0 completes, like a wait's aliasing check below). It
      // acquires nothing: no phase completed before phase 0.
      if (p != 0 || onlyTimes)
        giveUp(&s, "a wait with the parity of a phase its thread already knows completed");
      if (m.phase != 0)
        giveUp(&s, "a wait for the phase before phase 0 that can find phase 0 complete (it then waits for phase 1: "
                   "parity aliasing)");
      m.waits.push_back({~0ull, t.dim, t.own, false});  // phase "-1": an arrival of phase 0 must come after it
      if (s.resultVar >= 0) setVar(t, s.resultVar, Val{});
      return true;
    }
    if (m.phase == p) {
      m.waiters.push_back(index(t));
      t.waits = Thread::Wait::Mbarrier, t.waitObject = indexOf(m), t.waitPhase = p;
      return false;
    }
    if (m.phase > p + 1 || m.donePhase[p & 1] != p)
      giveUp(&s, "an mbarrier wait that can see its phase's parity again (parity aliasing)");
    if (!onlyTimes) {
      join(t.vc, m.done[p & 1], true);
      m.acquired = std::max(m.acquired, p + 1);
    } else {  // a wait that only times acquires nothing (and may not run at all)
      t.observed[mi] = p + 1;
      missingEdges.push_back({t.dim, t.own, m.done[p & 1]});
    }
    m.waits.push_back({p, t.dim, t.own, false});
    if (s.resultVar >= 0) setVar(t, s.resultVar, Val{});
    return true;
  }
  default: giveUp(&s, std::string("'") + model::mbarOpName(s.mbarOp) + "' is not modelled by the concrete prover");
  }
}

void Prover::asyncCopy(Thread &t, const Stmt &s) {
  if (s.access != AccessKind::Write || s.mbarRegion < 0)
    giveUp(&s, "bulk stores and cp.async are not modelled by the concrete prover");
  const Region &dst = k.regions[s.region];
  if (dst.space != AddressSpace::Shared) giveUp(&s, "a bulk copy into memory other than shared memory");
  if (s.srcRegion < 0) giveUp(&s, "a bulk copy whose source is not known");
  const Region &src = k.regions[s.srcRegion];
  if (src.space != AddressSpace::Global) giveUp(&s, "a bulk copy from memory other than global memory");
  int64_t off = (int64_t)need(s.offset, t, s, "a bulk copy destination").v;
  int64_t srcOff = (int64_t)need(s.srcOffset, t, s, "a bulk copy source").v;
  uint64_t bytes = s.operand ? need(s.operand, t, s, "a bulk copy size").v : s.size;
  if (bytes == 0 || bytes % 16 || off % 16 || srcOff % 16 || dst.baseAlign < 16)
    giveUp(&s, "a bulk copy whose size or addresses are not multiples of 16 bytes");
  if (bytes >= (1u << 20) || off < 0 || (dst.sizeBytes && (uint64_t)off + bytes > *dst.sizeBytes))
    giveUp(&s, "a bulk copy outside its destination array, or of 2^20 bytes or more");
  if (tracked(src)) {
    // Memory the kernel writes elsewhere: the bytes this copy reads must be
    // written by no thread of the launch, before or after (the copy then
    // reads what the launch started with, in every execution).
    uint64_t srcSeg = segment(src, t);
    for (int64_t w = wordOf(srcOff); w <= wordOf(srcOff + (int64_t)bytes - 1); ++w) {
      Cell &c = cell(srcSeg, w);
      if (c.everWritten)
        giveUp(&s, "a bulk copy from global memory that a thread of the launch writes (the concrete prover needs "
                   "copy sources that no thread writes)");
      c.copySource = true;
    }
  }
  Mbarrier &m = mbarrierAt(t, s, s.mbarRegion, s.mbarOffset, false);
  arrival(m, t, s);
  if (s.txBytes) {
    m.tx += (int64_t)need(s.txBytes, t, s, "a transaction count").v;
    m.txThisPhase = true;
    m.expects.push_back({m.phase, t.dim, t.own, false});
  }
  uint64_t seg = segment(dst, t);
  // Generic writes before an async-proxy write need fence.proxy.async: not
  // judged here.
  for (int64_t w = wordOf(off); w <= wordOf(off + (int64_t)bytes - 1); ++w) {
    Cell &c = cell(seg, w);
    bool generic = (c.w.clk && !(c.w.f & kCopy)) ||
                   (c.more && std::any_of(more[c.more - 1].w.begin(), more[c.more - 1].w.end(),
                                          [](const Acc &e) { return !(e.f & kCopy); }));
    if (generic) giveUp(&s, "a bulk copy into shared memory that generic stores wrote before");
  }
  touch(seg, off, bytes, Acc{m.dim, (uint32_t)(m.phase + 1), kWrite | kCopy}, t, s);
  bool counterWord = false;
  for (int64_t w = wordOf(off); w <= wordOf(off + (int64_t)bytes - 1); ++w) {
    Cell &cw = cell(seg, w);
    cw.plainWritten = true;
    counterWord |= cw.counter;
  }
  if (counterWord)  // a copy over a counter or flag: its value is no longer tracked
    for (auto &[key, c] : counters)
      if (key.first == seg && key.second + (int64_t)c.bytes > off && key.second < off + (int64_t)bytes) {
        c.bad = "written by a bulk copy";
        wake(c.waiters);
      }
  m.tx -= (int64_t)bytes;
  copies.push_back({indexOf(m), m.phase, &s});
  completeIfDone(m, s);
}

// ------------------------------------------------------------------ counters

bool Prover::await(Thread &t, const Stmt &s) {
  const Region &r = k.regions[s.region];
  if (r.space != AddressSpace::Global && r.space != AddressSpace::Shared)
    giveUp(&s, "a spin-wait on memory other than global or shared memory");
  if (nblocks > 1 && !coResident) giveUp(&s, "a spin-wait in a grid that the contract does not make co-resident");
  // A spin on several locations runs as one wait per location, in turn
  // (s.conjunct). The checks below make each exit condition stable: once it
  // holds it holds for every value its location takes later (a counter only
  // grows, a flag's later stores are checked at the end). So once the last
  // wait passes, a pass of the real spin in which every load succeeds
  // exists, and it reads, for each location, its first satisfying update or
  // a later one: the releases acquired are those of the waits in turn.
  int64_t off = (int64_t)need(s.offset, t, s, "a spin-wait address").v;
  uint64_t seg = segment(r, t);
  Counter &c = counterAt(seg, off, s.size);
  // The wait reads what the updates of exactly this address and size make.
  sameBytes(seg, off, s.size, s, "a spin-wait on memory that updates of another size or address overlap");
  for (int64_t w = wordOf(off); w <= wordOf(off + (int64_t)s.size - 1); ++w) {
    Cell &cl = cell(seg, w);
    cl.counter = true;
    if (cl.plainWritten) c.bad = "written by a plain store";
  }
  if (!c.bad.empty()) giveUp(&s, "a spin-wait on memory whose value is not tracked: " + c.bad);
  if (s.resultVar < 0 || !s.cond) giveUp(&s, "a spin-wait without an exit condition");
  unsigned width = k.vars[s.resultVar].width;
  auto exits = [&](uint64_t v) {
    charge(1);
    setVar(t, s.resultVar, Val{maskTo(v, width), true});
    Val e = eval(*s.cond, t);
    if (!e.known) giveUp(&s, "a spin-wait exit condition that values read from memory decide");
    return e.v != 0;
  };
  bool gpu = s.scope == MemScope::GPU || s.scope == MemScope::System;
  bool acquire = s.order == MemOrder::Acquire || s.order == MemOrder::AcqRel || s.order == MemOrder::SeqCst;
  // One thread stored values that differ (valued): the wait passes at the
  // first store whose value lets it exit; every later store must let it
  // exit too (checked at the end, on the waiting thread's state now).
  bool single = c.stores && c.storer < UINT32_MAX - 1 && c.allRelease && c.storeValues.size() == c.stores;
  if (c.valued && single) {
    size_t first = 0;
    bool initial = exits(0);
    while (!initial && first < c.storeValues.size() && !exits(c.storeValues[first])) ++first;
    if (!initial && first == c.storeValues.size()) {
      c.waiters.push_back(index(t));
      t.waits = Thread::Wait::Await, t.waitPhase = c.value;
      setVar(t, s.resultVar, Val{});
      return false;
    }
    if (!exits(c.value)) giveUp(&s, "a spin-wait whose exit condition a later store of its flag makes false again");
    setVar(t, s.resultVar, Val{});
    touch(seg, off, s.size,
          Acc{t.dim, t.own, (uint8_t)(kStrong | kSync | (gpu ? kGpuScope : 0) | (s.scope != MemScope::None ? kScoped : 0))},
          t, s);
    charge(t.vars.size());
    c.passedValued.push_back({initial ? 0 : first + 1, &s, index(t), t.vars, t.havoc});
    if (initial) return true;  // it can pass on the initial value: it acquires nothing
    if (acquire && (gpu || nblocks == 1)) join(t.vc, c.storeClocks[first]);
    else join(t.pendingAcquire, c.storeClocks[first]);
    if (!acquire && gpu) join(t.pendingAt[{seg, off}], c.storeClocks[first]);
    if (acquire && !gpu && nblocks > 1) inexact(s, "an acquire of CTA or cluster scope");
    return true;
  }
  if (!exits(c.value)) {
    c.waiters.push_back(index(t));
    t.waits = Thread::Wait::Await, t.waitPhase = c.value;
    setVar(t, s.resultVar, Val{});
    return false;
  }
  // Every execution leaves the spin at the first value that satisfies the
  // condition, which must stay satisfied for every larger value the counter
  // can take (checked up to kAwaitValues; the final count is checked against
  // that bound at the end). A flag takes the values 0 and its one stored value
  // (threshold 1: the wait needs a store).
  uint64_t threshold = kAwaitValues + 1;
  if (c.stores) {
    bool e0 = exits(0), eV = exits(c.value);
    if (e0 && !eV) giveUp(&s, "a spin-wait that a store of its flag can block again");
    threshold = e0 ? 0 : 1;
    // The flag may take other values later (one thread stores): its state,
    // to check the condition at those stores.
    if (single) {
      charge(t.vars.size());
      c.passedValued.push_back({e0 ? 0 : 1, &s, index(t), t.vars, t.havoc});
    }
  } else {
    for (uint64_t v = 0; v <= kAwaitValues; ++v) {
      bool e = exits(v);
      if (e && threshold > kAwaitValues) threshold = v;
      if (!e && threshold <= kAwaitValues) giveUp(&s, "a spin-wait whose exit condition is not 'the counter reached a value'");
    }
    if (threshold > c.value) giveUp(&s, "a spin-wait exit condition the counter's growth does not explain");
  }
  setVar(t, s.resultVar, Val{});
  touch(seg, off, s.size,
        Acc{t.dim, t.own, (uint8_t)(kStrong | kSync | (gpu ? kGpuScope : 0) | (s.scope != MemScope::None ? kScoped : 0))},
        t, s);
  if (threshold == 0) return true;  // it can pass on the initial value: it acquires nothing
  c.passed.push_back({threshold, c.updates.size(), &s});
  if (acquire && (gpu || nblocks == 1)) join(t.vc, c.released);
  else join(t.pendingAcquire, c.released);
  if (!acquire && gpu) join(t.pendingAt[{seg, off}], c.released);
  if (acquire && !gpu && nblocks > 1) inexact(s, "an acquire of CTA or cluster scope");
  return true;
}

void Prover::fence(Thread &t, const Stmt &s) {
  if (s.text.rfind("fence.proxy.async", 0) == 0) return;  // orders nothing the concrete prover relies on
  bool gpu = s.scope == MemScope::GPU || s.scope == MemScope::System;
  bool rel = s.order == MemOrder::Release || s.order == MemOrder::AcqRel || s.order == MemOrder::SeqCst;
  bool acq = s.order == MemOrder::Acquire || s.order == MemOrder::AcqRel || s.order == MemOrder::SeqCst;
  if ((acq || rel) && !gpu) inexact(s, "a fence of CTA or cluster scope");
  if (acq && gpu) join(t.vc, t.pendingAcquire);
  if (rel && gpu) {
    t.fenceRelease = t.vc;
    raise(t.fenceRelease, t.dim, t.own);
    ++t.own;
  }
}

// ------------------------------------------------------------------ threads

bool Prover::step(Thread &t, const Stmt &s) {
  switch (s.kind) {
  case Stmt::Kind::Assign: {
    Val v = eval(*s.value, t);
    if (v.known) v.v = maskTo(v.v, k.vars[s.var].width);
    setVar(t, s.var, v);
    return true;
  }
  case Stmt::Kind::Assume: {
    Val v = eval(*s.cond, t);
    if (v.known && !v.v) giveUp(&s, "an assumption of the program that does not hold for this launch");
    return true;
  }
  case Stmt::Kind::Access: memoryAccess(t, s); return true;
  case Stmt::Kind::Barrier: return barrier(t, s);
  case Stmt::Kind::Fence: fence(t, s); return true;
  case Stmt::Kind::Await: return await(t, s);
  case Stmt::Kind::Mbarrier: return mbarrier(t, s);
  case Stmt::Kind::AsyncCopy: asyncCopy(t, s); return true;
  case Stmt::Kind::Unknown: giveUp(&s, "not modelled: " + s.reason);
  default: giveUp(&s, "a statement the concrete prover does not know");
  }
}

bool Prover::runThread(Thread &t) {
  while (!t.stack.empty()) {
    ++statements;
    charge(1);
    Frame &f = t.stack.back();
    const Stmt &s = *f.s;
    switch (s.kind) {
    case Stmt::Kind::Block:
      if (f.i < s.stmts.size()) {
        const Stmt *c = s.stmts[f.i++].get();
        t.stack.push_back({c, 0, 0});
      } else {
        t.stack.pop_back();
      }
      break;
    case Stmt::Kind::If: {
      if (f.stage == 2) {  // a side a visit-variant decision chose is done: what it assigned varies
        forSideVars(s, [&](int v) { t.vars[v].variant = true; });
        --t.variantCtl;
        t.stack.pop_back();
        break;
      }
      if (f.stage == 3) {  // the waiting side after a failed probe is done
        forSideVars(s, [&](int v) { t.vars[v] = Val{}; });
        t.probeWait = {};
        t.stack.pop_back();
        break;
      }
      if (f.stage == 1) {  // the waiting side of a timing branch is done
        forSideVars(s, [&](int v) { t.vars[v] = Val{}; });
        --t.timing;
        t.stack.pop_back();
        break;
      }
      if (Val c = eval(*s.cond, t); !c.known) {
        if (c.probeIs && probeThenWait(t, s, c)) break;
        if (c.probe && t.timingLoops && loopDecision(t, s)) break;
        if (skipPureIf(t, s) || timingIf(t, s) || skipPureBlock(t)) break;
      } else if (c.variant && !leaveShaped(t, s)) {
        // A decision that varies by visit may choose only how the decision to
        // leave is computed (`if (!hold) hold = gp >= x + 12 || test_wait(..)`):
        // sides that assign locals and probe; what they assign varies too.
        auto decides = [&](const Stmt *side) {
          return !side || pureInfo(*side).pure || pureInfo(*side).probesOnly;
        };
        if (!decides(s.thenS.get()) || !decides(s.elseS.get()))
          steady(c, t, s, "a branch condition");  // gives up
        const Stmt *next = c.v ? s.thenS.get() : s.elseS.get();
        if (!next) {
          t.stack.pop_back();
          break;
        }
        f.stage = 2;
        ++t.variantCtl;
        t.stack.push_back({next, 0, 0});
        break;
      }
      bool c = truth(s.cond.get(), t, s);
      t.stack.pop_back();
      const Stmt *next = c ? s.thenS.get() : s.elseS.get();
      if (next) t.stack.push_back({next, 0, 0});
      break;
    }
    case Stmt::Kind::Loop: {
      if (f.stage == 0 && f.iteration == 0 && !t.timingLoops && isTimingLoop(s)) {
        if (t.timingLoop && t.timingLoop != &s)
          giveUp(&s, "a second timing loop in one thread (the concrete prover follows one per thread)");
        t.timingLoop = &s;
        f.timingLoop = true;
        ++t.timingLoops;
      }
      uint8_t stage = f.stage;
      if (stage == 1 && s.step) {
        f.stage = 2;
        t.stack.push_back({s.step.get(), 0, 0});
        break;
      }
      if (stage != 0 || s.testFirst) {
        bool go = true;
        if (s.cond) {
          Val c = eval(*s.cond, t);
          if (!c.known) truth(s.cond.get(), t, s);  // gives up, with the reason
          if (!f.timingLoop) steady(c, t, s, "a loop condition");  // the timing loop's own: it only leaves
          go = c.v != 0;
        }
        if (!go) {
          popFrame(t);
          break;
        }
      }
      f.stage = 1;
      ++f.iteration;
      t.stack.push_back({s.body.get(), 0, 0});
      break;
    }
    case Stmt::Kind::Exit: {
      int label = s.label;
      while (true) {
        if (t.stack.empty()) giveUp(&s, "an exit to a block that does not enclose it");
        const Stmt *g = t.stack.back().s;
        popFrame(t);
        if (g->kind == Stmt::Kind::Block && g->label == label) break;
      }
      if (s.text == "abort") aborted = true;  // __trap(), a failed assert: the launch ends
      break;
    }
    default:
      if (!step(t, s)) return false;
      t.stack.pop_back();
      break;
    }
  }
  t.done = true;
  return true;
}

const Prover::PureInfo &Prover::pureInfo(const Stmt &block) {
  auto it = pureBlocks.find(&block);
  if (it != pureBlocks.end()) return it->second;
  PureInfo info;
  std::set<int> labels, exits, vars;
  bool pure = true, waitsOnly = true, probesOnly = true;
  int waits = 0, mbarOps = 0;
  model::forEachStmt(block, [&](const Stmt &x) {
    switch (x.kind) {
    case Stmt::Kind::Block:
      if (x.label >= 0) labels.insert(x.label);
      break;
    case Stmt::Kind::Assign: vars.insert(x.var); break;
    case Stmt::Kind::If: break;
    case Stmt::Kind::Exit:
      if (x.text == "abort") pure = waitsOnly = probesOnly = false;
      exits.insert(x.label);
      break;
    case Stmt::Kind::Mbarrier:
      // a parity wait or a probe: it blocks or reads a phase, nothing else
      pure = false;
      if ((x.mbarOp != MbarOp::Wait && x.mbarOp != MbarOp::TryWait) || x.tokenWait) waitsOnly = false;
      if (x.mbarOp != MbarOp::TryWait) probesOnly = false;
      ++mbarOps;
      if (x.mbarOp == MbarOp::Wait && !x.tokenWait) ++waits;
      if (x.resultVar >= 0) vars.insert(x.resultVar);
      break;
    default: pure = waitsOnly = probesOnly = false;  // memory, synchronization, loops, assumptions
    }
  });
  bool contained = std::all_of(exits.begin(), exits.end(), [&](int l) { return labels.count(l) > 0; });
  info.pure = pure && contained;
  info.waitsOnly = waitsOnly && contained && !info.pure;
  info.probesOnly = probesOnly && waitsOnly && contained;
  info.oneWait = info.waitsOnly && mbarOps == 1 && waits == 1;
  info.assigned.assign(vars.begin(), vars.end());
  return pureBlocks[&block] = std::move(info);
}

bool Prover::probeThenWait(Thread &t, const Stmt &s, const Val &c) {
  // Not where waits only time (there the probe's phase is not every execution's), and only for
  // the thread's latest probe, whose mbarrier and phase the run knows.
  if (t.timing || t.timingLoops || !t.lastProbe.serial || c.v != t.lastProbe.serial) return false;
  const Stmt *onFail = c.probeNeg ? s.thenS.get() : s.elseS.get();  // the side taken when the probe fails
  const Stmt *onPass = c.probeNeg ? s.elseS.get() : s.thenS.get();
  if (!onFail || !pureInfo(*onFail).oneWait || (onPass && !pureInfo(*onPass).pure)) return false;
  // The side's wait must name the probe's phase (checked there); an execution whose probe passed
  // acquired that phase at the probe, earlier in its thread: the run's later acquire orders less.
  t.probeWait = t.lastProbe;
  t.stack.back().stage = 3;  // come back to the If when the side is done
  t.stack.push_back({onFail, 0, 0});
  return true;
}

bool Prover::timingIf(Thread &t, const Stmt &s) {
  const Stmt *wait = nullptr, *other = nullptr;
  for (auto [a, b] : {std::make_pair(s.thenS.get(), s.elseS.get()), std::make_pair(s.elseS.get(), s.thenS.get())})
    if (a && pureInfo(*a).waitsOnly && (!b || pureInfo(*b).pure)) wait = a, other = b;
  if (!wait) return false;
  // Both runs take the waiting side: its waits are checked wherever they can
  // run (inside a timing loop, the two runs reach them at its earliest and
  // latest visits).
  t.stack.back().stage = 1;  // come back to the If when the waiting side is done
  ++t.timing;
  ++timingBranches;
  t.stack.push_back({wait, 0, 0});
  return true;
}

bool Prover::isTimingLoop(const Stmt &loop) {
  auto it = timingLoopCache.find(&loop);
  if (it != timingLoopCache.end()) return it->second;
  std::set<int> labels, exits;
  bool ok = true, probes = false;
  auto walk = [&](const Stmt *x, auto &&self) -> void {
    if (!x || !ok) return;
    switch (x->kind) {
    case Stmt::Kind::Block:
      if (x->label >= 0) labels.insert(x->label);
      for (const auto &c : x->stmts) self(c.get(), self);
      break;
    case Stmt::Kind::Assign: break;
    case Stmt::Kind::If:
      if (x->cond && x->cond->isConst()) {  // a folded guard (`if (false) __trap()`): only the side that runs
        self(x->cond->value ? x->thenS.get() : x->elseS.get(), self);
        break;
      }
      self(x->thenS.get(), self);
      self(x->elseS.get(), self);
      break;
    case Stmt::Kind::Loop:
      self(x->body.get(), self);
      self(x->step.get(), self);
      break;
    case Stmt::Kind::Exit:
      if (x->text == "abort") ok = false;
      exits.insert(x->label);
      break;
    case Stmt::Kind::Access:
      if (x->access != AccessKind::Read || x->order != MemOrder::Plain || x->isVolatile || x->resultVar >= 0)
        ok = false;
      break;
    case Stmt::Kind::Mbarrier:
      if (x->mbarOp == MbarOp::TryWait) probes = true;
      else if (x->mbarOp != MbarOp::Wait || x->tokenWait || x->order == MemOrder::Relaxed) ok = false;
      break;
    default: ok = false;  // stores, atomics, arrivals, copies, fences, barriers, spin-waits, assumptions
    }
  };
  walk(loop.body.get(), walk);
  walk(loop.step.get(), walk);
  for (int l : exits) ok &= labels.count(l) > 0 || l == loop.breakLabel;
  return timingLoopCache[&loop] = ok && probes;
}

// Nothing but an exit to `label` (inside blocks): the side that leaves the
// timing loop does nothing else, so no run has to check it at any step.
static bool onlyLeaves(const Stmt *side, int label) {
  if (!side) return false;
  if (side->kind == Stmt::Kind::Exit) return side->label == label;
  if (side->kind != Stmt::Kind::Block || side->stmts.size() != 1) return false;
  return onlyLeaves(side->stmts[0].get(), label);
}

bool Prover::leaveShaped(const Thread &t, const Stmt &s) const {
  if (!t.timingLoop || t.timingLoop->breakLabel < 0) return false;
  int label = t.timingLoop->breakLabel;
  const Stmt *a = s.thenS.get(), *b = s.elseS.get();
  auto stays = [&](const Stmt *side) { return !side || !model::exitsTo(*side, label); };
  return (onlyLeaves(a, label) && stays(b)) || (onlyLeaves(b, label) && stays(a));
}

bool Prover::loopDecision(Thread &t, const Stmt &s) {
  const Stmt *loop = t.timingLoop;  // (called inside it: t.timingLoops)
  if (!loop || loop->breakLabel < 0) return false;
  auto leaves = [&](const Stmt *side) { return onlyLeaves(side, loop->breakLabel); };
  auto stays = [&](const Stmt *side) {  // every exit in it targets a block inside it
    if (!side) return true;
    std::set<int> labels, exits;
    model::forEachStmt(*side, [&](const Stmt &x) {
      if (x.kind == Stmt::Kind::Block && x.label >= 0) labels.insert(x.label);
      if (x.kind == Stmt::Kind::Exit) exits.insert(x.label);
    });
    for (int l : exits)
      if (!labels.count(l)) return false;
    return true;
  };
  const Stmt *a = s.thenS.get(), *b = s.elseS.get();
  const Stmt *leave = nullptr, *stay = nullptr;
  if (leaves(a) && stays(b)) leave = a, stay = b;
  else if (leaves(b) && stays(a)) leave = b, stay = a;
  else return false;
  ++loopDecisions;
  t.stack.pop_back();
  const Stmt *next = maxRun ? stay : leave;
  if (next) t.stack.push_back({next, 0, 0});
  return true;
}

bool Prover::skipPureBlock(Thread &t) {
  for (size_t j = t.stack.size(); j-- > 0;) {
    const Stmt &b = *t.stack[j].s;
    if (b.kind != Stmt::Kind::Block) continue;
    const PureInfo &info = pureInfo(b);
    if (!info.pure) continue;  // an exit may leave it: an enclosing block may still be one
    for (int v : info.assigned) t.vars[v] = Val{};
    t.stack.resize(j);
    return true;
  }
  return false;
}

void Prover::finalChecks() {
  for (const Thread &t : threads)
    if (!t.done && (t.timing || t.timingLoops))  // blocked where some executions do not: no definite deadlock
      giveUp(t.stack.empty() ? nullptr : t.stack.back().s,
             "thread " + std::to_string(t.lin) + " of block " + std::to_string(t.block) +
                 " is left waiting in a wait that only times (a branch on an unknown value chose to wait)");
  for (const Thread &t : threads)
    if (!t.done) {
      deadlock = deadlockFinding();
      const Stmt *at = t.stack.empty() ? nullptr : t.stack.back().s;
      giveUp(at, "thread " + std::to_string(t.lin) + " of block " + std::to_string(t.block) +
                     " is left waiting (a deadlock, or a wait the concrete prover cannot show to complete)");
    }
  for (const Copy &c : copies)
    if (mbars[c.mbar].acquired < c.phase + 1)
      giveUp(c.s, "a bulk copy whose completion no thread of its block waits for");
  // A spin-wait took the releases of the updates before it in this run; in
  // every run it sees at least `threshold`, so an update is certain to be
  // among those it saw when the updates that can come without it (every one
  // but itself and its own thread's later ones) add up to less.
  for (auto &[key, c] : counters) {
    if (c.valued && !c.passedValued.empty()) {
      const Stmt *s0 = c.passedValued.front().s;
      if (!c.bad.empty()) giveUp(s0, "a spin-wait on memory whose value is not tracked: " + c.bad);
      // A wait that passed while the flag had one value took the releases of
      // every store before it: exact only when that was the first store.
      for (const Counter::Passed &p : c.passed)
        if (p.threshold == 1 && p.seen != 1)
          giveUp(p.s, "a spin-wait that some executions pass without one of the signals this run gave it");
      // Each store after the one a wait passed at must let it exit too (or
      // an execution reading it keeps waiting, and acquires another store).
      for (Counter::PassedValued &p : c.passedValued) {
        Thread &t = threads[p.thread];
        std::swap(t.vars, p.vars);
        std::swap(t.havoc, p.havoc);
        bool stays = true;
        for (size_t j = p.from; j < c.storeValues.size() && stays; ++j) {
          charge(1);
          setVar(t, p.s->resultVar, Val{maskTo(c.storeValues[j], k.vars[p.s->resultVar].width), true});
          Val e = eval(*p.s->cond, t);
          stays = e.known && e.v != 0;
        }
        std::swap(t.vars, p.vars);
        std::swap(t.havoc, p.havoc);
        if (!stays) giveUp(p.s, "a spin-wait whose exit condition a later store of its flag makes false again");
      }
      continue;
    }
    if (c.passed.empty()) continue;
    if (!c.bad.empty()) giveUp(c.passed.front().s, "a spin-wait on memory whose value is not tracked: " + c.bad);
    if (!c.stores && c.value > kAwaitValues) giveUp(c.passed.front().s, "a counter that grows beyond 4096");
    uint64_t total = c.stores ? c.stores : c.value;  // a flag: each store counts 1
    std::vector<uint64_t> suffix(c.updates.size());
    // suffix[i]: u and the read-modify-writes of its thread right after it
    // (they continue u's release sequence; a later store of that thread that
    // is not one can be read without synchronizing with u).
    std::map<uint32_t, std::pair<uint64_t, bool>> next;  // thread -> (its next update's suffix, that one is an RMW)
    for (size_t i = c.updates.size(); i-- > 0;) {
      auto &[nextSuffix, nextRmw] = next[c.updates[i].thread];
      suffix[i] = c.updates[i].amount + (nextRmw ? nextSuffix : 0);
      nextSuffix = suffix[i];
      nextRmw = c.updates[i].rmw;
    }
    for (const Counter::Passed &p : c.passed)
      for (size_t i = 0; i < p.seen; ++i)
        if (c.updates[i].release && total - suffix[i] >= p.threshold)
          giveUp(p.s, "a spin-wait that some executions pass without one of the signals this run gave it");
  }
}

// The run ended with threads blocked. Every step of the run is one a real
// execution can take (threads scheduled in some order, copies landing at
// once, a spin reading the latest value), so when each blocked thread waits
// for an mbarrier phase or a spin-wait, or for a barrier instance whose block
// has no finished thread, this execution hangs: a definite deadlock.
std::optional<model::Finding> Prover::deadlockFinding() const {
  if (aborted) return std::nullopt;  // (the launch may have ended before anyone waited)
  std::set<int> paramRegions;  // spin-waits on other memory: its initial value is not known to be 0
  for (const auto &p : k.params)
    if (p.region >= 0) paramRegions.insert(p.region);
  std::set<uint32_t> finishedBlocks;
  for (const Thread &t : threads)
    if (t.done) finishedBlocks.insert(t.block);
  struct Group {
    const Stmt *s;
    uint32_t block, first, last;
    std::string what;
  };
  std::vector<Group> groups;
  size_t blocked = 0;
  for (const Thread &t : threads) {
    if (t.done) continue;
    ++blocked;
    const Stmt *s = t.stack.empty() ? nullptr : t.stack.back().s;
    if (!s) return std::nullopt;
    std::string what;
    switch (t.waits) {
    case Thread::Wait::Mbarrier: {
      const Mbarrier &m = mbars[t.waitObject];
      what = "for phase " + std::to_string(t.waitPhase) + " of '" + k.regions[m.region].name + "'" +
             (m.offset ? " (byte " + std::to_string(m.offset) + ")" : "") + ", which never completes";
      break;
    }
    case Thread::Wait::Await:
      if (!paramRegions.count(s->region)) return std::nullopt;
      what = "on '" + s->text + "', which stays at " + std::to_string(t.waitPhase);
      break;
    case Thread::Wait::Barrier:
      if (s->barrier != BarrierKind::Block && s->barrier != BarrierKind::Named && s->barrier != BarrierKind::Grid)
        return std::nullopt;  // (a warp collective with a lane missing: undefined, not a hang)
      if (s->barrier == BarrierKind::Grid ? !finishedBlocks.empty() : finishedBlocks.count(t.block) > 0)
        return std::nullopt;  // (a thread that exited may be what it lacks)
      what = "at '" + s->text + "', an instance of " + std::to_string(t.waitObject) +
             " threads that never completes";
      break;
    case Thread::Wait::None: return std::nullopt;
    }
    if (!groups.empty() && groups.back().s == s && groups.back().block == t.block && groups.back().what == what &&
        groups.back().last + 1 == t.lin)
      groups.back().last = t.lin;
    else
      groups.push_back({s, t.block, t.lin, t.lin, what});
  }
  if (groups.empty()) return std::nullopt;
  model::Finding f;
  f.kind = model::FindingKind::Deadlock;
  f.kernel = k.displayName;
  f.loc = groups.front().s->loc;
  auto who = [](const Group &g) {
    return (g.first == g.last ? "thread " + std::to_string(g.first) : "threads " + std::to_string(g.first) + "-" +
                                                                          std::to_string(g.last)) +
           " of block " + std::to_string(g.block);
  };
  f.message = "deadlock: in a run of the whole grid, " + std::to_string(blocked) + " thread(s) wait forever; " +
              who(groups.front()) + " waits at line " + std::to_string(groups.front().s->loc.line) + " " +
              groups.front().what;
  f.values.push_back({"gridDim", "(" + std::to_string(gdim[0]) + "," + std::to_string(gdim[1]) + "," +
                                      std::to_string(gdim[2]) + ")"});
  f.values.push_back({"blockDim", "(" + std::to_string(bdim[0]) + "," + std::to_string(bdim[1]) + "," +
                                       std::to_string(bdim[2]) + ")"});
  for (size_t i = 0; i < groups.size() && i < 8; ++i)
    f.trace.push_back({-1, groups[i].s->loc,
                       who(groups[i]) + (groups[i].first == groups[i].last ? " waits" : " wait") + " forever " +
                           groups[i].what});
  if (groups.size() > 8)
    f.trace.push_back({-1, groups[8].s->loc, std::to_string(groups.size() - 8) + " more groups of blocked threads"});
  return f;
}

// Could waits that only time (missingEdges) order `e` before thread t's
// current point in some execution? An edge is live when its source clock
// knows `e` or the events after another live edge; then t is ordered after
// `e` if it knows the events after a live edge's wait.
bool Prover::raceDefinite(const Thread &t, const Acc &e, std::string &why) const {
  if (!hbInexact.empty()) {
    why = hbInexact;
    return false;
  }
  if (missingEdges.empty()) return true;
  std::vector<char> live(missingEdges.size(), 0);
  std::vector<size_t> work;
  for (size_t i = 0; i < missingEdges.size(); ++i)
    if (get(missingEdges[i].src, e.dim) >= e.clk) live[i] = 1, work.push_back(i);
  while (!work.empty()) {
    const MissingEdge &m = missingEdges[work.back()];
    work.pop_back();
    for (size_t j = 0; j < missingEdges.size(); ++j)
      if (!live[j] && (missingEdges[j].dim == m.dim ? missingEdges[j].clk >= m.clk
                                                    : get(missingEdges[j].src, m.dim) >= m.clk))
        live[j] = 1, work.push_back(j);
  }
  for (size_t i = 0; i < missingEdges.size(); ++i)
    if (live[i] && (missingEdges[i].dim == t.dim ? t.own >= missingEdges[i].clk
                                                : get(t.vc, missingEdges[i].dim) >= missingEdges[i].clk)) {
      why = "a wait that only times (whose acquire the run leaves out) may order the two accesses";
      return false;
    }
  return true;
}

model::Finding Prover::raceFinding(const RaceHit &h, const Stmt *eStmt, uint32_t eThread) const {
  const Thread &tb = threads[h.thread];
  const Thread &ta = threads[eThread];
  const Stmt &sb = *h.s;
  const bool eCopy = h.e.f & kCopy;
  auto verb = [](const Acc &a, const Stmt *st) -> std::string {
    if (a.f & kCopy) return "writes (bulk copy)";
    if (st && st->kind == Stmt::Kind::Access && st->access == AccessKind::Atomic) return "updates atomically";
    if (st && st->kind == Stmt::Kind::AsyncCopy) return "writes (bulk copy)";
    if (st && st->kind == Stmt::Kind::Await) return "reads (spin-wait)";
    return (a.f & kWrite) ? "writes" : "reads";
  };
  auto noun = [&](const Acc &a, const Stmt *st) -> std::string {
    std::string v = verb(a, st);
    std::string w = v.rfind("writes", 0) == 0 ? "write" : v.rfind("updates", 0) == 0 ? "atomic update" : "read";
    return w + " '" + (st ? st->text : std::string("?")) + "'";
  };
  int region = h.s->kind == Stmt::Kind::Access || h.s->kind == Stmt::Kind::Await ? h.s->region : -1;
  if (h.s->kind == Stmt::Kind::AsyncCopy) region = h.s->region;
  const Region *r = region >= 0 ? &k.regions[region] : nullptr;
  bool sameBlock = ta.block == tb.block;
  std::string space = r ? std::string(model::addressSpaceName(r->space)) + " memory" : "memory";
  unsigned firstByte = 0;
  for (unsigned i = 0; i < 4; ++i)
    if (h.e.bytes & h.a.bytes & (1u << i)) {
      firstByte = i;
      break;
    }
  int64_t byteOff = h.word * 4 + firstByte;
  model::Finding f;
  f.kind = model::FindingKind::Race;
  f.kernel = k.displayName;
  // Reported at the write of the pair (the later one of two writes).
  bool aWrites = h.a.f & kWrite, eWrites = h.e.f & kWrite;
  const Stmt *at = !eStmt || (aWrites && !eWrites) ? &sb
                   : (eWrites && !aWrites)         ? eStmt
                   : (eStmt->loc.file == sb.loc.file && eStmt->loc.line > sb.loc.line) ? eStmt
                                                                                       : &sb;
  const Acc &atAcc = at == &sb ? h.a : h.e, &otherAcc = at == &sb ? h.e : h.a;
  const Stmt *other = at == &sb ? eStmt : &sb;
  f.loc = at->loc;
  f.message = "data race on '" + (r ? r->name : std::string("memory")) + "' (" + space + ", " +
              (sameBlock ? "within a block" : "between blocks") + "): " + noun(atAcc, at) + " conflicts with " +
              noun(otherAcc, other) + ": no synchronization orders them in a run of the whole grid, whose every branch and "
              "address is a constant of the launch (docs/concrete.md)";
  if (other) f.related.push_back({other->loc, "conflicting " + noun(otherAcc, other)});
  auto coords = [&](const Thread &t, const std::string &label) {
    model::ThreadId id;
    id.label = label;
    uint64_t l = t.lin, b = t.block;
    id.tid[0] = (unsigned)(l % bdim[0]), id.tid[1] = (unsigned)(l / bdim[0] % bdim[1]),
    id.tid[2] = (unsigned)(l / (bdim[0] * bdim[1]));
    id.bid[0] = (unsigned)(b % gdim[0]), id.bid[1] = (unsigned)(b / gdim[0] % gdim[1]),
    id.bid[2] = (unsigned)(b / (gdim[0] * gdim[1]));
    return id;
  };
  f.threads.push_back(coords(ta, "thread A"));
  f.threads.push_back(coords(tb, "thread B"));
  auto dim3 = [](uint64_t x, uint64_t y, uint64_t z) {
    return "(" + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z) + ")";
  };
  for (const model::ThreadId &id : f.threads)
    f.values.push_back({"blockIdx " + id.label.substr(7), dim3(id.bid[0], id.bid[1], id.bid[2])});
  f.values.push_back({"blockDim", dim3(bdim[0], bdim[1], bdim[2])});
  f.values.push_back({"gridDim", dim3(gdim[0], gdim[1], gdim[2])});
  for (const auto &[pi, v] : params) f.values.push_back({k.params[pi].name, std::to_string((int64_t)v)});
  std::string where = " at byte offset " + std::to_string(byteOff) + (r ? " of '" + r->name + "'" : "");
  std::string aWho = "thread A (threadIdx (" + std::to_string(f.threads[0].tid[0]) + "," +
                     std::to_string(f.threads[0].tid[1]) + "," + std::to_string(f.threads[0].tid[2]) + ") of block " +
                     std::to_string(ta.block) + ")";
  std::string bWho = "thread B (threadIdx (" + std::to_string(f.threads[1].tid[0]) + "," +
                     std::to_string(f.threads[1].tid[1]) + "," + std::to_string(f.threads[1].tid[2]) + ") of block " +
                     std::to_string(tb.block) + ")";
  f.trace.push_back({0, eStmt ? eStmt->loc : sb.loc,
                     (eCopy ? aWho + " issued a bulk copy that " : aWho + " ") + verb(h.e, eStmt) + " '" +
                         (eStmt ? eStmt->text : std::string("?")) + "'" + where});
  f.trace.push_back({1, sb.loc,
                     bWho + " " + verb(h.a, &sb) + " '" + sb.text + "'" + where +
                         ", with no happens-before edge from step 1 (no barrier, mbarrier phase or release/acquire "
                         "between them)"});
  return f;
}

ConcreteOutcome Prover::run() {
  ConcreteOutcome out;
  try {
    for (int i = 0; i < 3; ++i) {
      if (L.gridMin[i] != L.gridMax[i] || L.blockMin[i] != L.blockMax[i])
        throw GiveUp{"the contract does not fix the grid and the block"};
      gdim[i] = L.gridMin[i];
      bdim[i] = L.blockMin[i];
    }
    if (L.pointersMayAlias) throw GiveUp{"pointer parameters may overlap"};
    nthreads = bdim[0] * bdim[1] * bdim[2];
    nblocks = gdim[0] * gdim[1] * gdim[2];
    if (nblocks > kMaxBlocks || nthreads * nblocks > kMaxThreads) throw GiveUp{"too many threads for the concrete prover"};
    if (nthreads * nblocks * nblocks > kMaxClockCells) throw GiveUp{"too many threads x blocks for the concrete prover's clocks"};
    if (k.vars.size() * nthreads * nblocks > kMaxVarCells) throw GiveUp{"too many variables x threads for the concrete prover"};
    // Dimensions per block: its threads and its mbarrier objects (the 8-byte
    // elements of the arrays mbarrier.init names; kMbarDims when one is not
    // a static array).
    std::set<int> mbarRegions;
    bool mbarUnsized = false;
    model::forEachStmt(*k.body, [&](const Stmt &s) {
      if (s.kind != Stmt::Kind::Mbarrier || s.mbarOp != MbarOp::Init || s.region < 0) return;
      const Region &r = k.regions[s.region];
      if (r.dynamicShared || !r.sizeBytes) mbarUnsized = true;
      else mbarRegions.insert(s.region);
    });
    uint64_t mbarObjects = 0;
    for (int r : mbarRegions) mbarObjects += (*k.regions[r].sizeBytes + 7) / 8;
    mbarDims = mbarUnsized ? kMbarDims : (uint32_t)std::min<uint64_t>(mbarObjects, kMbarDims);
    D = (uint32_t)nthreads + mbarDims;
    coResident = nblocks == 1 ||
                 ((L.cooperative || (L.residentBlocks && *L.residentBlocks >= nblocks)) &&
                  !(L.residentBlocks && *L.residentBlocks < nblocks));
    // An `unknown` statement gives up when a thread reaches it (run()): one
    // that no thread reaches runs in no execution, since every thread's
    // path is the same in all of them.
    model::forEachStmt(*k.body, [&](const Stmt &s) {
      auto written = [&](int region) {
        if (region < 0) return;
        writtenRegions.insert(k.regions[region].dynamicShared ? -2 : region);
      };
      if (s.kind == Stmt::Kind::Access && s.access != AccessKind::Read) written(s.region);
      if (s.kind == Stmt::Kind::AsyncCopy) written(s.access == AccessKind::Write ? s.region : s.srcRegion);
      if (s.kind == Stmt::Kind::Await) written(s.region);
      if (s.kind == Stmt::Kind::Mbarrier) written(s.region);
      if (s.kind == Stmt::Kind::AsyncCopy) written(s.mbarRegion);
    });
    for (const Region &r : k.regions)
      if (r.constData && writtenRegions.count(r.dynamicShared ? -2 : r.id))
        throw GiveUp{"the kernel writes '" + r.name + "', whose contents the contract gives"};
    for (const auto &pr : L.paramRanges)
      for (size_t i = 0; i < k.params.size(); ++i)
        if (k.params[i].name == pr.name && pr.min == pr.max && k.params[i].kind == model::Param::Kind::Scalar)
          params[(int)i] = (uint64_t)pr.min;
    mbarsPerBlock.assign(nblocks, 0);
    threads.resize(nthreads * nblocks);
    for (uint64_t b = 0; b < nblocks; ++b)
      for (uint64_t l = 0; l < nthreads; ++l) {
        Thread &t = threads[b * nthreads + l];
        t.block = (uint32_t)b;
        t.lin = (uint32_t)l;
        t.dim = (uint32_t)(b * D + l);
        t.vars.assign(k.vars.size(), Val{});
        t.vc = emptyClock();
        t.stack.push_back({k.body.get(), 0, 0});
        t.queued = true;
        ready.push_back((uint32_t)(b * nthreads + l));
      }
    while (!ready.empty()) {
      uint32_t i = ready.front();
      ready.pop_front();
      threads[i].queued = false;
      if (threads[i].done) continue;
      try {
        runThread(threads[i]);
      } catch (GiveUp &g) {
        g.why += " (" + where(threads[i]) + ")";
        throw;
      }
    }
    finalChecks();
    out.proved = true;
  } catch (const GiveUp &g) {
    out.whyNot = g.why;
    race = g.race;
  } catch (const std::bad_alloc &) {
    out.whyNot = "out of memory";
    deadlock.reset();
  }
  // A run that chose sides of timing decisions may not be an execution: no
  // definite deadlock from it (the prover gives up; the symbolic checks decide).
  if (timingBranches || loopDecisions) deadlock.reset();
  out.deadlock = deadlock;
  out.threads = nthreads * nblocks;
  out.statements = statements;
  out.timingBranches = timingBranches;
  return out;
}

}  // namespace

ConcreteOutcome proveConcrete(const model::Kernel &kernel, const Options &opts, uint64_t maxWork) {
  ConcreteOutcome out;
  // Memory starts zeroed in the run: not a __device__ variable whose
  // initializer holds something else.
  for (const model::Region &r : kernel.regions)
    if (r.initNonZero) {
      out.whyNot = "the initializer of __device__ '" + r.name + "' is not zero; the run starts from zeroed memory";
      return out;
    }
  // Nor memory that waits or atomics read and that the host code fills, or
  // whose elements the contract puts in a range (they may not be 0).
  {
    std::set<int> synced;
    model::forEachStmt(*kernel.body, [&](const model::Stmt &s) {
      if (s.region >= 0 && (s.kind == model::Stmt::Kind::Await ||
                            (s.kind == model::Stmt::Kind::Access && s.access == model::AccessKind::Atomic)))
        synced.insert(s.region);
    });
    for (int r : synced)
      if (std::string what = model::hostWriteOf(kernel, r); !what.empty()) {
        out.whyNot = "the host code writes '" + kernel.regions[r].name + "' (" + what +
                     "), which waits or atomics read; the run starts from zeroed memory";
        return out;
      }
    auto regionOf = [&](const std::string &name) {
      for (const model::Param &p : kernel.params)
        if (p.name == name && p.kind == model::Param::Kind::Pointer) return p.region;
      return -1;
    };
    for (const auto &er : opts.launch.elementRanges)
      if (int r = regionOf(er.name); r >= 0 && synced.count(r) && (er.min != 0 || er.max != 0)) {
        out.whyNot = "the contract puts the elements of '" + er.name + "', which waits or atomics read, in [" +
                     std::to_string(er.min) + ", " + std::to_string(er.max) + "]; the run starts from zeroed memory";
        return out;
      }
  }
  uint64_t decisions = 0;
  std::shared_ptr<RaceHit> race;
  {
    Prover most(kernel, opts, true, maxWork);
    out = most.run();
    decisions = most.loopDecisions;
    race = most.race;
  }
  if (race) {
    // The cell keeps the earlier access's clock, not its statement: a second
    // run (the same, deterministic) watches for it.
    Prover again(kernel, opts, true, maxWork);
    again.setWatch(*race);
    ConcreteOutcome o2 = again.run();
    if (again.race && again.race->s == race->s && again.race->thread == race->thread && again.watchedStmt) {
      out.race = again.raceFinding(*again.race, again.watchedStmt, again.watchedThread);
      out.raceDefinite = race->definite;
      if (!race->definite) out.race->message += " (not confirmed: " + race->notDefinite + ")";
    }
    (void)o2;
  }
  if (!out.proved || !decisions) return out;
  // Timing loops decided on probes: the run that waits least checks each of
  // their waits at its latest point (parity aliasing), and everything else again.
  Prover least(kernel, opts, false, maxWork);
  ConcreteOutcome second = least.run();
  out.statements += second.statements;
  out.timingLoopDecisions = decisions + least.loopDecisions;
  if (!second.proved) {
    out.proved = false;
    out.whyNot = "in the run that waits least in timing loops: " + second.whyNot;
  }
  return out;
}

}  // namespace syncproof::checker
