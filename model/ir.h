// syncproof model: the narrow waist between the frontend (Clang) and the
// checker (Z3). Plain C++ types only: no Clang, no Z3, no LLVM.
//
// A kernel is a structured program over
//   * symbolic integer expressions (bit-vectors with C semantics chosen by the
//     frontend: signed/unsigned division, shifts and comparisons are distinct
//     operators, every cast is explicit),
//   * local variables (per thread), kernel parameters (uniform), CUDA builtins,
//   * memory regions (each static __shared__ variable, the dynamic shared
//     segment, each global pointer parameter, each __device__ variable),
//   * statements: assignments, memory accesses, barriers, branches, loops,
//     labelled blocks with exits (break/continue/return), assumptions and
//     explicit Unknown nodes for every construct the frontend does not model.
//
// docs/model.md describes the semantics of each node.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace syncproof::model {

struct SourceLoc {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  bool valid() const { return line != 0; }
};

// ---------------------------------------------------------------- expressions

enum class Builtin {
  ThreadIdxX, ThreadIdxY, ThreadIdxZ,
  BlockIdxX, BlockIdxY, BlockIdxZ,
  BlockDimX, BlockDimY, BlockDimZ,
  GridDimX, GridDimY, GridDimZ,
  LaneId,     // %laneid = linear thread index % 32
  WarpSize,   // 32
};
const char *builtinName(Builtin b);

enum class Op {
  // binary, operands and result of the same width
  Add, Sub, Mul, UDiv, SDiv, URem, SRem, Shl, LShr, AShr, And, Or, Xor,
  // comparisons: result width 1
  Eq, Ne, ULt, ULe, UGt, UGe, SLt, SLe, SGt, SGe,
  // boolean (width 1)
  LAnd, LOr, LNot,
  // unary
  Neg, Not,
  // width changes: result width in Expr::width
  ZExt, SExt, Trunc,
};
const char *opName(Op op);

struct Expr;
using ExprRef = std::shared_ptr<const Expr>;

struct Expr {
  enum class Kind {
    Const,    // value (two's complement, low `width` bits)
    Var,      // local variable `id` (Kernel::vars)
    Param,    // scalar kernel parameter `id` (Kernel::params)
    Builtin,  // CUDA builtin `builtin`
    Havoc,    // an arbitrary value, fresh at each evaluation (loads, floats, ...)
    Unary,    // op(args[0])
    Binary,   // op(args[0], args[1])
    Select,   // args[0] ? args[1] : args[2]
    Table,    // the `width`-bit little-endian value at byte args[0] of `table`
              // (a __constant__ array with an initializer: region `id`);
              // outside the table: an arbitrary value
  };
  Kind kind = Kind::Const;
  unsigned width = 32;  // bits; 1 for booleans
  uint64_t value = 0;   // Const
  int id = -1;          // Var / Param / Havoc (a stable id for naming)
  model::Builtin builtin = model::Builtin::ThreadIdxX;
  Op op = Op::Add;
  std::vector<ExprRef> args;
  std::string note;  // Havoc: why the value is unknown ("load of 'a[i]'")
  bool nsw = false;  // Binary Add/Sub/Mul on a C signed type: overflow is undefined
  bool blockUniform = false;  // Havoc: the same value in every thread of a block (__syncthreads_or)
  std::shared_ptr<const std::vector<uint8_t>> table;  // Table: the bytes

  static ExprRef constant(uint64_t v, unsigned width);
  static ExprRef boolean(bool b) { return constant(b ? 1 : 0, 1); }
  static ExprRef var(int id, unsigned width);
  static ExprRef param(int id, unsigned width);
  static ExprRef builtinVar(model::Builtin b);
  static ExprRef havoc(int id, unsigned width, std::string note);
  static ExprRef unary(Op op, ExprRef a, unsigned width);
  static ExprRef binary(Op op, ExprRef a, ExprRef b, bool nsw = false);
  static ExprRef select(ExprRef c, ExprRef a, ExprRef b);
  static ExprRef tableLoad(int region, std::shared_ptr<const std::vector<uint8_t>> bytes, ExprRef offset,
                           unsigned width);
  // The value of a table load at a constant offset (nullopt outside it).
  static std::optional<uint64_t> tableValue(const std::vector<uint8_t> &bytes, uint64_t offset, unsigned width);
  // Resize to `width` with sign or zero extension (or truncation).
  static ExprRef resize(ExprRef e, unsigned width, bool isSigned);
  // Boolean view: e != 0 (identity for width 1).
  static ExprRef truth(ExprRef e);

