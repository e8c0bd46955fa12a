#include "model/polling.h"

#include <set>

namespace syncproof::model {

namespace {

void symbols(const ExprRef &e, std::set<int> &vars, std::set<int> &havocs) {
  if (!e) return;
  if (e->kind == Expr::Kind::Var) vars.insert(e->id);
  if (e->kind == Expr::Kind::Havoc) havocs.insert(e->id);
  for (auto &a : e->args) symbols(a, vars, havocs);
}

bool writes(const Stmt &s) {
  return (s.kind == Stmt::Kind::Access && (s.access == AccessKind::Write || s.access == AccessKind::Atomic)) ||
         (s.kind == Stmt::Kind::AsyncCopy && s.access == AccessKind::Write);
}

// An atomic add of a non-zero constant: a claim that moves the loop on.
bool claims(const Stmt &s) {
  return s.kind == Stmt::Kind::Access && s.access == AccessKind::Atomic && s.updateKind == "add" && s.operand &&
         s.operand->isConst() && s.operand->value != 0;
}

struct Polling {
  Kernel &k;
  unsigned marked = 0;
  // The enclosing blocks of the statement being visited, with the position
  // of the child on the way down.
  std::vector<std::pair<Stmt *, size_t>> path;

  // Is every write to `region` that is not the loop's `own` an initialisation:
  // in an earlier statement of an enclosing block, with a block barrier
  // between it and the way to the loop? (Shared memory only.)
  template <class Own>
  bool onlyInitialisedBefore(int region, const Own &own) {
    std::set<const Stmt *> before;  // statements ordered before the loop by a barrier
    for (auto &[block, at] : path) {
      bool barrier = false;
      for (size_t i = at; i-- > 0;) {
        const Stmt &s = *block->stmts[i];
        if (barrier) forEachStmt(s, [&](const Stmt &x) { before.insert(&x); });
        if (s.kind == Stmt::Kind::Barrier && s.barrier == BarrierKind::Block && !s.arriveOnly) barrier = true;
      }
    }
    bool ok = true;
    forEachStmt(*k.body, [&](const Stmt &x) {
      if (writes(x) && x.region == region && !own(x) && !before.count(&x)) ok = false;
    });
    return ok;
  }

