#include "model/ir.h"
#include "model/finding.h"

#include <map>
#include <optional>
#include <sstream>

namespace syncproof::model {

const char *builtinName(Builtin b) {
  switch (b) {
  case Builtin::ThreadIdxX: return "threadIdx.x";
  case Builtin::ThreadIdxY: return "threadIdx.y";
  case Builtin::ThreadIdxZ: return "threadIdx.z";
  case Builtin::BlockIdxX: return "blockIdx.x";
  case Builtin::BlockIdxY: return "blockIdx.y";
  case Builtin::BlockIdxZ: return "blockIdx.z";
  case Builtin::BlockDimX: return "blockDim.x";
  case Builtin::BlockDimY: return "blockDim.y";
  case Builtin::BlockDimZ: return "blockDim.z";
  case Builtin::GridDimX: return "gridDim.x";
  case Builtin::GridDimY: return "gridDim.y";
  case Builtin::GridDimZ: return "gridDim.z";
  case Builtin::LaneId: return "%laneid";
  case Builtin::WarpSize: return "warpSize";
  }
  return "?";
}

const char *opName(Op op) {
  switch (op) {
  case Op::Add: return "+";
  case Op::Sub: return "-";
  case Op::Mul: return "*";
  case Op::UDiv: return "/u";
  case Op::SDiv: return "/s";
  case Op::URem: return "%u";
  case Op::SRem: return "%s";
  case Op::Shl: return "<<";
  case Op::LShr: return ">>u";
  case Op::AShr: return ">>s";
  case Op::And: return "&";
  case Op::Or: return "|";
  case Op::Xor: return "^";
  case Op::Eq: return "==";
  case Op::Ne: return "!=";
  case Op::ULt: return "<u";
  case Op::ULe: return "<=u";
  case Op::UGt: return ">u";
  case Op::UGe: return ">=u";
  case Op::SLt: return "<s";
  case Op::SLe: return "<=s";
  case Op::SGt: return ">s";
  case Op::SGe: return ">=s";
  case Op::LAnd: return "&&";
  case Op::LOr: return "||";
  case Op::LNot: return "!";
  case Op::Neg: return "-";
  case Op::Not: return "~";
  case Op::ZExt: return "zext";
  case Op::SExt: return "sext";
  case Op::Trunc: return "trunc";
  }
  return "?";
}

const char *addressSpaceName(AddressSpace s) {
  switch (s) {
  case AddressSpace::Shared: return "shared";
  case AddressSpace::Global: return "global";
  case AddressSpace::Constant: return "constant";
  case AddressSpace::Local: return "local";
  }
  return "?";
}

const char *accessKindName(AccessKind k) {
  switch (k) {
  case AccessKind::Read: return "read";
  case AccessKind::Write: return "write";
  case AccessKind::Atomic: return "atomic";
  }
  return "?";
}

const char *findingKindName(FindingKind k) {
  switch (k) {
  case FindingKind::Race: return "race";
  case FindingKind::Divergence: return "divergence";
  case FindingKind::Ordering: return "ordering";
  case FindingKind::Deadlock: return "deadlock";
  case FindingKind::BarrierMismatch: return "barrier-mismatch";
  case FindingKind::Mbarrier: return "mbarrier";
  case FindingKind::AsyncCopy: return "async-copy";
  case FindingKind::PageReuse: return "page-reuse";
  case FindingKind::WarpSync: return "warp-sync";
  case FindingKind::Unknown: return "unknown";
  }
  return "?";
}

const char *verdictName(Verdict v) {
  switch (v) {
  case Verdict::Proved: return "proved";
  case Verdict::Violations: return "violations";
  case Verdict::Unknown: return "unknown";
  }
  return "?";
}

static uint64_t mask(unsigned width) {
  return width >= 64 ? ~0ull : ((1ull << width) - 1);
}

ExprRef Expr::constant(uint64_t v, unsigned width) {
  auto e = std::make_shared<Expr>();
  e->kind = Kind::Const;
  e->width = width;
  e->value = v & mask(width);
  return e;
}

ExprRef Expr::var(int id, unsigned width) {
  auto e = std::make_shared<Expr>();
  e->kind = Kind::Var;
  e->id = id;
  e->width = width;
  return e;
}

ExprRef Expr::param(int id, unsigned width) {
  auto e = std::make_shared<Expr>();
  e->kind = Kind::Param;
  e->id = id;
  e->width = width;
  return e;
}

ExprRef Expr::builtinVar(model::Builtin b) {
  auto e = std::make_shared<Expr>();
  e->kind = Kind::Builtin;
  e->builtin = b;
  e->width = 32;
  return e;
}

ExprRef Expr::havoc(int id, unsigned width, std::string note) {
  auto e = std::make_shared<Expr>();
  e->kind = Kind::Havoc;
  e->id = id;
  e->width = width;
  e->note = std::move(note);
  return e;
}

ExprRef Expr::tableLoad(int region, std::shared_ptr<const std::vector<uint8_t>> bytes, ExprRef offset,
                        unsigned width) {
  if (offset->isConst())
    if (auto v = tableValue(*bytes, offset->value, width)) return constant(*v, width);
  auto e = std::make_shared<Expr>();
  e->kind = Kind::Table;
  e->id = region;
  e->width = width;
  e->table = std::move(bytes);
  e->args = {std::move(offset)};
  return e;
}

std::optional<uint64_t> Expr::tableValue(const std::vector<uint8_t> &bytes, uint64_t offset, unsigned width) {
  uint64_t n = (width + 7) / 8;
  if (n == 0 || n > 8 || offset > bytes.size() || bytes.size() - offset < n) return std::nullopt;
  uint64_t v = 0;
  for (uint64_t i = 0; i < n; ++i) v |= (uint64_t)bytes[offset + i] << (8 * i);
  return width >= 64 ? v : v & ((1ull << width) - 1);
}

ExprRef Expr::unary(Op op, ExprRef a, unsigned width) {
  if (op == Op::LNot && a->isConst())
    return boolean(a->value == 0);
  auto e = std::make_shared<Expr>();
  e->kind = Kind::Unary;
  e->op = op;
  e->width = width;
  e->args = {std::move(a)};
  return e;
}

static bool isComparison(Op op) {
  switch (op) {
  case Op::Eq: case Op::Ne: case Op::ULt: case Op::ULe: case Op::UGt:
  case Op::UGe: case Op::SLt: case Op::SLe: case Op::SGt: case Op::SGe:
  case Op::LAnd: case Op::LOr:
    return true;
  default:
    return false;
  }
}

static int64_t sext64(uint64_t v, unsigned w) {
  if (w >= 64) return (int64_t)v;
  uint64_t sign = 1ull << (w - 1);
  return (int64_t)((v ^ sign) - sign);
}

// Constant folding keeps models readable and the solver's job small.
static std::optional<uint64_t> fold(Op op, uint64_t a, uint64_t b, unsigned w) {
  uint64_t m = mask(w);
  int64_t sa = sext64(a, w), sb = sext64(b, w);
  switch (op) {
  case Op::Add: return (a + b) & m;
  case Op::Sub: return (a - b) & m;
  case Op::Mul: return (a * b) & m;
  case Op::UDiv: if (b == 0) return std::nullopt; return a / b;
  case Op::URem: if (b == 0) return std::nullopt; return a % b;
  case Op::SDiv:
    if (b == 0 || (sb == -1 && sa == sext64(1ull << (w - 1), w))) return std::nullopt;
    return (uint64_t)(sa / sb) & m;
  case Op::SRem:
    if (b == 0 || sb == -1) return std::nullopt;
    return (uint64_t)(sa % sb) & m;
  case Op::Shl: return b >= w ? 0 : (a << b) & m;
  case Op::LShr: return b >= w ? 0 : a >> b;
  case Op::AShr: return (uint64_t)(sa >> (b >= w ? w - 1 : b)) & m;
  case Op::And: return a & b;
  case Op::Or: return a | b;
  case Op::Xor: return a ^ b;
  case Op::Eq: return a == b;
  case Op::Ne: return a != b;
  case Op::ULt: return a < b;
  case Op::ULe: return a <= b;
  case Op::UGt: return a > b;
  case Op::UGe: return a >= b;
  case Op::SLt: return sa < sb;
  case Op::SLe: return sa <= sb;
  case Op::SGt: return sa > sb;
  case Op::SGe: return sa >= sb;
  case Op::LAnd: return (a && b) ? 1 : 0;
  case Op::LOr: return (a || b) ? 1 : 0;
  default: return std::nullopt;
  }
}

ExprRef Expr::binary(Op op, ExprRef a, ExprRef b, bool nsw) {
  unsigned w = a->width;
  if (a->isConst() && b->isConst()) {
    if (auto v = fold(op, a->value, b->value, w))
      return constant(*v, isComparison(op) ? 1 : w);
  }
  // Cheap identities.
  if ((op == Op::Add || op == Op::Sub || op == Op::Or || op == Op::Xor ||
       op == Op::Shl || op == Op::LShr || op == Op::AShr) &&
      b->isConst() && b->value == 0)
    return a;
  if (op == Op::Add && a->isConst() && a->value == 0) return b;
  if (op == Op::Mul && b->isConst() && b->value == 1) return a;
  if (op == Op::Mul && a->isConst() && a->value == 1) return b;
  if (op == Op::LAnd) {
    if (a->isConst()) return a->value ? b : a;
    if (b->isConst()) return b->value ? a : b;
  }
  if (op == Op::LOr) {
    if (a->isConst()) return a->value ? a : b;
    if (b->isConst()) return b->value ? b : a;
  }
  auto e = std::make_shared<Expr>();
  e->kind = Kind::Binary;
  e->op = op;
  e->nsw = nsw && (op == Op::Add || op == Op::Sub || op == Op::Mul);
  e->width = isComparison(op) ? 1 : w;
  e->args = {std::move(a), std::move(b)};
  return e;
}

ExprRef Expr::select(ExprRef c, ExprRef a, ExprRef b) {
  if (c->isConst()) return c->value ? a : b;
  auto e = std::make_shared<Expr>();
  e->kind = Kind::Select;
  e->width = a->width;
  e->args = {std::move(c), std::move(a), std::move(b)};
  return e;
}

ExprRef Expr::resize(ExprRef e, unsigned width, bool isSigned) {
  if (e->width == width) return e;
  if (e->isConst()) {
    uint64_t v = isSigned ? (uint64_t)sext64(e->value, e->width) : e->value;
    return constant(v, width);
  }
  if (width < e->width) return unary(Op::Trunc, e, width);
  return unary(isSigned ? Op::SExt : Op::ZExt, e, width);
}

ExprRef Expr::truth(ExprRef e) {
  if (e->width == 1) return e;
  return binary(Op::Ne, e, constant(0, e->width));
}

static void numberStmt(Stmt &s, int &next) {
  s.id = next++;
  for (auto &c : s.stmts) numberStmt(*c, next);
  if (s.thenS) numberStmt(*s.thenS, next);
  if (s.elseS) numberStmt(*s.elseS, next);
  if (s.body) numberStmt(*s.body, next);
  if (s.step) numberStmt(*s.step, next);
}

void Kernel::number() {
  int next = 0;
  if (body) numberStmt(*body, next);
  stmtCount = next;
}

const char *memOrderName(MemOrder o) {
  switch (o) {
  case MemOrder::Plain: return "plain";
  case MemOrder::Relaxed: return "relaxed";
  case MemOrder::Acquire: return "acquire";
  case MemOrder::Release: return "release";
  case MemOrder::AcqRel: return "acq_rel";
  case MemOrder::SeqCst: return "sc";
  }
  return "?";
}

const char *memScopeName(MemScope s) {
  switch (s) {
  case MemScope::None: return "none";
  case MemScope::CTA: return "cta";
  case MemScope::Cluster: return "cluster";
  case MemScope::GPU: return "gpu";
  case MemScope::System: return "sys";
  }
  return "?";
}

const char *mbarOpName(MbarOp op) {
  switch (op) {
  case MbarOp::Init: return "init";
  case MbarOp::Arrive: return "arrive";
  case MbarOp::ExpectTx: return "expect_tx";
  case MbarOp::TryWait: return "try_wait";
  case MbarOp::Wait: return "wait";
  case MbarOp::Inval: return "inval";
  case MbarOp::BulkCommit: return "bulk.commit_group";
  case MbarOp::BulkWait: return "bulk.wait_group";
  case MbarOp::BulkWaitRead: return "bulk.wait_group.read";
  case MbarOp::AsyncCommit: return "cp.async.commit_group";
  case MbarOp::AsyncWait: return "cp.async.wait_group";
  }
  return "?";
}

namespace {
uint64_t maskTo(uint64_t v, unsigned w) { return w >= 64 ? v : v & ((1ull << w) - 1); }
int64_t signedOf(uint64_t v, unsigned w) {
  if (w >= 64) return (int64_t)v;
  uint64_t m = 1ull << (w - 1);
  return (int64_t)((v ^ m) - m);
}
}  // namespace

std::optional<uint64_t> evalConst(const Expr &e, const std::map<int, uint64_t> &vars,
                                  const std::map<int, uint64_t> &params) {
  switch (e.kind) {
  case Expr::Kind::Const: return maskTo(e.value, e.width);
  case Expr::Kind::Var: {
    auto it = vars.find(e.id);
    if (it == vars.end()) return std::nullopt;
    return maskTo(it->second, e.width);
  }
  case Expr::Kind::Param: {
    auto it = params.find(e.id);
    if (it == params.end()) return std::nullopt;
    return maskTo(it->second, e.width);
  }
  case Expr::Kind::Unary: {
    auto a = evalConst(*e.args[0], vars, params);
    if (!a) return std::nullopt;
    unsigned aw = e.args[0]->width;
    switch (e.op) {
    case Op::LNot: return *a == 0 ? 1 : 0;
    case Op::Not: return maskTo(~*a, e.width);
    case Op::Neg: return maskTo(0 - *a, e.width);
    case Op::ZExt: case Op::Trunc: return maskTo(*a, e.width);
    case Op::SExt: return maskTo((uint64_t)signedOf(*a, aw), e.width);
    default: return std::nullopt;
    }
  }
  case Expr::Kind::Binary: {
    auto a = evalConst(*e.args[0], vars, params), b = evalConst(*e.args[1], vars, params);
    // A determined side decides a logical and/or.
    if (e.op == Op::LAnd && ((a && !*a) || (b && !*b))) return 0;
    if (e.op == Op::LOr && ((a && *a) || (b && *b))) return 1;
    if (!a || !b) return std::nullopt;
    unsigned w = e.args[0]->width;
    int64_t sa = signedOf(*a, w), sb = signedOf(*b, w);
    switch (e.op) {
    case Op::Add: return maskTo(*a + *b, e.width);
    case Op::Sub: return maskTo(*a - *b, e.width);
    case Op::Mul: return maskTo(*a * *b, e.width);
    case Op::UDiv: return *b ? std::optional<uint64_t>(*a / *b) : std::nullopt;
    case Op::URem: return *b ? std::optional<uint64_t>(*a % *b) : std::nullopt;
    case Op::SDiv: return sb ? std::optional<uint64_t>(maskTo((uint64_t)(sa / sb), e.width)) : std::nullopt;
    case Op::SRem: return sb ? std::optional<uint64_t>(maskTo((uint64_t)(sa % sb), e.width)) : std::nullopt;
    case Op::And: return *a & *b;
    case Op::Or: return *a | *b;
    case Op::Xor: return *a ^ *b;
    case Op::Shl: return *b < w ? std::optional<uint64_t>(maskTo(*a << *b, e.width)) : std::nullopt;
    case Op::LShr: return *b < w ? std::optional<uint64_t>(*a >> *b) : std::nullopt;
    case Op::Eq: return *a == *b;
    case Op::Ne: return *a != *b;
    case Op::ULt: return *a < *b;
    case Op::ULe: return *a <= *b;
    case Op::UGt: return *a > *b;
    case Op::UGe: return *a >= *b;
    case Op::SLt: return sa < sb;
    case Op::SLe: return sa <= sb;
    case Op::SGt: return sa > sb;
    case Op::SGe: return sa >= sb;
    case Op::LAnd: return *a && *b;
    case Op::LOr: return *a || *b;
    default: return std::nullopt;
    }
  }
  case Expr::Kind::Select: {
    auto c = evalConst(*e.args[0], vars, params);
    if (!c) return std::nullopt;
    return evalConst(*e.args[*c ? 1 : 2], vars, params);
  }
  case Expr::Kind::Table: {
    auto o = evalConst(*e.args[0], vars, params);
    if (!o) return std::nullopt;
    return Expr::tableValue(*e.table, *o, e.width);
  }
  default: return std::nullopt;
  }
}


void forEachStmt(const Stmt &s, const std::function<void(const Stmt &)> &f) {
  f(s);
  for (auto &c : s.stmts) forEachStmt(*c, f);
  for (const StmtRef *p : {&s.thenS, &s.elseS, &s.body, &s.step})
    if (*p) forEachStmt(**p, f);
}

StmtRef cloneTree(const StmtRef &s, const std::function<StmtRef(const Stmt &)> &replace) {
  if (!s) return s;
  if (replace)
    if (StmtRef r = replace(*s)) return r;
  auto c = std::make_shared<Stmt>(*s);
  for (auto &child : c->stmts) child = cloneTree(child, replace);
  c->thenS = cloneTree(s->thenS, replace);
  c->elseS = cloneTree(s->elseS, replace);
  c->body = cloneTree(s->body, replace);
  c->step = cloneTree(s->step, replace);
  return c;
}

bool anyStmt(const Stmt &s, const std::function<bool(const Stmt &)> &pred) {
  if (pred(s)) return true;
  for (auto &c : s.stmts)
    if (anyStmt(*c, pred)) return true;
  for (const StmtRef *p : {&s.thenS, &s.elseS, &s.body, &s.step})
    if (*p && anyStmt(**p, pred)) return true;
  return false;
}

bool exitsTo(const Stmt &s, int label) {
  return anyStmt(s, [&](const Stmt &x) { return x.kind == Stmt::Kind::Exit && x.label == label; });
}

bool blockScopedAtomic(const Stmt &s) {
  return s.atomicOp.size() > 6 && s.atomicOp.compare(s.atomicOp.size() - 6, 6, "_block") == 0;
}

std::string hostWriteOf(const Kernel &k, int region) {
  const Region &r = k.regions[region];
  if (r.deviceVar)
    for (const auto &[name, what] : k.hostWrittenSymbols)
      if (name == r.name) return what;
  for (const Param &p : k.params)
    if (p.kind == Param::Kind::Pointer && p.region == region)
      for (const HostLaunch &h : k.hostLaunches)
        for (const auto &[name, what] : h.hostWrittenArgs)
          if (name == p.name) return what;
  return "";
}

bool leavesLocationAsItIs(const Stmt &s) {
  return s.kind == Stmt::Kind::Access && s.access == AccessKind::Atomic && s.updateKind == "add" && s.operand &&
         s.operand->isConst() && s.operand->value == 0;
}

bool containsAwait(const Stmt &s) {
  return anyStmt(s, [](const Stmt &x) { return x.kind == Stmt::Kind::Await; });
}

bool containsBarrier(const Stmt &s, bool blockLevel, bool warpLevel) {
  return anyStmt(s, [&](const Stmt &x) {
    if (x.kind != Stmt::Kind::Barrier) return false;
    if (x.barrier == BarrierKind::WarpCollective) return false;  // (orders nothing)
    return x.barrier == BarrierKind::Warp ? warpLevel : blockLevel;  // Block, Grid, Named
  });
}

std::string LaunchShape::describe() const {
  auto dim = [](const uint64_t *lo, const uint64_t *hi) {
    std::ostringstream os;
    os << "(";
    for (int i = 0; i < 3; ++i) {
      if (i) os << ",";
      if (lo[i] == hi[i]) os << lo[i];
      else os << "[" << lo[i] << ".." << hi[i] << "]";
    }
    os << ")";
    return os.str();
  };
  std::string s = "grid " + dim(gridMin, gridMax) + ", block " + dim(blockMin, blockMax);
  if (dynamicSmem) s += ", dynamic shared memory " + std::to_string(*dynamicSmem) + " bytes";
  if (cooperative) s += ", cooperative";
  return s;
}

void linkCauses(KernelResult &r) {
  // Only violations demoted because of another finding (an unmodelled
  // construct, a check out of budget) have a root; those demoted for an
  // untracked value (keepsViolations) name the value instead.
  bool needsRoot = false;
  for (const Finding &f : r.findings) needsRoot |= f.possibleKind && !f.keepsViolations;
  if (!needsRoot) return;
  std::vector<Finding> roots, rest;
  for (Finding &f : r.findings)
    (f.kind == FindingKind::Unknown && !f.possibleKind && !f.keepsViolations ? roots : rest).push_back(std::move(f));
  r.findings.clear();
  for (Finding &f : roots) r.findings.push_back(std::move(f));
  for (Finding &f : rest) {
    f.cause = f.possibleKind && !f.keepsViolations && !roots.empty() ? 0 : -1;
    r.findings.push_back(std::move(f));
  }
}

}  // namespace syncproof::model