  bool isConst() const { return kind == Kind::Const; }
};

// ---------------------------------------------------------------- memory

enum class AddressSpace { Shared, Global, Constant, Local };
const char *addressSpaceName(AddressSpace s);

struct Region {
  int id = -1;
  std::string name;          // 'tile', 'a' (parameter), 'dynamic shared memory'
  AddressSpace space = AddressSpace::Global;
  std::optional<uint64_t> sizeBytes;  // known static size
  // The alignment of the base address in bytes, as declared (shared memory;
  // dynamic shared memory at least 16, CUDA's guarantee); 0: not known
  // (pointer parameters: the proof states what it assumes).
  uint64_t baseAlign = 0;
  // A pointer parameter's element: the size of the type it points to in
  // bytes (0: void or incomplete). The contract's distinct_elements and
  // element_ranges speak of whole elements.
  uint64_t elemSize = 0;
  bool dynamicShared = false;         // extern __shared__ (all alias one segment)
  bool restrictQualified = false;
  // A __device__ variable (global memory the program declares, not a
  // parameter), and whether its initializer may hold a non-zero byte (its
  // value when the program starts; counters are assumed zero at launch).
  bool deviceVar = false;
  bool initNonZero = false;
  // A __constant__ array with an initializer: its bytes (device code cannot
  // write it, so every load reads them). Or global memory whose contents the
  // launch contract gives (`memory:` in a spec): then constSource names
  // where they came from (a file), and the kernel must not write it.
  std::shared_ptr<const std::vector<uint8_t>> constData;
  std::string constSource;
  SourceLoc loc;
};

// ---------------------------------------------------------------- statements

struct Stmt;
using StmtRef = std::shared_ptr<Stmt>;

enum class AccessKind { Read, Write, Atomic };
const char *accessKindName(AccessKind k);

// Memory order of an access (PTX memory consistency model). Plain accesses
// are not "strong": they never synchronize and race with everything that
// conflicts with them. Volatile accesses are relaxed at system scope.
enum class MemOrder { Plain, Relaxed, Acquire, Release, AcqRel, SeqCst };
const char *memOrderName(MemOrder o);
// Scope of a strong access or fence: the set of threads it is morally strong
// (or ordering) with respect to.
enum class MemScope { None, CTA, Cluster, GPU, System };
const char *memScopeName(MemScope s);

enum class BarrierKind {
  Block,  // __syncthreads, cg block sync, bar.sync 0 / barrier.sync 0
  Grid,   // cooperative_groups grid_group::sync (also a block barrier)
  Named,  // bar.sync/barrier.sync/bar.arrive with id/count operands
  Warp,   // __syncwarp(mask)
  // A warpgroup collective that orders nothing: setmaxnreg.sync.aligned must
  // be executed by all 4 warps of a warpgroup (128 consecutive threads).
  Warpgroup,
  // A warp collective that orders no memory (shfl.sync, vote.sync,
  // match.sync, redux.sync: __shfl_*_sync, __ballot_sync, __any_sync,
  // __all_sync, __match_*_sync, __reduce_*_sync): the executing lane must be
  // in `warpMask`, and every lane the mask names that has not exited must
  // execute one with the same operation (`text`) and mask (PTX ISA: shfl.sync,
  // vote.sync). Checked like __syncwarp's mask (divergence, `warp-sync`).
  WarpCollective,
};