  // The location the loop polls (its text), or "" when it does not poll.
  // `fixed`: a __shared__ (or __constant__) location nothing else writes
  // while the loop runs,
  // which alone decides whether the loop goes on (its decision never
  // changes: it leaves at once or never).
  std::string polled(const Stmt &loop, bool &fixed) {
    fixed = false;
    std::set<int> innerLabels, assigned, produced;
    std::vector<const Stmt *> loads;
    std::vector<ExprRef> exits;  // conditions of ifs that leave the loop
    for (const StmtRef *part : {&loop.body, &loop.step}) {
      if (!*part) continue;
      forEachStmt(**part, [&](const Stmt &x) {
        if (x.kind == Stmt::Kind::Block && x.label >= 0) innerLabels.insert(x.label);
        if (x.kind == Stmt::Kind::Assign) assigned.insert(x.var);
        if (x.resultVar >= 0) assigned.insert(x.resultVar);
        if (x.kind == Stmt::Kind::Access && (x.loadedHavoc >= 0 || x.resultVar >= 0)) {
          loads.push_back(&x);
          if (x.loadedHavoc >= 0) produced.insert(x.loadedHavoc);
        }
      });
    }
    for (const StmtRef *part : {&loop.body, &loop.step}) {
      if (!*part) continue;
      forEachStmt(**part, [&](const Stmt &x) {
        if (x.kind != Stmt::Kind::If) return;
        bool leaves = anyStmt(x, [&](const Stmt &e) { return e.kind == Stmt::Kind::Exit && !innerLabels.count(e.label); });
        if (leaves) exits.push_back(x.cond);
      });
    }
    // What the loop's own condition reads, through the loop's assignments.
    auto closure = [&](std::set<int> vars, std::set<int> havocs) {
      for (size_t n = SIZE_MAX; n != vars.size() + havocs.size();) {
        n = vars.size() + havocs.size();
        for (const StmtRef *part : {&loop.body, &loop.step}) {
          if (!*part) continue;
          forEachStmt(**part, [&](const Stmt &x) {
            if (x.kind == Stmt::Kind::Assign && vars.count(x.var)) symbols(x.value, vars, havocs);
          });
        }
      }
      return std::make_pair(vars, havocs);
    };
    std::set<int> v0, h0;
    symbols(loop.cond, v0, h0);
    auto [vars, havocs] = closure(v0, h0);
    bool condVaries = false;
    for (int v : vars) condVaries |= assigned.count(v) > 0;
    for (int h : havocs) condVaries |= produced.count(h) > 0;
    // A condition that does not change in the loop, with no other way out:
    // the loop leaves at once or never (`while (*p != 1) {}` over contents
    // the contract gives, a __constant__ flag, `for (;;)` with no break).
    // (A havoc other than a load's value is fresh at each evaluation: a
    // barrier's count, a float, a value not modelled.)
    bool fresh = false;
    if (!condVaries) {
      std::set<int> loaded;
      forEachStmt(*k.body, [&](const Stmt &x) {
        if (x.loadedHavoc >= 0) loaded.insert(x.loadedHavoc);
        for (const Stmt::FieldLoad &f : x.fieldLoads) loaded.insert(f.havoc);
      });
      for (int h : havocs) fresh |= !loaded.count(h);
    }
    if (!condVaries && !fresh && exits.empty() && loop.cond && !(loop.cond->isConst() && loop.cond->value == 0)) {
      fixed = true;
      return "";
    }
    // A condition that does not change in the loop (`while (true)`) leaves
    // the deciding to the breaks.
    if (!condVaries)
      for (const ExprRef &cond : exits) symbols(cond, v0, h0);
    std::tie(vars, havocs) = closure(v0, h0);
    // The loop's own writes: those every thread that runs the loop makes in
    // each iteration (not under an if of the loop), or any write of the loop
    // when a barrier in it makes every thread of the block (of the grid, for
    // a grid barrier) run the loop together. A write under an if of the loop
    // without such a barrier may belong to a thread that never runs the loop
    // (`if (t == 0) while (f == 0) { if (t == 32) f = 1; }`): it counts as a
    // write from elsewhere.
    bool blockBarrier = false, gridBarrier = false;
    forEachStmt(loop, [&](const Stmt &x) {
      if (x.kind != Stmt::Kind::Barrier || x.arriveOnly) return;
      blockBarrier |= x.barrier == BarrierKind::Block;
      gridBarrier |= x.barrier == BarrierKind::Grid;
    });
    std::set<const Stmt *> inside, guarded;
    forEachStmt(loop, [&](const Stmt &x) { inside.insert(&x); });
    for (const StmtRef *part : {&loop.body, &loop.step}) {
      if (!*part) continue;
      forEachStmt(**part, [&](const Stmt &x) {
        if (x.kind != Stmt::Kind::If && x.kind != Stmt::Kind::Loop) return;  // (an inner loop may run no iteration)
        for (const StmtRef *arm : {&x.thenS, &x.elseS, &x.body, &x.step})
          if (*arm) forEachStmt(**arm, [&](const Stmt &y) { guarded.insert(&y); });
      });
    }
    auto own = [&](const Stmt &w, const Region &r) {
      if (!inside.count(&w)) return false;
      if (!guarded.count(&w) || gridBarrier) return true;
      return blockBarrier && r.space == AddressSpace::Shared;
    };
    for (const Stmt *l : loads) {
      bool decides = (l->loadedHavoc >= 0 && havocs.count(l->loadedHavoc)) || (l->resultVar >= 0 && vars.count(l->resultVar));
      if (!decides || claims(*l) || l->region < 0) continue;
      const Region &r = k.regions[l->region];
      if (r.space != AddressSpace::Global && r.space != AddressSpace::Shared && r.space != AddressSpace::Constant)
        continue;
      bool writtenElsewhere = false;
      forEachStmt(*k.body, [&](const Stmt &x) {
        if (writes(x) && x.region == l->region && !own(x, r)) writtenElsewhere = true;
      });
      // Does nothing but the location decide? Only its loads' values change
      // in the loop.
      std::set<int> fromLoads, loadHavocs;
      for (const Stmt *o : loads)
        if (o->region == l->region) {
          if (o->resultVar >= 0) fromLoads.insert(o->resultVar);
          if (o->loadedHavoc >= 0) loadHavocs.insert(o->loadedHavoc);
        }
      bool alone = true;
      for (int v : vars) alone &= !assigned.count(v) || fromLoads.count(v);
      for (int h : havocs) alone &= !produced.count(h) || loadHavocs.count(h);
      // A read-modify-write that changes the location, deciding alone (a
      // lock's `while (atomicCAS(lock, 0, 1) != 0)`, `atomicExch(&f, 1)`):
      // it goes on until another thread's write (a release, or another
      // thread's run of this loop) comes, whatever initialised the location
      // before. A retry loop (`assumed = old`) decides on its own values
      // too, and makes progress by itself.
      if (l->access == AccessKind::Atomic && !leavesLocationAsItIs(*l) && alone)
        return l->text.empty() ? r.name : l->text;
      bool settled = !writtenElsewhere || (r.space == AddressSpace::Shared &&
                                           onlyInitialisedBefore(l->region, [&](const Stmt &w) { return own(w, r); }));
      if (!settled) return l->text.empty() ? r.name : l->text;
      // (Global memory nothing else writes: the front end made such a spin a
      // wait, whose completion the checker decides.)
      if (r.space == AddressSpace::Global) continue;
      // ... and the loop's own writes to it leave it as it is.
      forEachStmt(loop, [&](const Stmt &x) {
        if (writes(x) && x.region == l->region && !leavesLocationAsItIs(x)) alone = false;
      });
      if (!alone) continue;
      fixed = true;
      return std::string(r.space == AddressSpace::Shared ? "__shared__ '" : "__constant__ '") +
             (l->text.empty() ? r.name : l->text) + "'";
    }
    return "";
  }

