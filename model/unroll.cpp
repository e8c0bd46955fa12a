#include "model/unroll.h"

#include <optional>
#include <set>

namespace syncproof::model {

namespace {

using Env = std::map<int, uint64_t>;  // variable -> constant value

// Variables a statement may change.
void assigned(const Stmt &s, std::set<int> &out) {
  forEachStmt(s, [&](const Stmt &x) {
    if (x.kind == Stmt::Kind::Assign) out.insert(x.var);
    if (x.resultVar >= 0) out.insert(x.resultVar);
  });
}


StmtRef clone(const StmtRef &s) { return cloneTree(s); }

// Marks every statement of an unrolled copy with its iteration.
void tagIteration(Stmt &s, unsigned line, unsigned iteration) {
  s.unrolledFrom.push_back({line, iteration});
  for (auto &c : s.stmts) tagIteration(*c, line, iteration);
  for (Stmt *x : {s.thenS.get(), s.elseS.get(), s.body.get(), s.step.get()})
    if (x) tagIteration(*x, line, iteration);
}

struct Unroller {
  const std::map<int, uint64_t> &params;
  unsigned maxIterations;
  UnrollResult &result;
  unsigned maxSmall = 0;
  // Statements of a small loop's unrolled copies, at most (a bound on the
  // growth of nested small loops; assignments cost the executor only terms).
  static constexpr size_t kMaxSmallStatements = 512;

  static size_t statements(const Stmt &s) {
    size_t n = 0;
    forEachStmt(s, [&](const Stmt &) { ++n; });
    return n;
  }
  // Small loops are only those that compute values: no memory access (an
  // unrolled access would multiply the race check's pairs), no
  // synchronization, no exit, nothing the front end did not model.
  static bool onlyComputes(const Stmt &s) {
    return !anyStmt(s, [](const Stmt &x) {
      // (A warp collective orders nothing and accesses no memory: the
      // butterfly of __shfl_xor_sync is unrolled like its arithmetic.)
      bool collective = x.kind == Stmt::Kind::Barrier && x.barrier == BarrierKind::WarpCollective;
      return x.kind != Stmt::Kind::Assign && x.kind != Stmt::Kind::Block && x.kind != Stmt::Kind::If &&
             x.kind != Stmt::Kind::Loop && x.kind != Stmt::Kind::Assume && !collective;
    });
  }

  // The number of iterations of `loop` from `env`, if it is a constant.
  std::optional<unsigned> tripCount(const Stmt &loop, const Env &env) {
    std::set<int> stepVars, bodyVars;
    for (auto &c : loop.step->stmts) {
      if (c->kind != Stmt::Kind::Assign) return std::nullopt;  // the condition's effects: not a counted loop
      stepVars.insert(c->var);
    }
    assigned(*loop.body, bodyVars);
    for (int v : stepVars)
      if (bodyVars.count(v)) return std::nullopt;
    Env e = env;
    for (unsigned n = 0;; ++n) {
      if (n > 0 || loop.testFirst) {
        auto c = evalConst(*loop.cond, e, params);
        if (!c) return std::nullopt;
        if (!*c) return n;
      }
      if (n >= maxIterations) return std::nullopt;
      // (A step variable the test does not read may stay unknown: the
      // unrolled copies run its steps as written.)
      for (auto &c : loop.step->stmts) {
        auto v = evalConst(*c->value, e, params);
        if (v) e[c->var] = *v;
        else e.erase(c->var);
      }
    }
  }