// An operation on an mbarrier object in shared memory (PTX ISA: mbarrier).
enum class MbarOp {
  Init,      // mbarrier.init [addr], count
  Arrive,    // mbarrier.arrive[.expect_tx] [addr] (, count | , txCount)
  ExpectTx,  // mbarrier.expect_tx [addr], txCount (no arrival)
  TryWait,   // mbarrier.try_wait/test_wait[.parity]: resultVar = 1 when the phase completed
  Wait,      // a spin on TryWait until it succeeds: blocks until the phase completes
  Inval,     // mbarrier.inval [addr]
  // Bulk async-groups of the issuing thread (no object: region -1):
  BulkCommit,    // cp.async.bulk.commit_group
  BulkWait,      // cp.async.bulk.wait_group N (operand = N): the copies complete
  BulkWaitRead,  // cp.async.bulk.wait_group.read N: the copies finished reading their sources
  // Ampere cp.async groups of the issuing thread (no object):
  AsyncCommit,   // cp.async.commit_group
  AsyncWait,     // cp.async.wait_group N (cp.async.wait_all: N = 0 after a commit)
};
const char *mbarOpName(MbarOp op);

struct Stmt {
  enum class Kind {
    Block,    // stmts; optionally labelled (label >= 0) as an exit target
    Assign,   // var = value
    Access,   // memory access
    Barrier,  // synchronization
    If,       // cond ? thenS : elseS
    Loop,     // while/for/do loop
    Exit,     // leave the labelled block `label` (break/continue/return)
    Assume,   // cond is assumed (__builtin_assume)
    Unknown,  // a construct the frontend does not model: reason
    Fence,    // memory fence: order, scope (__threadfence, fence.acq_rel.gpu, ...)
    Await,    // spin-wait: blocks until (value at region+offset) `awaitCmp` target
    Mbarrier,  // mbarrier operation `mbarOp` on the object at region+offset
    AsyncCopy, // bulk copy (TMA) into region+offset, `operand` bytes, completing on an mbarrier
  };
  Kind kind = Kind::Block;
  SourceLoc loc;
  int id = -1;  // unique within the kernel (assigned by Kernel::number())
  // A copy made by unrolling (unroll.h): (line of the loop, iteration) of each
  // unrolled loop around it, outermost first; traces name the iteration.
  std::vector<std::pair<unsigned, unsigned>> unrolledFrom;
  // The opcode cases whose branch holds this statement, outermost first
  // ("in.op == MATVEC"; "" for none): comparisons with an enumerator that
  // an enclosing `if` (through &&) or a `case` (without fall-through into
  // it) guarantees. Traces name the instruction kind with it.
  std::string cases;

  // Block
  std::vector<StmtRef> stmts;
  int label = -1;

  // Assign
  int var = -1;
  ExprRef value;

  // Access
  int region = -1;
  ExprRef offset;       // byte offset in the region (64-bit)
  unsigned size = 0;    // bytes
  AccessKind access = AccessKind::Read;
  std::string atomicOp;  // "atomicAdd", "atom.add", ...
  std::string text;      // source text of the accessed lvalue ("tile[ty][tx]")
  // Access / Await / Fence: strength and ordering (Plain for ordinary accesses).
  MemOrder order = MemOrder::Plain;
  MemScope scope = MemScope::None;
  bool isVolatile = false;
  // Access (read): through the non-coherent read-only path (ld.global.nc,
  // `__ldg`), defined only on global memory that nothing writes while the
  // kernel runs (the checker reports one of memory the kernel writes).
  bool nonCoherent = false;
  // Await: one of the waits a spin on several locations was split into
  // (`while (ld(a) < s || ld(b) < s) {}` -> await a >= s; await b >= s): the
  // same loads and exit knowledge, and the same completion where each
  // condition stays true once it holds (checked by the deadlock rules).
  bool conjunct = false;
  // Atomic: what the update does to the location ("add": adds `operand`;
  // "store"/"exch": writes `operand`; "other": anything else), and the value.
  std::string updateKind;
  ExprRef operand;
  // Access (atomic or strong read) / Await: local variable that receives the
  // value read (-1: unused).
  int resultVar = -1;
  // Access (plain read): the Havoc expression that stands for the value it
  // loads (-1: none). The checker gives loads of memory no thread writes one
  // value per address (docs/model.md "Loads").
  int loadedHavoc = -1;
  // Access (plain read of a struct held field by field): the Havoc of each
  // field it loads, with the field's byte offset in the object and its width.
  struct FieldLoad {
    int havoc;
    uint64_t offset;
    unsigned width;
  };
  std::vector<FieldLoad> fieldLoads;
  // Access (plain write): the integer it stores, when the frontend knows it
  // (null otherwise). Only the concrete prover reads it (docs/concrete.md
  // "Values through memory").
  ExprRef stored;