  void visit(Stmt &s) {
    if (s.kind == Stmt::Kind::Block) {
      for (size_t i = 0; i < s.stmts.size(); ++i) {
        Stmt &c = *s.stmts[i];
        if (c.kind == Stmt::Kind::Loop) {
          path.push_back({&s, i});
          bool fixed = false;
          std::string what = polled(c, fixed);
          path.pop_back();
          if (fixed && what.empty()) {
            auto u = Stmt::make(Stmt::Kind::Unknown, c.loc);
            u->reason = "a loop whose condition no iteration changes, with no other way out: it ends only if the "
                        "condition fails when the loop is reached, which is not checked in this version (a hang "
                        "would go unseen)";
            s.stmts.insert(s.stmts.begin() + (long)i, u);
            ++marked;
            ++i;
          } else if (!what.empty()) {
            auto u = Stmt::make(Stmt::Kind::Unknown, c.loc);
            u->reason = fixed ? "a loop that re-reads " + what +
                                    ", which nothing else writes while it runs, to decide whether to go on: it ends "
                                    "only if its first read lets it, which is not checked in this version (a hang "
                                    "would go unseen)"
                              : "a loop that re-reads '" + what +
                                    "', which other threads write, to decide whether to go on: whether it ends is not "
                                    "checked in this version (a deadlock would go unseen)";
            s.stmts.insert(s.stmts.begin() + (long)i, u);
            ++marked;
            ++i;  // (the loop itself, now one further on)
          }
        }
        path.push_back({&s, i});
        visit(*s.stmts[i]);
        path.pop_back();
      }
      return;
    }
    // (Loops always stand in a block, the one their `break` leaves.)
    for (StmtRef *c : {&s.thenS, &s.elseS, &s.body, &s.step})
      if (*c) visit(**c);
  }
};

}  // namespace

unsigned markPollingLoops(Kernel &k) {
  if (!k.body) return 0;
  Polling p{k};
  p.visit(*k.body);
  return p.marked;
}

}  // namespace syncproof::model
