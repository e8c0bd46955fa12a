#include "model/loop_tests.h"

namespace syncproof::model {

namespace {

// `s` is `exit label` (a break), possibly inside blocks of one statement.
bool isExitTo(const Stmt &s, int label) {
  if (s.kind == Stmt::Kind::Exit) return s.label == label;
  if (s.kind == Stmt::Kind::Block && s.label < 0 && s.stmts.size() == 1) return isExitTo(*s.stmts[0], label);
  return false;
}

// The first statement of a block, through unlabelled blocks at its start:
// the block holding it, and its index there.
Stmt *firstHolder(Stmt &body) {
  Stmt *b = &body;
  while (!b->stmts.empty() && b->stmts[0]->kind == Stmt::Kind::Block && b->stmts[0]->label < 0 &&
         !b->stmts[0]->stmts.empty())
    b = b->stmts[0].get();
  return b->stmts.empty() ? nullptr : b;
}

unsigned fold(Stmt &s) {
  unsigned n = 0;
  for (auto &c : s.stmts) n += fold(*c);
  if (s.thenS) n += fold(*s.thenS);
  if (s.elseS) n += fold(*s.elseS);
  if (s.body) n += fold(*s.body);
  if (s.step) n += fold(*s.step);
  if (s.kind != Stmt::Kind::Loop || !s.testFirst || !s.body || s.breakLabel < 0) return n;
  while (Stmt *h = firstHolder(*s.body)) {
    const Stmt &first = *h->stmts[0];
    bool emptyElse = !first.elseS || (first.elseS->kind == Stmt::Kind::Block && first.elseS->stmts.empty());
    if (first.kind != Stmt::Kind::If || !first.cond || !first.thenS || !emptyElse ||
        !isExitTo(*first.thenS, s.breakLabel))
      break;
    ExprRef leave = Expr::unary(Op::LNot, Expr::truth(first.cond), 1);
    s.cond = s.cond ? Expr::binary(Op::LAnd, Expr::truth(s.cond), leave) : leave;
    h->stmts.erase(h->stmts.begin());
    ++n;
  }
  return n;
}

}  // namespace

unsigned foldLeadingBreaks(Kernel &k) { return k.body ? fold(*k.body) : 0; }

}  // namespace syncproof::model