  // Await: the spin loop exits once `value awaitCmp target` holds for the
  // value it reads (also bound to resultVar). Backoff (__nanosleep) and the
  // loop itself are abstracted away; deadlock freedom is a separate check.
  Op awaitCmp = Op::UGe;
  ExprRef target;

  // Mbarrier: the object is region+offset (8 bytes). `operand`: Init the
  // expected arrival count; Arrive the arrival count (null: 1); TryWait/Wait
  // the phase parity (null: a phase-state token, not modelled). Arrive and
  // ExpectTx: `txBytes` expected transaction bytes (null: none). Arrive is
  // release, TryWait/Wait acquire, at `scope` (CTA by default).
  MbarOp mbarOp = MbarOp::Arrive;
  ExprRef txBytes;
  // cuda::barrier arrival tokens: an Arrive returns `token` (a constant
  // that flows through variables); a Wait with tokenWait waits for the phase
  // of the arrival whose token `operand` evaluates to.
  int token = -1;
  bool tokenWait = false;
  // AsyncCopy: destination region+offset, `operand` bytes (`size` when a
  // constant), source srcRegion+srcOffset, completion mbarrier
  // mbarRegion+mbarOffset (complete_tx::bytes). txBytes non-null: the copy
  // also announces its bytes on the mbarrier (cuda::memcpy_async).
  // mbarRegion -1 with access == Write: an Ampere cp.async (completes with
  // the issuing thread's cp.async.wait_group that covers its group).
  // access == Read: a bulk store (shared -> global, bulk async-group): region+
  // offset is the shared source it reads asynchronously, srcRegion+srcOffset
  // the global destination (also emitted as a plain write with updateKind
  // "async": written by the async proxy, ordered by nothing the checker
  // models), mbarRegion -1.
  int srcRegion = -1;
  ExprRef srcOffset;
  int mbarRegion = -1;
  ExprRef mbarOffset;

  // Barrier
  BarrierKind barrier = BarrierKind::Block;
  ExprRef barrierId;     // Named
  ExprRef barrierCount;  // Named, optional (null: all threads of the block)
  ExprRef warpMask;      // Warp
  bool arriveOnly = false;  // bar.arrive

  // If / Loop / Assume
  ExprRef cond;
  StmtRef thenS, elseS;  // If (elseS may be null)

  // Loop: while (cond) { body; step }  or  do { body; step } while (cond)
  StmtRef body;          // a Block labelled as the `continue` target
  StmtRef step;          // a Block (may be empty)
  bool testFirst = true; // false for do-while
  int breakLabel = -1;   // label of the Block wrapping the loop (break target)

  // Unknown
  std::string reason;

  static StmtRef make(Kind k, SourceLoc loc) {
    auto s = std::make_shared<Stmt>();
    s->kind = k;
    s->loc = std::move(loc);
    return s;
  }
};

// ---------------------------------------------------------------- kernels

struct Variable {
  std::string name;
  unsigned width = 32;
  bool isSigned = true;
  SourceLoc loc;
};

struct Param {
  std::string name;
  enum class Kind { Scalar, Pointer, Other } kind = Kind::Scalar;
  unsigned width = 32;
  bool isSigned = true;
  int region = -1;  // Pointer: the global region it points to
};

// A logical->physical page map (pipelines.md "Pages"): a __constant__
// integer array with an initializer whose entries index the outer dimension
// of __shared__ arrays (the pages and their mbarriers) that have as many
// elements as a row of the table. The checker requires each row to be a
// permutation.
struct PageMap {
  int table = -1;                // the __constant__ region
  unsigned elementBytes = 4;
  bool elementSigned = true;
  uint64_t rowLength = 0;        // = the outer extent of each page array
  std::vector<int> pageRegions;  // the __shared__ arrays it indexes
};