  // Walks a statement in program order with the constants known before it;
  // afterwards `env` holds the constants known after it.
  void walk(StmtRef &s, Env &env) {
    switch (s->kind) {
    case Stmt::Kind::Assign: {
      auto v = evalConst(*s->value, env, params);
      if (v) env[s->var] = *v;
      else env.erase(s->var);
      return;
    }
    case Stmt::Kind::Block:
      for (auto &c : s->stmts) walk(c, env);
      // Exits into this block merge other paths: forget what they changed.
      if (s->label >= 0) forgetAssigned(*s, env);
      return;
    case Stmt::Kind::If: {
      // A condition that is a constant here (for every thread): its branch.
      if (auto c = evalConst(*s->cond, env, params)) {
        StmtRef taken = *c ? s->thenS : s->elseS;
        if (!taken) taken = Stmt::make(Stmt::Kind::Block, s->loc);
        s = taken;
        walk(s, env);
        return;
      }
      Env a = env, b = env;
      walk(s->thenS, a);
      if (s->elseS) walk(s->elseS, b);
      Env merged;
      for (auto &[v, x] : a) {
        auto it = b.find(v);
        if (it != b.end() && it->second == x) merged[v] = x;
      }
      env = merged;
      return;
    }
    case Stmt::Kind::Loop: {
      bool pipeline = containsPipelineOp(*s);
      bool small = !pipeline && maxSmall > 0 && onlyComputes(*s);
      if ((pipeline || small) && !exitsTo(*s->body, s->breakLabel)) {
        std::optional<unsigned> n = tripCount(*s, env);
        if (small && n && (*n > maxSmall || *n * (statements(*s->body) + statements(*s->step)) > kMaxSmallStatements))
          n.reset();
        if (n) {
          // { body; step } n times (a do-while runs its body at least once).
          auto block = Stmt::make(Stmt::Kind::Block, s->loc);
          for (unsigned i = 0; i < *n; ++i) {
            block->stmts.push_back(clone(s->body));
            block->stmts.push_back(clone(s->step));
            for (size_t j = block->stmts.size() - 2; j < block->stmts.size(); ++j)
              tagIteration(*block->stmts[j], s->loc.line, i);
          }
          if (pipeline) {
            ++result.loopsUnrolled;
            result.iterations += *n;
          } else {
            ++result.smallLoopsUnrolled;
            result.smallIterations += *n;
          }
          s = block;
          walk(s, env);
          return;
        }
      }
      if (containsPipelineOp(*s) && !result.loopsLeft++) result.firstLeft = s->loc;
      forgetAssigned(*s, env);
      // Inner loops: constants inside are those that hold at every iteration.
      Env inner = env;
      walk(s->body, inner);
      Env inner2 = env;
      walk(s->step, inner2);
      return;
    }
    default:
      if (s->resultVar >= 0) env.erase(s->resultVar);
      return;
    }
  }
  void forgetAssigned(const Stmt &s, Env &env) {
    std::set<int> vars;
    assigned(s, vars);
    for (int v : vars) env.erase(v);
  }
};

}  // namespace

namespace {
ExprRef fixBlock(const ExprRef &e, const uint64_t b[3]) {
  if (!e) return e;
  if (e->kind == Expr::Kind::Builtin) {
    if (e->builtin == Builtin::BlockIdxX) return Expr::constant(b[0], e->width);
    if (e->builtin == Builtin::BlockIdxY) return Expr::constant(b[1], e->width);
    if (e->builtin == Builtin::BlockIdxZ) return Expr::constant(b[2], e->width);
    return e;
  }
  if (e->args.empty()) return e;
  std::vector<ExprRef> args;
  bool changed = false;
  for (auto &a : e->args) {
    args.push_back(fixBlock(a, b));
    changed |= args.back() != a;
  }
  if (!changed) return e;
  if (e->kind == Expr::Kind::Table)
    return Expr::tableLoad(e->id, e->table, args[0], e->width);
  auto n = std::make_shared<Expr>(*e);
  n->args = std::move(args);
  return n;
}
void fixBlockStmt(const StmtRef &s, const uint64_t b[3]) {
  if (!s) return;
  for (ExprRef *p : {&s->value, &s->offset, &s->operand, &s->target, &s->txBytes, &s->srcOffset, &s->mbarOffset,
                     &s->barrierId, &s->barrierCount, &s->warpMask, &s->cond})
    *p = fixBlock(*p, b);
  for (auto &c : s->stmts) fixBlockStmt(c, b);
  for (const StmtRef *p : {&s->thenS, &s->elseS, &s->body, &s->step}) fixBlockStmt(*p, b);
}
}  // namespace

Kernel withBlockIndex(const Kernel &k, const uint64_t blockIdx[3]) {
  Kernel out = k;
  out.body = clone(k.body);
  fixBlockStmt(out.body, blockIdx);
  return out;
}

bool containsPipelineOp(const Stmt &s) {
  return anyStmt(s, [](const Stmt &x) {
    return x.kind == Stmt::Kind::Mbarrier || x.kind == Stmt::Kind::AsyncCopy ||
           (x.kind == Stmt::Kind::Barrier && x.barrier == BarrierKind::Named);
  });
}

Kernel unrollPipelineLoops(const Kernel &k, const std::map<int, uint64_t> &fixedParams, unsigned maxIterations,
                           UnrollResult &result, unsigned maxSmallIterations) {
  Kernel out = k;
  out.body = clone(k.body);
  Unroller u{fixedParams, maxIterations, result, maxSmallIterations};
  Env env;
  u.walk(out.body, env);
  out.number();
  return out;
}

}  // namespace syncproof::model
