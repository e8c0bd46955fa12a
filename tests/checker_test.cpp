// The checker on hand-built models (no Clang): each test states one rule of
// the semantics (docs/encoding.md) and the verdict it implies.
#include "checker/checker.h"

#include <gtest/gtest.h>

using namespace syncproof;
using model::Expr;
using model::ExprRef;
using model::Op;
using model::Stmt;
using model::StmtRef;

namespace {

struct Builder {
  model::Kernel k;
  StmtRef body;
  int shared = -1, global = -1;
  Builder() {
    k.name = k.displayName = "k";
    model::Region s;
    s.id = 0; s.name = "s"; s.space = model::AddressSpace::Shared; s.sizeBytes = 4096;
    model::Region g;
    g.id = 1; g.name = "g"; g.space = model::AddressSpace::Global;
    k.regions = {s, g};
    shared = 0;
    global = 1;
    body = Stmt::make(Stmt::Kind::Block, {});
    body->label = k.nextLabel++;
    k.body = body;
  }
  ExprRef tid() { return Expr::builtinVar(model::Builtin::ThreadIdxX); }
  ExprRef c32(uint64_t v) { return Expr::constant(v, 32); }
  ExprRef off(ExprRef idx) { return Expr::binary(Op::Mul, Expr::resize(idx, 64, false), Expr::constant(4, 64)); }
  StmtRef access(int region, ExprRef idx, model::AccessKind kind, unsigned line) {
    auto s = Stmt::make(Stmt::Kind::Access, {"k.cu", line, 1});
    s->region = region; s->offset = off(idx); s->size = 4; s->access = kind; s->text = "x";
    return s;
  }
  StmtRef barrier(unsigned line) {
    auto s = Stmt::make(Stmt::Kind::Barrier, {"k.cu", line, 1});
    s->barrier = model::BarrierKind::Block;
    s->text = "__syncthreads";
    return s;
  }
  StmtRef ifThen(ExprRef cond, std::vector<StmtRef> then) {
    auto s = Stmt::make(Stmt::Kind::If, {"k.cu", 1, 1});
    s->cond = cond;
    s->thenS = Stmt::make(Stmt::Kind::Block, {});
    s->thenS->stmts = std::move(then);
    return s;
  }
  void add(StmtRef s) { body->stmts.push_back(std::move(s)); }
  model::KernelResult check(unsigned blockX = 0) {
    k.number();
    checker::Options o;
    if (blockX) {
      o.launch.blockMin[0] = o.launch.blockMax[0] = blockX;
      o.launch.blockMax[1] = o.launch.blockMax[2] = 1;
      o.launch.gridMax[0] = 1024;
      o.launch.gridMax[1] = o.launch.gridMax[2] = 1;
    }
    return checker::check(k, o);
  }
};

size_t count(const model::KernelResult &r, model::FindingKind kind) {
  size_t n = 0;
  for (auto &f : r.findings) n += f.kind == kind;
  return n;
}

TEST(Checker, BarrierSeparatesWriteAndRead) {
  Builder b;
  b.add(b.access(b.shared, b.tid(), model::AccessKind::Write, 1));
  b.add(b.barrier(2));
  b.add(b.access(b.shared, Expr::binary(Op::Add, b.tid(), b.c32(1)), model::AccessKind::Read, 3));
  auto r = b.check(256);
  EXPECT_EQ(r.verdict, model::Verdict::Proved) << (r.findings.empty() ? "" : r.findings[0].message);
}

TEST(Checker, MissingBarrierIsARace) {
  Builder b;
  b.add(b.access(b.shared, b.tid(), model::AccessKind::Write, 1));
  b.add(b.access(b.shared, Expr::binary(Op::Add, b.tid(), b.c32(1)), model::AccessKind::Read, 3));
  auto r = b.check(256);
  ASSERT_EQ(r.verdict, model::Verdict::Violations);
  ASSERT_EQ(count(r, model::FindingKind::Race), 1u);
  EXPECT_EQ(r.findings[0].loc.line, 1u);  // the write is primary
  ASSERT_EQ(r.findings[0].threads.size(), 2u);
  // The counterexample is concrete and consistent: A writes what B reads.
  EXPECT_EQ(r.findings[0].threads[0].tid[0], r.findings[0].threads[1].tid[0] + 1);
}

TEST(Checker, SameValueWriteWriteIsStillARace) {
  Builder b;
  b.add(b.access(b.shared, b.c32(0), model::AccessKind::Write, 1));
  EXPECT_EQ(count(b.check(64), model::FindingKind::Race), 1u);
}

TEST(Checker, AtomicsDoNotRaceWithAtomicsButDoWithPlainAccesses) {
  Builder b;
  b.add(b.access(b.shared, b.c32(0), model::AccessKind::Atomic, 1));
  EXPECT_EQ(b.check(64).verdict, model::Verdict::Proved);
  Builder c;
  c.add(c.access(c.shared, c.c32(0), model::AccessKind::Atomic, 1));
  c.add(c.access(c.shared, c.c32(0), model::AccessKind::Read, 2));
  EXPECT_EQ(count(c.check(64), model::FindingKind::Race), 1u);
}

TEST(Checker, BarrierUnderThreadDependentConditionDiverges) {
  Builder b;
  b.add(b.ifThen(Expr::binary(Op::ULt, b.tid(), b.c32(16)), {b.barrier(5)}));
  auto r = b.check(64);
  ASSERT_EQ(count(r, model::FindingKind::Divergence), 1u);
  EXPECT_EQ(r.findings[0].loc.line, 5u);
  // With a single warp of 16 threads the condition is uniform.
  EXPECT_EQ(b.check(16).verdict, model::Verdict::Proved);
}

TEST(Checker, GlobalWritesRaceBetweenBlocks) {
  Builder b;
  b.add(b.access(b.global, b.tid(), model::AccessKind::Write, 1));
  auto r = b.check(64);
  ASSERT_EQ(count(r, model::FindingKind::Race), 1u);
  EXPECT_NE(r.findings[0].message.find("between blocks"), std::string::npos) << r.findings[0].message;
  EXPECT_NE(r.findings[0].threads[0].bid[0], r.findings[0].threads[1].bid[0]);
}

TEST(Checker, ReachableUnknownIsUnknownUnreachableIsNot) {
  Builder b;
  auto u = Stmt::make(Stmt::Kind::Unknown, {"k.cu", 7, 1});
  u->reason = "something";
  b.add(u);
  auto r = b.check(64);
  EXPECT_EQ(r.verdict, model::Verdict::Unknown);
  ASSERT_EQ(count(r, model::FindingKind::Unknown), 1u);
  EXPECT_EQ(r.findings[0].loc.line, 7u);

  Builder c;
  auto u2 = Stmt::make(Stmt::Kind::Unknown, {"k.cu", 7, 1});
  u2->reason = "dead";
  c.add(c.ifThen(Expr::binary(Op::UGt, c.tid(), c.c32(5000)), {u2}));
  EXPECT_EQ(c.check(64).verdict, model::Verdict::Proved);
}

// for (i = 0; i < tid; ++i) { __syncthreads(); }  -- thread-dependent trip count
TEST(Checker, BarrierInLoopWithThreadDependentTripCount) {
  Builder b;
  int i = 0;
  b.k.vars.push_back({"i", 32, false, {}});
  auto init = Stmt::make(Stmt::Kind::Assign, {"k.cu", 3, 1});
  init->var = i; init->value = b.c32(0);
  b.add(init);
  auto loop = Stmt::make(Stmt::Kind::Loop, {"k.cu", 3, 3});
  loop->cond = Expr::binary(Op::ULt, Expr::var(i, 32), b.tid());
  loop->body = Stmt::make(Stmt::Kind::Block, {});
  loop->body->label = b.k.nextLabel++;
  loop->body->stmts.push_back(b.barrier(4));
  loop->step = Stmt::make(Stmt::Kind::Block, {});
  auto inc = Stmt::make(Stmt::Kind::Assign, {"k.cu", 3, 1});
  inc->var = i; inc->value = Expr::binary(Op::Add, Expr::var(i, 32), b.c32(1));
  loop->step->stmts.push_back(inc);
  b.add(loop);
  auto r = b.check(64);
  EXPECT_GE(count(r, model::FindingKind::Divergence), 1u);
  bool atLoop = false;
  for (auto &f : r.findings) atLoop |= f.kind == model::FindingKind::Divergence && f.loc.line == 3;
  EXPECT_TRUE(atLoop);
}

}  // namespace
