// Cross-block protocol rules on hand-built models (no Clang): message passing
// through a flag between blocks (docs/memory-model.md). Each test removes one
// ingredient of the correct protocol and expects the finding that names it.
#include "checker/checker.h"

#include <gtest/gtest.h>

using namespace syncproof;
using model::Expr;
using model::ExprRef;
using model::Op;
using model::Stmt;
using model::StmtRef;

namespace {

struct Protocol {
  bool producerFence = true, consumerFence = true, releaseSignal = false, cooperative = true;
  uint64_t flagOffsetSeen = 0;  // byte offset the consumer waits on (the producer signals 0)
  model::MemScope fenceScope = model::MemScope::GPU;
  model::MemScope signalScope = model::MemScope::GPU;
  bool withData = true;  // false: the flag alone, nothing published through it

  model::KernelResult check() {
    model::Kernel k;
    k.name = k.displayName = "mp";
    model::Region data, flag;
    data.id = 0; data.name = "data"; data.space = model::AddressSpace::Global;
    flag.id = 1; flag.name = "flag"; flag.space = model::AddressSpace::Global;
    k.regions = {data, flag};
    model::Variable v;
    v.name = "seen"; v.width = 32; v.isSigned = false;
    k.vars = {v};
    auto block = [](std::vector<StmtRef> s) {
      auto b = Stmt::make(Stmt::Kind::Block, {});
      b->stmts = std::move(s);
      return b;
    };
    auto bid = Expr::builtinVar(model::Builtin::BlockIdxX);
    auto tid = Expr::builtinVar(model::Builtin::ThreadIdxX);
    auto zero = Expr::constant(0, 32);
    auto fence = [&](unsigned line) {
      auto f = Stmt::make(Stmt::Kind::Fence, {"mp.cu", line, 1});
      f->order = model::MemOrder::SeqCst;
      f->scope = fenceScope;
      f->text = "__threadfence()";
      return f;
    };
    auto access = [&](int region, uint64_t off, model::AccessKind kind, unsigned line) {
      auto s = Stmt::make(Stmt::Kind::Access, {"mp.cu", line, 1});
      s->region = region; s->offset = Expr::constant(off, 64); s->size = 4; s->access = kind;
      s->text = region == 0 ? "data[0]" : "flag";
      return s;
    };
    // Producer: block 0, thread 0.
    std::vector<StmtRef> prod;
    if (withData) prod.push_back(access(0, 0, model::AccessKind::Write, 3));
    if (producerFence) prod.push_back(fence(4));
    auto sig = access(1, 0, model::AccessKind::Atomic, 5);
    sig->atomicOp = "atomicAdd";
    sig->order = releaseSignal ? model::MemOrder::Release : model::MemOrder::Relaxed;
    sig->scope = signalScope;
    sig->updateKind = "add";
    sig->operand = Expr::constant(1, 32);
    prod.push_back(sig);
    // Consumer: other blocks, thread 0.
    auto aw = Stmt::make(Stmt::Kind::Await, {"mp.cu", 8, 1});
    aw->region = 1; aw->offset = Expr::constant(flagOffsetSeen, 64); aw->size = 4;
    aw->order = model::MemOrder::Relaxed; aw->scope = model::MemScope::System; aw->isVolatile = true;
    aw->text = "flag";
    aw->resultVar = 0;
    aw->awaitCmp = Op::UGe;
    aw->target = Expr::constant(1, 32);
    aw->cond = Expr::binary(Op::UGe, Expr::var(0, 32), Expr::constant(1, 32));
    std::vector<StmtRef> cons{aw};
    if (consumerFence) cons.push_back(fence(9));
    if (withData) cons.push_back(access(0, 0, model::AccessKind::Read, 10));
    auto iff = Stmt::make(Stmt::Kind::If, {"mp.cu", 2, 1});
    iff->cond = Expr::binary(Op::LAnd, Expr::binary(Op::Eq, tid, zero), Expr::binary(Op::Eq, bid, zero));
    iff->thenS = block(prod);
    auto els = Stmt::make(Stmt::Kind::If, {"mp.cu", 7, 1});
    els->cond = Expr::binary(Op::LAnd, Expr::binary(Op::Eq, tid, zero), Expr::binary(Op::Ne, bid, zero));
    els->thenS = block(cons);
    k.body = block({iff, els});
    k.body->label = k.nextLabel++;
    k.number();
    checker::Options o;
    o.launch.blockMin[0] = o.launch.blockMax[0] = 64;
    o.launch.blockMax[1] = o.launch.blockMax[2] = 1;
    o.launch.gridMin[0] = 2;
    o.launch.gridMax[0] = 64;
    o.launch.gridMax[1] = o.launch.gridMax[2] = 1;
    o.launch.cooperative = cooperative;
    return checker::check(k, o);
  }
};

std::string kinds(const model::KernelResult &r) {
  std::string s;
  for (auto &f : r.findings) s += std::string(model::findingKindName(f.kind)) + ": " + f.message + "\n";
  return s;
}

bool has(const model::KernelResult &r, model::FindingKind k, const std::string &text) {
  for (auto &f : r.findings)
    if (f.kind == k && f.message.find(text) != std::string::npos) return true;
  return false;
}

TEST(Protocol, FencesOnBothSidesProveMessagePassing) {
  Protocol p;
  auto r = p.check();
  EXPECT_EQ(r.verdict, model::Verdict::Proved) << kinds(r);
}

TEST(Protocol, RelaxedSignalWithoutFenceIsAMissingRelease) {
  Protocol p;
  p.producerFence = false;
  auto r = p.check();
  EXPECT_EQ(r.verdict, model::Verdict::Violations);
  EXPECT_TRUE(has(r, model::FindingKind::Ordering, "missing release")) << kinds(r);
  EXPECT_EQ(r.findings.size(), 1u) << kinds(r);
}

TEST(Protocol, ReleaseSignalNeedsNoFence) {
  Protocol p;
  p.producerFence = false;
  p.releaseSignal = true;
  auto r = p.check();
  EXPECT_EQ(r.verdict, model::Verdict::Proved) << kinds(r);
}

TEST(Protocol, VolatileSpinWithoutFenceIsAMissingAcquire) {
  Protocol p;
  p.consumerFence = false;
  auto r = p.check();
  EXPECT_TRUE(has(r, model::FindingKind::Ordering, "missing acquire")) << kinds(r);
  EXPECT_EQ(r.findings.size(), 1u) << kinds(r);
}

TEST(Protocol, BlockScopedFencesAreTooNarrow) {
  Protocol p;
  p.fenceScope = model::MemScope::CTA;
  auto r = p.check();
  EXPECT_TRUE(has(r, model::FindingKind::Ordering, "scope too narrow")) << kinds(r);
}

TEST(Protocol, BlockScopedFlagAloneIsNotMorallyStrong) {
  Protocol p;
  p.withData = false;
  p.signalScope = model::MemScope::CTA;
  auto r = p.check();
  EXPECT_TRUE(has(r, model::FindingKind::Ordering, "scope too narrow")) << kinds(r);
  EXPECT_EQ(r.findings.size(), 1u) << kinds(r);
}

TEST(Protocol, WaitingOnAFlagNobodySetsIsADeadlock) {
  Protocol p;
  p.flagOffsetSeen = 4;
  auto r = p.check();
  EXPECT_TRUE(has(r, model::FindingKind::Deadlock, "never reach")) << kinds(r);
}

TEST(Protocol, SeveralWaitingBlocksNeedCoResidency) {
  Protocol p;
  p.cooperative = false;
  auto r = p.check();
  EXPECT_TRUE(has(r, model::FindingKind::Deadlock, "co-resident")) << kinds(r);
}

}  // namespace
