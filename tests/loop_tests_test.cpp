// The folding of leading breaks into loop conditions (model/loop_tests.cpp)
// on hand-built models: which breaks are folded, and what the condition
// becomes.
#include "model/loop_tests.h"

#include <gtest/gtest.h>

using namespace syncproof;
using model::Expr;
using model::Op;
using model::Stmt;
using model::StmtRef;

namespace {

enum class Shape { Plain, WithElse, Continue, StmtBefore, DoWhile, TwoBreaks };

// { k = 0; while (k < n) { if (k == 3) break; [shape]; arrive } step { k = k + 1 } }
struct BreakKernel {
  model::Kernel k;
  StmtRef loop;
  explicit BreakKernel(Shape shape) {
    k.name = k.displayName = "k";
    model::Region s;
    s.id = 0; s.name = "bar"; s.space = model::AddressSpace::Shared; s.sizeBytes = 8;
    k.regions = {s};
    model::Param p;
    p.name = "n"; p.kind = model::Param::Kind::Scalar; p.width = 32;
    k.params = {p};
    k.vars.push_back({"k", 32, true, {}});
    k.body = Stmt::make(Stmt::Kind::Block, {});
    k.body->label = k.nextLabel++;
    auto outer = Stmt::make(Stmt::Kind::Block, {});
    outer->label = k.nextLabel++;
    loop = Stmt::make(Stmt::Kind::Loop, {"k.cu", 3, 1});
    loop->breakLabel = outer->label;
    loop->testFirst = shape != Shape::DoWhile;
    loop->cond = Expr::binary(Op::SLt, Expr::var(0, 32), Expr::param(0, 32));
    loop->body = Stmt::make(Stmt::Kind::Block, {});
    loop->body->label = k.nextLabel++;
    auto leave = [&](int value, int label) {
      auto i = Stmt::make(Stmt::Kind::If, {"k.cu", 4, 1});
      i->cond = Expr::binary(Op::Eq, Expr::var(0, 32), Expr::constant(value, 32));
      i->thenS = Stmt::make(Stmt::Kind::Exit, {"k.cu", 4, 20});
      i->thenS->label = label;
      return i;
    };
    if (shape == Shape::StmtBefore) {
      auto a = Stmt::make(Stmt::Kind::Assign, {});
      a->var = 0; a->value = Expr::var(0, 32);
      loop->body->stmts.push_back(a);
    }
    StmtRef first = leave(3, shape == Shape::Continue ? loop->body->label : outer->label);
    if (shape == Shape::WithElse) {
      first->elseS = Stmt::make(Stmt::Kind::Block, {});
      auto a = Stmt::make(Stmt::Kind::Assign, {});
      a->var = 0; a->value = Expr::constant(0, 32);
      first->elseS->stmts.push_back(a);
    }
    loop->body->stmts.push_back(first);
    if (shape == Shape::TwoBreaks) loop->body->stmts.push_back(leave(5, outer->label));
    auto m = Stmt::make(Stmt::Kind::Mbarrier, {"k.cu", 5, 1});
    m->mbarOp = model::MbarOp::Arrive; m->region = 0; m->offset = Expr::constant(0, 64);
    loop->body->stmts.push_back(m);
    loop->step = Stmt::make(Stmt::Kind::Block, {});
    auto inc = Stmt::make(Stmt::Kind::Assign, {});
    inc->var = 0; inc->value = Expr::binary(Op::Add, Expr::var(0, 32), Expr::constant(1, 32));
    loop->step->stmts.push_back(inc);
    outer->stmts.push_back(loop);
    k.body->stmts.push_back(outer);
  }
};

}  // namespace

TEST(LeadingBreaks, ABreakAtTheTopOfTheBodyBecomesPartOfTheCondition) {
  BreakKernel b(Shape::Plain);
  model::ExprRef before = b.loop->cond;
  EXPECT_EQ(model::foldLeadingBreaks(b.k), 1u);
  ASSERT_EQ(b.loop->body->stmts.size(), 1u);
  EXPECT_EQ(b.loop->body->stmts[0]->kind, Stmt::Kind::Mbarrier);
  ASSERT_EQ(b.loop->cond->op, Op::LAnd);
  EXPECT_EQ(b.loop->cond->args[0], before);
  EXPECT_EQ(b.loop->cond->args[1]->op, Op::LNot);
}

TEST(LeadingBreaks, SuccessiveLeadingBreaksAreAllFolded) {
  BreakKernel b(Shape::TwoBreaks);
  EXPECT_EQ(model::foldLeadingBreaks(b.k), 2u);
  ASSERT_EQ(b.loop->body->stmts.size(), 1u);
  EXPECT_EQ(b.loop->body->stmts[0]->kind, Stmt::Kind::Mbarrier);
}

TEST(LeadingBreaks, OtherShapesAreLeftAlone) {
  // An else branch, a continue, a statement before the test, a do-while:
  // none of them is the loop's test.
  for (Shape shape : {Shape::WithElse, Shape::Continue, Shape::StmtBefore, Shape::DoWhile}) {
    BreakKernel b(shape);
    model::ExprRef before = b.loop->cond;
    size_t n = b.loop->body->stmts.size();
    EXPECT_EQ(model::foldLeadingBreaks(b.k), 0u) << (int)shape;
    EXPECT_EQ(b.loop->cond, before) << (int)shape;
    EXPECT_EQ(b.loop->body->stmts.size(), n) << (int)shape;
  }
}