// A launch of the kernel in host code of the same translation unit
// (`k<<<grid, block, smem>>>(args)`, `cudaLaunchKernel`,
// `cudaLaunchCooperativeKernel`), with the shape when every dimension is a
// constant of the translation unit.
struct HostLaunch {
  SourceLoc loc;
  bool known = false;  // grid and block are constants
  std::string why;     // when not: what is not
  uint64_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  std::optional<uint64_t> dynamicSmem;
  bool cooperative = false;
  // Scalar arguments that are constants, by parameter name (signed values
  // as int64_t).
  std::vector<std::pair<std::string, int64_t>> constantArgs;
  // Pointer arguments whose memory the host code of the launch's function
  // fills (cudaMemset with a value that is not 0, cudaMemcpy into it), by
  // parameter name, with what does it ("cudaMemset at f.cu:12").
  std::vector<std::pair<std::string, std::string>> hostWrittenArgs;
};

struct Kernel {
  std::string name;
  std::string displayName;  // with template arguments
  SourceLoc loc;
  std::vector<HostLaunch> hostLaunches;
  // __launch_bounds__'s maximum threads per block (0: none): a launch of a
  // larger block fails, so no block of a running kernel has more.
  uint64_t maxThreadsPerBlock = 0;
  // __device__ variables the host code of the translation unit writes
  // (cudaMemcpyToSymbol, cudaMemset of one's address), by name, with what
  // does it.
  std::vector<std::pair<std::string, std::string>> hostWrittenSymbols;
  std::vector<Param> params;
  std::vector<Variable> vars;
  std::vector<Region> regions;
  StmtRef body;  // a labelled Block (the `return` target)
  std::vector<PageMap> pageMaps;
  int nextLabel = 0;
  int nextHavoc = 0;

  // Assigns Stmt::id in pre-order; call once the body is complete.
  void number();
  int stmtCount = 0;
};

// The value of `e` when every variable and parameter it reads has a constant
// (`vars`, `params` by id), with the C semantics of its operators; nullopt
// when something it reads is not constant or an operation is undefined.
std::optional<uint64_t> evalConst(const Expr &e, const std::map<int, uint64_t> &vars,
                                  const std::map<int, uint64_t> &params);

// Every statement of the tree under `s`, `s` first, children in order.
void forEachStmt(const Stmt &s, const std::function<void(const Stmt &)> &f);
// A deep copy of the tree under `s` (ids kept); where `replace` returns a
// statement, that statement stands for the subtree instead.
StmtRef cloneTree(const StmtRef &s, const std::function<StmtRef(const Stmt &)> &replace = {});
// True if `pred` holds for some statement of the tree under `s`.
bool anyStmt(const Stmt &s, const std::function<bool(const Stmt &)> &pred);

// True if some statement under `s` leaves the block labelled `label`.
bool exitsTo(const Stmt &s, int label);

// True for a CUDA atomic at block scope (atomicAdd_block, ...): it is not
// atomic with respect to other blocks.
bool blockScopedAtomic(const Stmt &s);

// True if `s` (transitively) contains an Await.
bool containsAwait(const Stmt &s);

// What in the file's host code writes region `region` of `k` before a
// launch (HostLaunch::hostWrittenArgs of a pointer parameter into it,
// Kernel::hostWrittenSymbols of a __device__ variable), "" when nothing
// does.
std::string hostWriteOf(const Kernel &k, int region);

// An atomic that leaves its location as it is (an add of 0: the front end
// lowers `atomicOr(p, 0)`, `atomicCAS(p, v, v)` and the like to it): a read.
bool leavesLocationAsItIs(const Stmt &s);

struct Module {
  std::vector<Kernel> kernels;
};

// True if `s` (transitively) contains a barrier of the given kinds.
bool containsBarrier(const Stmt &s, bool blockLevel, bool warpLevel);

}  // namespace syncproof::model
