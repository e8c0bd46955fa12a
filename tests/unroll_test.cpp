// The unrolling of pipeline loops (model/unroll.cpp) on hand-built models:
// which loops are unrolled, how many iterations, and which are left alone.
#include "model/unroll.h"

#include <gtest/gtest.h>

using namespace syncproof;
using model::Expr;
using model::Op;
using model::Stmt;
using model::StmtRef;

namespace {

// { k = init; while (k < bound) { [mbarrier arrive] } step { k = k + 1 } }
struct LoopKernel {
  model::Kernel k;
  int var = -1;
  StmtRef loop;
  LoopKernel(model::ExprRef init, model::ExprRef bound, bool pipelineOp, bool assignInBody = false) {
    k.name = k.displayName = "k";
    model::Region s;
    s.id = 0; s.name = "bar"; s.space = model::AddressSpace::Shared; s.sizeBytes = 8;
    k.regions = {s};
    model::Param p;
    p.name = "n"; p.kind = model::Param::Kind::Scalar; p.width = 32;
    k.params = {p};
    k.vars.push_back({"k", 32, true, {}});
    var = 0;
    k.body = Stmt::make(Stmt::Kind::Block, {});
    k.body->label = k.nextLabel++;
    auto outer = Stmt::make(Stmt::Kind::Block, {});
    outer->label = k.nextLabel++;
    auto a = Stmt::make(Stmt::Kind::Assign, {});
    a->var = var; a->value = init;
    outer->stmts.push_back(a);
    loop = Stmt::make(Stmt::Kind::Loop, {"k.cu", 3, 1});
    loop->breakLabel = outer->label;
    loop->cond = Expr::binary(Op::SLt, Expr::var(var, 32), bound);
    loop->body = Stmt::make(Stmt::Kind::Block, {});
    loop->body->label = k.nextLabel++;
    if (pipelineOp) {
      auto m = Stmt::make(Stmt::Kind::Mbarrier, {"k.cu", 4, 1});
      m->mbarOp = model::MbarOp::Arrive; m->region = 0; m->offset = Expr::constant(0, 64);
      loop->body->stmts.push_back(m);
    }
    if (assignInBody) {
      auto b = Stmt::make(Stmt::Kind::Assign, {});
      b->var = var; b->value = Expr::constant(0, 32);
      loop->body->stmts.push_back(b);
    }
    loop->step = Stmt::make(Stmt::Kind::Block, {});
    auto inc = Stmt::make(Stmt::Kind::Assign, {});
    inc->var = var; inc->value = Expr::binary(Op::Add, Expr::var(var, 32), Expr::constant(1, 32));
    loop->step->stmts.push_back(inc);
    outer->stmts.push_back(loop);
    k.body->stmts.push_back(outer);
    k.number();
  }
};

size_t countKind(const Stmt &s, Stmt::Kind kind) {
  size_t n = s.kind == kind;
  for (auto &c : s.stmts) n += countKind(*c, kind);
  for (const StmtRef *p : {&s.thenS, &s.elseS, &s.body, &s.step})
    if (*p) n += countKind(**p, kind);
  return n;
}

TEST(Unroll, ConstantTripCountWithPipelineOpIsUnrolled) {
  LoopKernel lk(Expr::constant(0, 32), Expr::constant(3, 32), true);
  model::UnrollResult r;
  model::Kernel u = model::unrollPipelineLoops(lk.k, {}, 64, r);
  EXPECT_EQ(r.loopsUnrolled, 1u);
  EXPECT_EQ(r.iterations, 3u);
  EXPECT_EQ(countKind(*u.body, Stmt::Kind::Loop), 0u);
  EXPECT_EQ(countKind(*u.body, Stmt::Kind::Mbarrier), 3u);
  // The input model is not changed.
  EXPECT_EQ(countKind(*lk.k.body, Stmt::Kind::Loop), 1u);
  // Statement ids are unique again.
  EXPECT_GT(u.stmtCount, lk.k.stmtCount);
}

TEST(Unroll, ParameterFixedByTheContractGivesTheTripCount) {
  LoopKernel lk(Expr::constant(0, 32), Expr::param(0, 32), true);
  model::UnrollResult r;
  model::unrollPipelineLoops(lk.k, {{0, 5}}, 64, r);
  EXPECT_EQ(r.iterations, 5u);
  model::UnrollResult none;
  model::unrollPipelineLoops(lk.k, {}, 64, none);  // a range: not a constant
  EXPECT_EQ(none.loopsUnrolled, 0u);
}

TEST(Unroll, LoopsWithoutPipelineOpsOrBeyondTheLimitStay) {
  LoopKernel plain(Expr::constant(0, 32), Expr::constant(3, 32), false);
  model::UnrollResult r1;
  model::unrollPipelineLoops(plain.k, {}, 64, r1);
  EXPECT_EQ(r1.loopsUnrolled, 0u);
  LoopKernel big(Expr::constant(0, 32), Expr::constant(100, 32), true);
  model::UnrollResult r2;
  model::unrollPipelineLoops(big.k, {}, 64, r2);
  EXPECT_EQ(r2.loopsUnrolled, 0u);
  LoopKernel zero(Expr::constant(7, 32), Expr::constant(3, 32), true);
  model::UnrollResult r3;
  model::Kernel u = model::unrollPipelineLoops(zero.k, {}, 64, r3);
  EXPECT_EQ(r3.iterations, 0u);  // the condition fails at entry: no iteration
  EXPECT_EQ(countKind(*u.body, Stmt::Kind::Mbarrier), 0u);
}

TEST(Unroll, SmallLoopsThatOnlyComputeAreUnrolledWhenAsked) {
  LoopKernel plain(Expr::constant(0, 32), Expr::constant(3, 32), false);
  model::UnrollResult r;
  model::Kernel u = model::unrollPipelineLoops(plain.k, {}, 64, r, 8);
  EXPECT_EQ(r.loopsUnrolled, 0u);  // counted apart from the pipeline loops
  EXPECT_EQ(r.smallLoopsUnrolled, 1u);
  EXPECT_EQ(r.smallIterations, 3u);
  EXPECT_EQ(countKind(*u.body, Stmt::Kind::Loop), 0u);
  // Beyond the small limit (the pipeline limit is larger): left alone.
  LoopKernel longer(Expr::constant(0, 32), Expr::constant(9, 32), false);
  model::UnrollResult r2;
  model::unrollPipelineLoops(longer.k, {}, 64, r2, 8);
  EXPECT_EQ(r2.smallLoopsUnrolled, 0u);
  // A memory access in the body: its copies would multiply the race check's
  // pairs, so the loop stays a loop.
  LoopKernel access(Expr::constant(0, 32), Expr::constant(3, 32), false);
  auto rd = Stmt::make(Stmt::Kind::Access, {"k.cu", 4, 1});
  rd->region = 0; rd->offset = Expr::constant(0, 64); rd->size = 4;
  access.loop->body->stmts.push_back(rd);
  access.k.number();
  model::UnrollResult r3;
  model::Kernel u3 = model::unrollPipelineLoops(access.k, {}, 64, r3, 8);
  EXPECT_EQ(r3.smallLoopsUnrolled, 0u);
  EXPECT_EQ(countKind(*u3.body, Stmt::Kind::Loop), 1u);
  // Not asked (the default): left alone.
  model::UnrollResult r4;
  model::unrollPipelineLoops(plain.k, {}, 64, r4);
  EXPECT_EQ(r4.smallLoopsUnrolled, 0u);
}

TEST(Unroll, LoopVariableChangedInTheBodyIsNotCounted) {
  LoopKernel lk(Expr::constant(0, 32), Expr::constant(3, 32), true, /*assignInBody=*/true);
  model::UnrollResult r;
  model::unrollPipelineLoops(lk.k, {}, 64, r);
  EXPECT_EQ(r.loopsUnrolled, 0u);
}

// A table of three 32-bit words {10, 20, 30}; loads fold at constant offsets.
std::shared_ptr<const std::vector<uint8_t>> table3() {
  auto b = std::make_shared<std::vector<uint8_t>>(12, 0);
  (*b)[0] = 10; (*b)[4] = 20; (*b)[8] = 30;
  return b;
}

TEST(Table, LoadsAtConstantOffsetsFoldOutsideAreUnknown) {
  auto t = table3();
  EXPECT_EQ(Expr::tableValue(*t, 4, 32), std::optional<uint64_t>(20));
  EXPECT_EQ(Expr::tableValue(*t, 8, 16), std::optional<uint64_t>(30));
  EXPECT_FALSE(Expr::tableValue(*t, 10, 32));  // past the end
  model::ExprRef folded = Expr::tableLoad(0, t, Expr::constant(8, 64), 32);
  ASSERT_TRUE(folded->isConst());
  EXPECT_EQ(folded->value, 30u);
  // A variable offset stays a table node; evalConst resolves it from the variable.
  model::ExprRef load = Expr::tableLoad(0, t, Expr::binary(Op::Mul, Expr::var(0, 64), Expr::constant(4, 64)), 32);
  EXPECT_EQ(load->kind, Expr::Kind::Table);
  EXPECT_EQ(model::evalConst(*load, {{0, 1}}, {}), std::optional<uint64_t>(20));
  EXPECT_FALSE(model::evalConst(*load, {{0, 3}}, {}));  // outside the table: not a constant
  EXPECT_FALSE(model::evalConst(*load, {}, {}));
}

// In an unrolled loop, a branch on the iteration's table word keeps only
// the taken side; blockIdx fixed by withBlockIndex selects a block's row.
TEST(Unroll, ConstantConditionsSelectTheirBranch) {
  LoopKernel lk(Expr::constant(0, 32), Expr::constant(3, 32), true);
  // if (table[k] == 20 && threadIdx.x < 5) { arrive } else { }  -- only iteration 1 keeps it
  auto word = Expr::tableLoad(0, table3(), Expr::binary(Op::Mul, Expr::resize(Expr::var(lk.var, 32), 64, true),
                                                        Expr::constant(4, 64)), 32);
  auto cond = Expr::binary(Op::LAnd, Expr::binary(Op::Eq, word, Expr::constant(20, 32)),
                           Expr::binary(Op::ULt, Expr::builtinVar(model::Builtin::ThreadIdxX), Expr::constant(5, 32)));
  auto branch = Stmt::make(Stmt::Kind::If, {"k.cu", 5, 1});
  branch->cond = cond;
  branch->thenS = Stmt::make(Stmt::Kind::Block, {});
  auto m = Stmt::make(Stmt::Kind::Mbarrier, {"k.cu", 6, 1});
  m->mbarOp = model::MbarOp::Arrive; m->region = 0; m->offset = Expr::constant(0, 64);
  branch->thenS->stmts.push_back(m);
  lk.loop->body->stmts = {branch};
  lk.k.number();
  model::UnrollResult r;
  model::Kernel u = model::unrollPipelineLoops(lk.k, {}, 64, r);
  EXPECT_EQ(r.iterations, 3u);
  // Iterations 0 and 2: the word is not 20, the branch is gone; iteration 1:
  // the thread-dependent half remains, so one If with its arrive is left.
  EXPECT_EQ(countKind(*u.body, Stmt::Kind::If), 1u);
  EXPECT_EQ(countKind(*u.body, Stmt::Kind::Mbarrier), 1u);
}

TEST(Unroll, WithBlockIndexReplacesBlockIdx) {
  LoopKernel lk(Expr::constant(0, 32), Expr::binary(Op::Add, Expr::builtinVar(model::Builtin::BlockIdxX),
                                                    Expr::constant(1, 32)), true);
  model::UnrollResult symbolic;
  model::unrollPipelineLoops(lk.k, {}, 64, symbolic);
  EXPECT_EQ(symbolic.loopsUnrolled, 0u);  // blockIdx unknown: trip count unknown
  EXPECT_EQ(symbolic.loopsLeft, 1u);
  uint64_t b[3] = {2, 0, 0};
  model::Kernel mine = model::withBlockIndex(lk.k, b);
  model::UnrollResult r;
  model::unrollPipelineLoops(mine, {}, 64, r);
  EXPECT_EQ(r.iterations, 3u);  // blockIdx.x + 1 = 3
}

}  // namespace
