// Cross-block protocols: happens-before through counters and flags, ordering
// findings, deadlock freedom of spin-waits and co-residency
// (docs/memory-model.md states the rules).
#include "checker/engine.h"

#include <limits>

namespace syncproof::checker::detail {


bool Checker::onlyUniform(const z3::expr &e, const Thread &t, const std::set<std::string> &extra) {
  // Memoized: the same terms (a lead's path, offsets) are asked about for
  // every pair of accesses. The cache holds the term, so its id stays its own.
  std::string key = t.name;
  for (const std::string &x : extra) key += "|" + x;
  auto memo = uniformMemo.find({e.id(), key});
  if (memo != uniformMemo.end()) return memo->second.second;
  bool r = onlyUniformWalk(e, t, extra);
  uniformMemo.emplace(std::make_pair(e.id(), key), std::make_pair(e, r));
  return r;
}

// Whether every constant symbol of `e` is one `allowed` accepts (no quantifiers).
static bool onlySymbols(const z3::expr &e, const std::function<bool(const std::string &)> &allowed) {
  std::vector<z3::expr> todo{e};
  std::set<unsigned> seen;
  while (!todo.empty()) {
    z3::expr x = todo.back();
    todo.pop_back();
    if (!seen.insert(x.id()).second) continue;
    if (x.is_quantifier()) return false;
    if (!x.is_app()) continue;
    if (x.num_args() == 0 && x.decl().decl_kind() == Z3_OP_UNINTERPRETED && !allowed(x.decl().name().str())) return false;
    for (unsigned i = 0; i < x.num_args(); ++i) todo.push_back(x.arg(i));
  }
  return true;
}

// Launch dimensions, parameters and the thread's own indices.
static bool launchOrOwnIndex(const std::string &n, const Thread &t) {
  return n.rfind("blockDim.", 0) == 0 || n.rfind("gridDim.", 0) == 0 || n.rfind("param.", 0) == 0 ||
         n.rfind(t.name + ".threadIdx.", 0) == 0 || n.rfind(t.name + ".blockIdx.", 0) == 0;
}

bool Checker::onlyUniformWalk(const z3::expr &e, const Thread &t, const std::set<std::string> &extra) {
  return onlySymbols(e, [&](const std::string &n) {
    return launchOrOwnIndex(n, t) || n.rfind("shared.blockIdx.", 0) == 0 || n.rfind("U!", 0) == 0 || extra.count(n);
  });
}

// Two events in the same loops (the same iteration counters).
static bool sameLoops(const std::vector<z3::expr> &a, const std::vector<z3::expr> &b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!z3::eq(a[i], b[i])) return false;
  return true;
}
// Two events inside one outermost loop.
static bool sharesOuterLoop(const std::vector<z3::expr> &a, const std::vector<z3::expr> &b) {
  return !a.empty() && !b.empty() && z3::eq(a.front(), b.front());
}

// `e` with the term `from` replaced by `to` (an iteration counter by another
// iteration's term).
static z3::expr replaced(z3::expr e, const z3::expr &from, const z3::expr &to) {
  z3::expr_vector f(e.ctx()), t(e.ctx());
  f.push_back(from);
  t.push_back(to);
  return e.substitute(f, t);
}

std::set<std::string> Checker::counterNames(const std::vector<z3::expr> &iters) {
  std::set<std::string> r;
  for (const z3::expr &k : iters) r.insert(k.decl().name().str());
  return r;
}

bool Checker::instanceFree(const z3::expr &e, const Thread &t, const std::vector<z3::expr> &iters) {
  std::set<std::string> counters = counterNames(iters);
  return onlySymbols(e, [&](const std::string &n) { return launchOrOwnIndex(n, t) || counters.count(n); });
}

Checker::Instance Checker::otherInstance(const Thread &t, const std::vector<z3::expr> &iters, const std::string &tag,
                                         bool renameThread) {
  Instance r{z3::expr_vector(c), z3::expr_vector(c), c.bool_val(true), c.bool_val(false), c.bool_val(false),
             z3::expr_vector(c), c.bv_val(0, 64), {}};
  const char *xyz = "xyz";
  z3::expr bid[3] = {t.bid[0], t.bid[1], t.bid[2]};
  for (int i = 0; i < 3 && renameThread; ++i) {
    z3::expr ti = c.bv_const((tag + ".threadIdx." + xyz[i]).c_str(), 32);
    z3::expr bi = c.bv_const((tag + ".blockIdx." + xyz[i]).c_str(), 32);
    r.from.push_back(t.tid[i]);
    r.to.push_back(ti);
    r.from.push_back(t.bid[i]);
    r.to.push_back(bi);
    r.bound.push_back(ti);
    r.bound.push_back(bi);
    r.inRange = r.inRange && z3::ult(ti, bdim[i]) && z3::ult(bi, gdim[i]);
    r.differs = r.differs || ti != t.tid[i] || bi != t.bid[i];
    r.otherThread = r.otherThread || ti != t.tid[i] || bi != t.bid[i];
    bid[i] = bi;
  }
  r.linBid = z3::zext(bid[0], 32) + z3::zext(gdim[0], 32) * (z3::zext(bid[1], 32) + z3::zext(gdim[1], 32) * z3::zext(bid[2], 32));
  for (const z3::expr &k : iters) {
    z3::expr k2 = c.bv_const((tag + "." + k.decl().name().str()).c_str(), k.get_sort().bv_size());
    r.from.push_back(k);
    r.to.push_back(k2);
    r.bound.push_back(k2);
    r.differs = r.differs || k2 != k;
    r.iters.push_back(k2);
  }
  return r;
}

z3::expr Checker::iterationsExist(Executor &x, const Thread &t, const std::vector<z3::expr> &iters) {
  z3::expr r = c.bool_val(true);
  for (const z3::expr &k : iters)
    if (const LoopIter *li = loopIterOf(x, k); li && instanceFree(li->closedAssume, t, iters)) r = r && li->closedAssume;
  return r;
}

bool Checker::executedWhenReached(Executor &x, const Thread &t, const z3::expr &pc, const std::vector<z3::expr> &iters) {
  if (!instanceFree(pc, t, iters)) return false;
  for (size_t d = 0; d < iters.size(); ++d) {
    const LoopIter *li = loopIterOf(x, iters[d]);
    if (!li || li->notPlain) return false;
    std::vector<z3::expr> outer(iters.begin(), iters.begin() + d + 1);
    if (!instanceFree(li->cond, t, outer) || !instanceFree(li->closedAssume, t, outer)) return false;
    // Monotone: the condition at iteration k implies it at every i <= k.
    z3::expr i = c.bv_const(("mono." + iters[d].decl().name().str()).c_str(), 64);
    z3::expr condI = replaced(li->cond, iters[d], i), assumeI = replaced(li->closedAssume, iters[d], i);
    if (check(launchConstraints() && threadConstraints(t) && li->closedAssume && li->cond && assumeI && z3::ule(i, iters[d]) &&
              !condI) != z3::unsat)
      return false;
  }
  return true;
}

// A signal inside loops is exclusive when no other instance of any write in
// the kernel (any thread, block or iteration) overlaps its address.
bool Checker::eventInstanceFree(const AccessEv &e) {
  return instanceFree(e.pc, C, e.iters) && instanceFree(e.off, C, e.iters) &&
         (!e.operand || instanceFree(*e.operand, C, e.iters));
}

bool Checker::noOtherWriter(Executor &ec, const AccessEv &sc, const z3::expr &base) {
  for (const AccessEv &e : ec.accesses) {
    if (e.s == sc.s || e.s->region != sc.s->region || !writesMemory(*e.s)) continue;
    if (!eventInstanceFree(e)) return false;
    Instance oe = otherInstance(C, e.iters, "O");
    if (check(base && oe.inRange && oe(e.pc) && oe(iterationsExist(ec, C, e.iters)) &&
              overlap(c, sc.off, sc.s->size, oe(e.off), e.s->size)) != z3::unsat)
      return false;
  }
  return true;
}

// A signal inside loops is exclusive when no other instance of any write in
// the kernel (any thread, block or iteration) overlaps its address.
// The main run records the signal once (its instances are one per iteration).
static bool oneEventPerIteration(const Executor &ec, const AccessEv &sc) {
  for (const AccessEv &e : ec.accesses)
    if (e.s == sc.s && &e != &sc && !e.cont) return false;
  return true;
}

bool Checker::loopSignalExclusive(Executor &ec, const AccessEv &sc) {
  const Stmt &s = *sc.s;
  if (!eventInstanceFree(sc)) return false;
  if (!oneEventPerIteration(ec, sc)) return false;
  z3::expr base = launchConstraints() && threadConstraints(C) && sc.pc && iterationsExist(ec, C, sc.iters);
  // Its own other instances (its copies in continuation runs are among them).
  Instance o = otherInstance(C, sc.iters, "O");
  if (check(base && o.inRange && o(sc.pc) && o(iterationsExist(ec, C, sc.iters)) && o.differs &&
            overlap(c, sc.off, s.size, o(sc.off), s.size)) != z3::unsat)
    return false;
  return noOtherWriter(ec, sc, base);
}

// The signal writes the same address in every iteration, no other thread's
// instance overlaps it, and no other statement writes it (`base`: the
// signal's instance runs).
bool Checker::singleWriterFixedAddress(Executor &ec, const AccessEv &sc, const z3::expr &base) {
  Instance it = otherInstance(C, sc.iters, "I", false);
  if (check(base && it(sc.pc) && it(iterationsExist(ec, C, sc.iters)) && it(sc.off) != sc.off) != z3::unsat) return false;
  Instance o = otherInstance(C, sc.iters, "O");
  if (check(base && o.inRange && o(sc.pc) && o(iterationsExist(ec, C, sc.iters)) && o.otherThread &&
            overlap(c, sc.off, sc.s->size, o(sc.off), sc.s->size)) != z3::unsat)
    return false;
  return noOtherWriter(ec, sc, base);
}

bool Checker::loopSignalMonotone(Executor &ec, const AccessEv &sc, SignalClass &cls) {
  const Stmt &s = *sc.s;
  if (s.updateKind != "add" || !s.operand || !s.operand->isConst() || s.operand->value == 0 || sc.iters.size() != 1)
    return false;
  if (!eventInstanceFree(sc)) return false;
  uint64_t add = s.operand->value;
  unsigned vw = s.size * 8;
  if (vw != 32 && vw != 64) return false;
  z3::expr k = sc.iters[0];
  z3::expr base = launchConstraints() && threadConstraints(C) && sc.pc && iterationsExist(ec, C, sc.iters);
  if (!singleWriterFixedAddress(ec, sc, base)) return false;
  // The count (k + 1)·add does not wrap.
  uint64_t maxv = vw == 32 ? 0xffffffffull : ~0ull;
  z3::expr k1 = k + c.bv_val(1, 64);
  if (check(base && (z3::uge(k, c.bv_val(maxv / add, 64)) || z3::ugt(k1 * c.bv_val(add, 64), c.bv_val(maxv, 64)))) !=
      z3::unsat)
    return false;
  cls.kind = SignalClass::Monotone;
  cls.add = add;
  cls.inLoop = true;
  // Runs in every earlier iteration of the loop when it runs in iteration k.
  z3::expr i = c.bv_const(("mono." + k.decl().name().str()).c_str(), 64);
  z3::expr pcI = replaced(sc.pc, k, i);
  cls.everyIteration = check(base && z3::ule(i, k) && !pcI) == z3::unsat;
  return true;
}

// A store in one loop, by one thread per address, at an address that does
// not change with the iteration, of a value f(k) that is never 0 and grows
// strictly with the iteration k (`st.release(&ready[b], s + 1)`), with no
// other writer of the location: a monotone signal whose value after the
// writer's iteration j is f(j).
bool Checker::loopSignalMonotoneStore(Executor &ec, const AccessEv &sc, SignalClass &cls) {
  const Stmt &s = *sc.s;
  if (s.updateKind != "store" || !sc.operand || sc.iters.size() != 1) return false;
  unsigned vw = s.size * 8;
  if ((vw != 32 && vw != 64) || sc.operand->get_sort().bv_size() != vw) return false;
  if (!eventInstanceFree(sc) || !oneEventPerIteration(ec, sc)) return false;
  z3::expr k = sc.iters[0];
  z3::expr base = launchConstraints() && threadConstraints(C) && sc.pc && iterationsExist(ec, C, sc.iters);
  if (!singleWriterFixedAddress(ec, sc, base)) return false;
  // f(i) < f(k) for every earlier iteration i, and f(k) != 0 (the launch value).
  z3::expr f = *sc.operand;
  z3::expr i = c.bv_const(("mstore." + k.decl().name().str()).c_str(), 64);
  if (check(base && (f == c.bv_val(0, vw) || (z3::ult(i, k) && !z3::ult(replaced(f, k, i), f)))) != z3::unsat)
    return false;
  // It runs in every iteration up to one where it runs: a value >= f(j) then
  // means the store of iteration j ran (a store skipped in iteration j would
  // leave the writes of iteration j ordered only by a later store, which the
  // edges below do not follow).
  z3::expr pcI = replaced(sc.pc, k, i);
  if (check(base && z3::ule(i, k) && !pcI) != z3::unsat) return false;
  cls.kind = SignalClass::Monotone;
  cls.stores = true;
  cls.inLoop = true;
  cls.everyIteration = true;
  return true;
}

std::string Checker::iterationText(Executor &x, const AccessEv &e) {
  if (e.iters.empty()) return unrolledText(*e.s);
  if (e.cont || !lastModel) return casesText(*e.s);
  std::vector<std::pair<unsigned, uint64_t>> at;
  for (const z3::expr &k : e.iters) {
    const LoopIter *li = loopIterOf(x, k);
    if (!li || !li->loop) return casesText(*e.s);
    z3::expr v = lastModel->eval(k, true);
    uint64_t n = 0;
    if (!v.is_numeral_u64(n)) return casesText(*e.s);
    at.push_back({li->loop->loc.line, n});
  }
  return iterationPhrase(at) + casesText(*e.s);
}

const LoopIter *Checker::loopIterOf(Executor &x, const z3::expr &k) {
  for (auto &[id, l] : x.loopIters)
    if (z3::eq(l.k, k)) return &l;
  return nullptr;
}

bool Checker::loopSignalEpoch(Executor &ec, const AccessEv &sc, SignalClass &cls) {
  const Stmt &s = *sc.s;
  if (s.updateKind != "add" || !s.operand || !s.operand->isConst() || s.operand->value == 0 || sc.iters.size() != 1)
    return false;
  const LoopIter *li = loopIterOf(ec, sc.iters[0]);
  if (!li || li->notPlain) return false;
  uint64_t add = s.operand->value;
  unsigned vw = s.size * 8;
  if (vw != 32 && vw != 64) return false;
  const std::vector<z3::expr> &iters = sc.iters;
  z3::expr k = iters[0];
  // The lead thread adds in every iteration that runs, in every block alike.
  Lead lead = leadThread(sc.seq, sc.pc, C);
  z3::expr pc0 = atThread(sc.pc, C, lead), off0 = atThread(sc.off, C, lead);
  if (!instanceFree(pc0, C, iters) || !instanceFree(off0, C, iters) || !instanceFree(li->pc, C, iters) ||
      !instanceFree(sc.off, C, iters))
    return false;
  z3::expr exist = iterationsExist(ec, C, iters);
  z3::expr launch = launchConstraints() && threadConstraints(C) && exist;
  z3::expr isLead = C.tid[0] == c.bv_val(lead[0], 32) && C.tid[1] == c.bv_val(lead[1], 32) && C.tid[2] == c.bv_val(lead[2], 32);
  if (check(launch && sc.pc && !isLead) != z3::unsat) return false;  // one thread per block
  if (check(launch && li->pc && !pc0) != z3::unsat) return false;    // in every iteration that runs
  Instance x = otherInstance(C, iters, "X");
  z3::expr_vector kOnly(c);  // the same iteration k in block X
  z3::expr_vector kSame(c);
  for (size_t i = 0; i < x.iters.size(); ++i) { kOnly.push_back(x.iters[i]); kSame.push_back(iters[i]); }
  auto sameIter = [&](const z3::expr &e) { z3::expr r = x(e); return r.substitute(kOnly, kSame); };
  // Every block runs the same iterations, and all add at one address.
  if (check(launch && li->pc && x.inRange && !sameIter(li->pc)) != z3::unsat) return false;
  Instance o = otherInstance(C, iters, "O");
  z3::expr base = launch && sc.pc;
  if (check(base && o.inRange && o(sc.pc) && o(exist) && o(sc.off) != sc.off) != z3::unsat) return false;
  if (!noOtherWriter(ec, sc, base)) return false;
  // The count (k + 1)·G·add does not wrap.
  uint64_t maxv = vw == 32 ? 0xffffffffull : ~0ull;
  z3::expr total = (k + c.bv_val(1, 64)) * gridSize64() * c.bv_val(add, 64);
  if (check(base && (z3::uge(k, c.bv_val(maxv / add, 64)) || z3::ugt(total, c.bv_val(maxv, 64)) ||
                     z3::ult(total, k))) != z3::unsat)
    return false;
  // The gate: after its add, the lead waits in the same iteration until the
  // count is at least (k + 1)·G·add.
  for (const AwaitEv &w : ec.awaits) {
    if (w.seq <= sc.seq || w.iters.size() != 1 || !z3::eq(w.iters[0], k) || w.s->region != s.region) continue;
    z3::expr w0 = atThread(w.pc, C, lead);
    z3::expr v = c.bv_const("epoch.v", w.value.get_sort().bv_size());
    z3::expr exitV = replaced(atThread(w.exitCond, C, lead), w.value, v);
    if (check(base && pc0 && !w0) != z3::unsat) continue;
    if (check(base && atThread(w.off, C, lead) != off0) != z3::unsat) continue;
    if (check(base && pc0 && exitV && z3::ult(fitBv(v, 64), total)) != z3::unsat) continue;
    cls.kind = SignalClass::Epoch;
    cls.add = add;
    cls.inLoop = true;
    cls.byOneThread = true;
    cls.everyIteration = true;
    return true;
  }
  return false;
}

Checker::Lead Checker::leadThread(int seq, const z3::expr &pc, const Thread &t) {
  auto key = std::make_pair(t.name, seq);
  auto it = leads.find(key);
  if (it != leads.end()) return it->second;
  Lead lead{0, 0, 0};
  z3::expr base = launchConstraints() && threadConstraints(t) && pc;
  if (check(base) == z3::sat && lastModel) {
    Lead cand{0, 0, 0};
    bool ok = true;
    for (int i = 0; i < 3; ++i) {
      std::optional<uint64_t> v = numeralOf(lastModel->eval(t.tid[i], true));
      if (!v) ok = false;
      else cand[i] = *v;
    }
    z3::expr same = t.tid[0] == c.bv_val(cand[0], 32) && t.tid[1] == c.bv_val(cand[1], 32) &&
                    t.tid[2] == c.bv_val(cand[2], 32);
    if (ok && check(base && !same) == z3::unsat) lead = cand;
  }
  leads.emplace(key, lead);
  return lead;
}

void Checker::classifySignals(Executor &ea, Executor &eb, Executor &ec, Executor &ed) {
  z3::expr launch = launchConstraints();
  z3::expr diffBlocks = !(C.bid[0] == D.bid[0] && C.bid[1] == D.bid[1] && C.bid[2] == D.bid[2]);
  z3::expr diffThreads = !(A.tid[0] == B.tid[0] && A.tid[1] == B.tid[1] && A.tid[2] == B.tid[2]);
  z3::expr baseCD = launch && threadConstraints(C) && threadConstraints(D) && diffBlocks && ec.assumed && ed.assumed;
  z3::expr baseAB = launch && threadConstraints(A) && threadConstraints(B) && diffThreads && ea.assumed && eb.assumed;
  z3::expr baseC = launch && threadConstraints(C) && ec.assumed;
  for (const AccessEv &sc : ec.accesses) {
    const Stmt &s = *sc.s;
    if (!isSignalStmt(s) || signalClass.count(s.id)) continue;
    if (sc.cont) continue;  // classified by its main-run event
    SignalClass cls;
    signalClass[s.id] = cls;  // None unless shown below
    if (k.regions[s.region].space != model::AddressSpace::Global) continue;
    // Every class reads values against a launch value of 0: not for a
    // __device__ variable initialized otherwise, nor for memory whose
    // elements the contract says may hold other values.
    if (k.regions[s.region].initNonZero || elementRangeRegions.count(s.region) || distinctRegions.count(s.region))
      continue;
    if (sc.loopDepth > 0) {
      if (loopSignalExclusive(ec, sc)) {
        cls.kind = SignalClass::Exclusive;
        cls.inLoop = true;
        signalClass[s.id] = cls;
      } else if (loopSignalMonotone(ec, sc, cls) || loopSignalEpoch(ec, sc, cls) ||
                 loopSignalMonotoneStore(ec, sc, cls)) {
        signalClass[s.id] = cls;
      }
      continue;
    }
    bool sameThreadOthers = false, otherBlockOthers = false, otherBlockSame = false, sameBlockAny = false;
    // A write of 0 by another statement outside loops may be a reset of a
    // counter (kept only when the signal is Counting).
    std::set<const Stmt *> resets;
    // A plain store of 0 is a reset too: whether it races with the updates
    // is the race check's question (the count since the last reset is what
    // necessity reads, whatever the reset's strength).
    auto reset = [&](const AccessEv &e) {
      bool strongZero = isSignalStmt(*e.s) && e.s->updateKind == "store" && e.s->operand && e.s->operand->isConst() &&
                        e.s->operand->value == 0;
      bool plainZero = e.s->kind == Stmt::Kind::Access && e.s->access == model::AccessKind::Write &&
                       e.s->updateKind.empty() && e.s->stored && e.s->stored->isConst() && e.s->stored->value == 0 &&
                       e.s->size == s.size;
      if (e.s == sc.s || e.loopDepth > 0 || (!strongZero && !plainZero)) return false;
      resets.insert(e.s);
      return true;
    };
    for (const AccessEv &e : ec.accesses) {
      if (&e == &sc || e.s->region != s.region || !writesMemory(*e.s)) continue;
      if (e.s == sc.s && e.seq == sc.seq) continue;
      if (check(baseC && sc.guard && e.guard && overlap(c, sc.off, s.size, e.off, e.s->size)) != z3::unsat) {
        if (reset(e)) continue;
        sameThreadOthers = true;
        break;
      }
    }
    if (sameThreadOthers) continue;
    for (const AccessEv &e : ed.accesses) {
      if (e.s->region != s.region || !writesMemory(*e.s)) continue;
      if (check(baseCD && sc.guard && e.guard && overlap(c, sc.off, s.size, e.off, e.s->size)) == z3::unsat) continue;
      if (e.s == sc.s) otherBlockSame = true;
      else if (!reset(e)) otherBlockOthers = true;
    }
    if (otherBlockOthers) continue;
    const AccessEv *sa = nullptr;
    for (const AccessEv &e : ea.accesses)
      if (e.s == sc.s && e.loopDepth == 0) sa = &e;
    if (!sa) continue;
    for (const AccessEv &e : eb.accesses) {
      if (e.s->region != s.region || !writesMemory(*e.s)) continue;
      if (check(baseAB && sa->guard && e.guard && overlap(c, sa->off, s.size, e.off, e.s->size)) != z3::unsat) {
        if (reset(e)) continue;
        sameBlockAny = true;
        break;
      }
    }
    if (sameBlockAny) continue;
    if (!otherBlockSame && !resets.empty()) continue;
    if (!otherBlockSame) {
      cls.kind = SignalClass::Exclusive;
      signalClass[s.id] = cls;
      continue;
    }
    // Counting: an atomic add of a positive constant, at one address for the
    // whole grid, by exactly one thread of every block.
    uint64_t add = 0;
    if (s.updateKind == "add" && s.operand && s.operand->isConst() && s.operand->value != 0) add = s.operand->value;
    if (s.updateKind == "inc" && sc.operand) {
      // atomicInc(p, limit) adds 1 while the old value is below the limit;
      // with one increment per block the old value stays below the grid size.
      z3::expr lim = *sc.operand;
      z3::expr lim64 = fitBv(lim, 64);
      if (check(launch && threadConstraints(C) && sc.guard && z3::ult(lim64, gridSize64())) == z3::unsat) add = 1;
    }
    if (!add && !resets.empty()) continue;
    if (!add) {
      // Turn: `wait until x == v; ...; x = v + 1` by one thread per block,
      // every value stored once, never 0; the writer acquired the previous
      // value before releasing the next, so a waiter that sees v' is ordered
      // after every writer of a value <= v' (by induction over the turns).
      if (s.updateKind != "store" || !sc.operand || !releasesOrder(s.order)) continue;
      const AccessEv *sd2 = nullptr;
      for (const AccessEv &e : ed.accesses)
        if (e.s == sc.s && e.loopDepth == 0) sd2 = &e;
      if (!sd2 || !sd2->operand) continue;
      unsigned vw = sc.operand->get_sort().bv_size();
      if (check(baseCD && sc.guard && sd2->guard && sc.off == sd2->off && *sc.operand == *sd2->operand) != z3::unsat)
        continue;
      if (check(baseC && sc.guard && *sc.operand == c.bv_val(0, vw)) != z3::unsat) continue;
      bool turn = false;
      for (const AwaitEv &w : ec.awaits) {
        if (w.seq >= sc.seq || w.loopDepth > 0 || w.s->region != s.region || w.value.get_sort().bv_size() != vw) continue;
        bool acq = acquiresOrder(w.s->order);
        for (const FenceEv &f : ec.fences)
          if (f.seq > w.seq && f.seq < sc.seq && f.s->order != model::MemOrder::Release && gridScope(f.s->scope) &&
              check(baseC && sc.guard && !f.guard) == z3::unsat)
            acq = true;
        if (!acq || !gridScope(w.s->scope)) continue;
        // Same thread, same address, and it waited for exactly operand - 1.
        if (check(baseC && sc.guard && (!w.guard || w.off != sc.off ||
                                        (w.exitCond && w.value != *sc.operand - c.bv_val(1, vw)))) == z3::unsat)
          turn = true;
      }
      if (!turn) continue;
      cls.kind = SignalClass::Turn;
      signalClass[s.id] = cls;
      continue;
    }
    const AccessEv *sd = nullptr;
    for (const AccessEv &e : ed.accesses)
      if (e.s == sc.s && e.loopDepth == 0) sd = &e;
    if (!sd || check(baseCD && sc.guard && sd->guard && sc.off != sd->off) != z3::unsat) continue;
    cls.kind = SignalClass::Counting;
    cls.add = add;
    cls.resets = resets;
    Lead lead = leadThread(sc.seq, sc.pc, C);
    cls.byOneThread = check(baseC && sc.guard && !(C.tid[0] == c.bv_val(lead[0], 32) && C.tid[1] == c.bv_val(lead[1], 32) &&
                                                    C.tid[2] == c.bv_val(lead[2], 32))) == z3::unsat;
    signalClass[s.id] = cls;
  }
}

z3::expr Checker::patternFences(z3::expr init, Executor &e, const Thread &t, int lo, int hi, bool release,
                                bool narrowOk, const std::map<int, z3::expr> *interval, const Stmt *&narrow,
                                const Lead &lead, const std::set<std::string> &leadValues) {
  z3::expr any = init;
  for (const FenceEv &f : e.fences) {
    if (f.seq <= lo || f.seq >= hi) continue;
    if (f.s->order == (release ? model::MemOrder::Acquire : model::MemOrder::Release)) continue;
    if (!gridScope(f.s->scope) && !(narrowOk && f.s->scope == model::MemScope::CTA)) continue;
    if (!interval) {
      any = any || f.guard;
    } else {
      z3::expr f0 = atThread(f.pc, t, lead);
      std::set<std::string> allowed = counterNames(f.iters);
      allowed.insert(leadValues.begin(), leadValues.end());
      if (!onlyUniform(f0, t, allowed)) continue;
      z3::expr same = c.bool_val(false);
      for (auto &[kf, gf] : f.bseg) {
        auto it = interval->find(kf);
        if (it != interval->end()) same = same || (atThread(gf, t, lead) && atThread(it->second, t, lead));
      }
      any = any || (f0 && same);
    }
    if (!gridScope(f.s->scope)) narrow = f.s;
  }
  return any;
}

z3::expr Checker::acquireOfWaitLocation(Executor &e, const Thread &t, const AwaitEv &w, int hi, bool narrowOk,
                                       const Lead *lead) {
  // PTX ISA, memory consistency model, "release and acquire patterns": a
  // strong read on M followed in program order by an acquire operation on M
  // is an acquire pattern; the read observes the release, and the acquire
  // (the pattern's last operation) must be morally strong with it.
  z3::expr any = c.bool_val(false);
  for (const AccessEv &u : e.accesses) {
    if (u.seq <= w.seq || u.seq >= hi || u.s->access == model::AccessKind::Write) continue;
    if (u.s->region != w.s->region || u.s->size != w.s->size) continue;
    if (!acquiresOrder(u.s->order) || !isStrong(*u.s)) continue;
    if (!gridScope(u.s->scope) && !(narrowOk && u.s->scope == model::MemScope::CTA)) continue;
    if (!lead) {
      any = any || (u.guard && u.off == w.off);
      continue;
    }
    z3::expr u0 = atThread(u.pc, t, *lead), uo = atThread(u.off, t, *lead), wo = atThread(w.off, t, *lead);
    std::set<std::string> its = counterNames(u.iters);
    if (!onlyUniform(u0, t, its) || !onlyUniform(uo, t, its) || !onlyUniform(wo, t, counterNames(w.iters))) continue;
    z3::expr same = c.bool_val(false);
    for (auto &[ku, gu] : u.bseg)
      for (auto &[kw, gw] : w.bseg)
        if (ku == kw) same = same || (atThread(gu, t, *lead) && atThread(gw, t, *lead));
    any = any || (u0 && uo == wo && same);
  }
  return any;
}

// A block barrier between the lead's event `u` and thread t's access `b`:
// on the kernel's spine (spineBarrierBetween), or by their barrier
// intervals (u's, read for the lead, before b's).
z3::expr Checker::leadBarrier(const AccessEv &u, const AccessEv &b, const Thread &t, const std::array<uint64_t, 3> &lead) {
  if (spineBarrierBetween(u.s->id, b.s->id)) return c.bool_val(true);
  z3::expr barrier = c.bool_val(false);
  for (auto &[ku, gu] : u.bseg) {
    z3::expr g0 = atThread(gu, t, lead);
    if (!onlyUniform(g0, t)) continue;
    for (auto &[kb, gb] : b.hbSegs)
      if (kb > ku) barrier = barrier || (g0 && gb);
  }
  return barrier;
}

// Observation (docs/memory-model.md, "Counting updates observed"): `a` is a
// counting update of x's block, and `b` follows an update `u` of the same
// statement in y's block, in program order or through a barrier after the
// block's lead's `u`, whose value needs a's update (necessity). `a` precedes
// `u` in observation order (u reads a chain of read-modify-writes that
// includes a), and `u` precedes `b` in base causality order: causality order.
// No fence is needed, since `a` itself is the write observed; this orders the
// counter's reset by the last block after every block's update.
z3::expr Checker::observedUpdate(const Thread &tx, const AccessEv &a, Executor &y, const Thread &ty,
                                 const AccessEv &b) {
  z3::expr any = c.bool_val(false);
  auto it = signalClass.find(a.s->id);
  if (it == signalClass.end() || it->second.kind != SignalClass::Counting || a.loopDepth > 0 ||
      a.s->access != model::AccessKind::Atomic || !gridScope(a.s->scope))
    return any;
  z3::expr diffBlocks = !(tx.bid[0] == ty.bid[0] && tx.bid[1] == ty.bid[1] && tx.bid[2] == ty.bid[2]);
  auto nec = [&](const z3::expr &value) {
    z3::expr others = (gridSize64() - c.bv_val(2, 64)) * c.bv_val(it->second.add, 64);
    return z3::ugt(fitBv(value, 64), others) && z3::uge(gridSize64(), c.bv_val(2, 64));
  };
  // (Not a weakened edge's candidate: it needs no release or acquire.)
  auto add = [&](const z3::expr &cond) { any = any || cond; };
  for (const AccessEv &u : y.accesses)
    if (u.s == a.s && u.value && u.loopDepth == 0 && u.seq < b.seq) add(u.guard && nec(*u.value) && diffBlocks);
  for (const Executor::LeadUpdate &lu : y.leadUpdates) {
    const AccessEv &u = y.accesses[lu.access];
    if (u.s != a.s || !u.value || u.seq >= b.seq) continue;
    z3::expr u0 = atThread(u.pc, ty, lu.lead);
    if (!onlyUniform(u0, ty)) continue;
    z3::expr barrier = leadBarrier(u, b, ty, lu.lead);
    add(u0 && barrier && nec(*u.value) && diffBlocks);
  }
  return any;
}

z3::expr Checker::happensBefore(Executor &x, const Thread &tx, const AccessEv &a, Executor &y, const Thread &ty,
                                const AccessEv &b, HbMode mode, bool fromX, std::vector<HbCand> *cands) {
  z3::expr any = c.bool_val(false);
  bool narrowOk = mode == HbMode::NarrowScope;
  // Release side in x: (signal condition, its offset, release condition, too-narrow fence).
  // iter: the signal instance's iteration when it is not the executor's own
  // (a later iteration than a's).
  struct Rel { const AccessEv *s; z3::expr pc, off, rel; const Stmt *narrow; bool prop; std::optional<z3::expr> iter = std::nullopt; };
  std::vector<Rel> rels;
  for (const AccessEv &s : x.accesses) {
    if (!isSignalStmt(*s.s) || s.s->region == a.s->region) continue;
    auto it = signalClass.find(s.s->id);
    if (it == signalClass.end() || it->second.kind == SignalClass::None) continue;
    // In loops: the instance of this iteration (the same executor state as a).
    if (s.loopDepth > 0 && !it->second.inLoop) continue;
    bool ownRelease = releasesOrder(s.s->order) || mode == HbMode::NoRelease;
    // Direct: the same thread writes a, then signals.
    if (s.seq > a.seq) {
      const Stmt *narrow = nullptr;
      z3::expr rel = patternFences(c.bool_val(ownRelease), x, tx, a.seq, s.seq, true, narrowOk, nullptr, narrow);
      rels.push_back({&s, s.guard, s.off, rel, narrow, false});
    }
    // A later iteration's signal, when a and the signal are in one loop: the
    // iteration a's + 1, or b's (or b's + 1) when b is in the same loop (a
    // term, not a fresh variable: the race query negates the edge).
    if (it->second.kind != SignalClass::Turn && !a.cont && !s.cont && s.iters.size() == 1 && !a.iters.empty() &&
        z3::eq(a.iters[0], s.iters[0]) && mode != HbMode::NarrowScope) {
      const LoopIter *li = loopIterOf(x, s.iters[0]);
      z3::expr ka = s.iters[0], one = c.bv_val(1, 64);
      std::vector<z3::expr> js{ka + one};
      if (!b.iters.empty() && li) {
        const LoopIter *lb = loopIterOf(y, b.iters[0]);
        if (lb && lb->loop == li->loop) { js.push_back(b.iters[0]); js.push_back(b.iters[0] + one); }
      }
      for (const z3::expr &j : js) {
        auto J = [&](const z3::expr &e) { return replaced(e, ka, j); };
        z3::expr later = z3::ugt(j, ka) && J(iterationsExist(x, tx, s.iters));
        // Fences of the loop between a (iteration ka) and the signal
        // (iteration j) in the thread `lead` (or a's own).
        auto fencesBetween = [&](const Lead *lead) {
          z3::expr any = c.bool_val(false);
          for (const FenceEv &f : x.fences) {
            if (f.s->order == model::MemOrder::Acquire || !gridScope(f.s->scope)) continue;
            if (f.iters.size() != 1 || !z3::eq(f.iters[0], ka)) continue;
            z3::expr f0 = lead ? atThread(f.pc, tx, *lead) : f.pc;
            if (!instanceFree(f0, tx, f.iters)) continue;
            if (f.seq < s.seq) {
              z3::expr same = c.bool_val(lead == nullptr);
              if (lead)
                for (auto &[kf, gf] : f.bseg)
                  for (auto &[ks, gs] : s.bseg)
                    if (kf == ks) same = same || (atThread(gf, tx, *lead) && atThread(gs, tx, *lead));
              any = any || J(f0 && same);
            }
            if (!lead && f.seq > a.seq) any = any || f.guard;
          }
          return any;
        };
        if (instanceFree(s.pc, tx, s.iters) && instanceFree(s.off, tx, s.iters)) {
          z3::expr rel = ownRelease ? c.bool_val(true) : fencesBetween(nullptr);
          rels.push_back({&s, later && J(s.pc), J(s.off), rel, nullptr, false, j});
        }
        if (li && li->blockBar) {
          Lead lead = leadThread(s.seq, s.pc, tx);
          z3::expr pc0 = atThread(s.pc, tx, lead), off0 = atThread(s.off, tx, lead);
          if (!instanceFree(pc0, tx, s.iters) || !instanceFree(off0, tx, s.iters)) continue;
          // A barrier between: an iteration in between, one after a in its
          // iteration, or one before the signal in the signal's.
          z3::expr aClosed = c.bool_val(false);
          for (auto &[kaSeg, ga] : a.hbSegs) {
            auto e = li->endSegs.find(kaSeg);
            aClosed = aClosed || (ga && (e == li->endSegs.end() ? c.bool_val(true) : !e->second));
          }
          z3::expr sAfter = c.bool_val(false);
          for (auto &[ks, gs] : s.bseg) sAfter = sAfter || atThread(gs, tx, lead);
          if (!instanceFree(sAfter, tx, s.iters)) sAfter = c.bool_val(false);
          z3::expr barrier = z3::ugt(j, ka + one) || aClosed || J(sAfter);
          z3::expr rel = ownRelease ? c.bool_val(true) : fencesBetween(&lead);
          rels.push_back({&s, later && J(pc0) && barrier, J(off0), rel, nullptr, true, j});
        }
      }
    }
    // Propagated: the block's lead thread for this signal (thread 0, or the
    // one thread that executes it) signals after a barrier that follows a:
    // __syncthreads(), or an instance of a named barrier that a's thread
    // reaches after a and the lead passes (bar.sync) before the signal.
    // In a loop, the lead's instance of the same iteration (the barrier's
    // instances are aligned with the iterations: uniform trip counts are
    // checked as barrier divergence).
    Lead lead = leadThread(s.seq, s.pc, tx);
    z3::expr pc0 = atThread(s.pc, tx, lead), off0 = atThread(s.off, tx, lead);
    std::set<std::string> sIters = counterNames(s.iters);
    if (!onlyUniform(pc0, tx, sIters) || !onlyUniform(off0, tx, sIters)) continue;
    z3::expr barrier = c.bool_val(false);
    for (auto &[ka, ga] : a.hbSegs)
      for (auto &[ks, gs] : s.bseg)
        if (ks > ka) barrier = barrier || (ga && atThread(gs, tx, lead));
    const Stmt *narrow = nullptr;
    z3::expr rel = patternFences(c.bool_val(ownRelease), x, tx, -1, s.seq, true, narrowOk, &s.bseg, narrow, lead);
    // Through a named barrier only the signal's own release counts (the
    // fences of the lead between the barrier and the signal are not placed).
    z3::expr named = ownRelease ? namedWithLead(x, tx, a.seq, std::numeric_limits<int>::max(), lead, -1, s.seq, true)
                                : c.bool_val(false);
    if (!barrier.simplify().is_false()) rels.push_back({&s, pc0 && barrier, off0, rel, narrow, true});
    if (!named.simplify().is_false()) rels.push_back({&s, pc0 && named, off0, c.bool_val(true), nullptr, true});
  }
  any = any || observedUpdate(tx, a, y, ty, b);
  if (rels.empty()) return any;
  // Acquire side in y: awaits (and the counting update itself) before b.
  for (const Rel &r : rels) {
    const Stmt &sig = *r.s->s;
    const SignalClass &cls = signalClass[sig.id];
    z3::expr relCond = mode == HbMode::NoRelease ? c.bool_val(true) : r.rel;
    if (!gridScope(sig.scope) && !(narrowOk && sig.scope == model::MemScope::CTA)) continue;
    uint64_t add = cls.add;
    // Whether the waiting block itself signals (when that is a function of
    // the block index alone): a block that does not is one fewer contributor.
    z3::expr waiterSignals = c.bool_val(true);
    {
      z3::expr g0 = leadPath(r.s->seq, r.s->pc, tx);
      if (cls.byOneThread && onlyUniform(g0, tx)) {
        z3::expr_vector from(c), to(c);
        for (int i = 0; i < 3; ++i) { from.push_back(tx.bid[i]); to.push_back(ty.bid[i]); }
        waiterSignals = g0.substitute(from, to);
      }
    }
    std::optional<z3::expr> sigValue;
    if (cls.kind == SignalClass::Turn && r.s->operand)
      sigValue = r.prop ? atThread(*r.s->operand, tx, leadThread(r.s->seq, r.s->pc, tx)) : *r.s->operand;
    auto nec = [&](const z3::expr &value, bool rmw) -> z3::expr {
      if (cls.kind == SignalClass::Exclusive) return value != c.bv_val(0, value.get_sort().bv_size());
      if (cls.kind == SignalClass::Monotone) {
        // The count passed (j + 1)·add: the writer's add of iteration j, or a
        // later one, happened (one add per iteration, in order).
        z3::expr j = r.iter ? *r.iter : r.s->iters.front();
        if (cls.stores && r.s->operand) {
          // The value passed f(j - 1) (or 0 for j = 0): f grows strictly, so
          // it is the store of iteration j or a later one.
          z3::expr f = r.prop ? atThread(*r.s->operand, tx, leadThread(r.s->seq, r.s->pc, tx)) : *r.s->operand;
          z3::expr k0 = r.s->iters.front(), zero = c.bv_val(0, 64);
          z3::expr below = z3::ite(j == zero, zero, fitBv(replaced(f, k0, j - c.bv_val(1, 64)), 64));
          return z3::ugt(fitBv(value, 64), below);
        }
        return z3::uge(fitBv(value, 64), (j + c.bv_val(1, 64)) * c.bv_val(add, 64));
      }
      if (cls.kind == SignalClass::Epoch) {
        // The count passed (j + 1)·G·add: every block's add of iteration j happened.
        z3::expr j = r.iter ? *r.iter : r.s->iters.front();
        return z3::uge(fitBv(value, 64), (j + c.bv_val(1, 64)) * gridSize64() * c.bv_val(add, 64));
      }
      if (cls.kind == SignalClass::Turn)
        return sigValue && sigValue->get_sort().bv_size() == value.get_sort().bv_size() ? z3::ule(*sigValue, value)
                                                                                      : c.bool_val(false);
      // Counting: the value exceeds what all other contributing blocks (not
      // the signaller; not the waiter if it does not contribute; for an
      // update reading its own count, not the waiter either) can add.
      z3::expr v64 = fitBv(value, 64);
      z3::expr excluded = rmw ? c.bv_val(2, 64) : z3::ite(waiterSignals, c.bv_val(1, 64), c.bv_val(2, 64));
      z3::expr others = (gridSize64() - excluded) * c.bv_val(add, 64);
      // With resets (to 0) the count restarts: more than others still means
      // every contribution since the last reset (or the launch), an unbroken
      // chain of read-modify-writes, includes the signaller's.
      return z3::ugt(v64, others) && z3::uge(gridSize64(), excluded);
    };
    // An await in a loop acquires like any other: necessity is a property
    // of the value it read, and it precedes b in this iteration (or b
    // follows the loop).
    for (const AwaitEv &w : y.awaits) {
      if (w.s->region != sig.region) continue;
      // Only a wait that reads exactly the signal's bytes learns from its
      // value that the signal happened: a wider load can end on bytes other
      // writes set (a 64-bit load over two 32-bit flags), a narrower one on
      // a part of the count that wrapped.
      if (w.s->size != sig.size) continue;
      bool strongW = isStrong(*w.s) && (gridScope(w.s->scope) || (narrowOk && w.s->scope == model::MemScope::CTA));
      if (!strongW && mode != HbMode::NoAcquire) continue;
      bool ownAcquire = acquiresOrder(w.s->order) || mode == HbMode::NoAcquire;
      z3::expr match = r.off == w.off;
      // The wait of an earlier iteration j < k of the loop around both (the
      // executor's state is iteration k's: the wait's terms are renamed to j).
      if (cls.kind != SignalClass::Turn && !b.cont && w.iters.size() == 1 && !b.iters.empty() &&
          z3::eq(w.iters[0], b.iters[0])) {
        const LoopIter *li = loopIterOf(y, w.iters[0]);
        z3::expr ky = w.iters[0];
        // Which earlier iteration: the previous one (a barrier per
        // iteration), or the signal's own when it is in the same loop (data
        // of iteration j consumed later). A term, not a fresh variable: the
        // race query negates the edge.
        std::vector<z3::expr> js{ky - c.bv_val(1, 64)};
        if (!r.s->iters.empty()) {
          const LoopIter *ls = loopIterOf(x, r.s->iters[0]);
          if (ls && li && ls->loop == li->loop) js.push_back(r.iter ? *r.iter : r.s->iters[0]);
        }
        for (const z3::expr &j : js) {
          auto J = [&](const z3::expr &e) { return replaced(e, ky, j); };
          z3::expr before = z3::ult(j, ky) && J(iterationsExist(y, ty, w.iters));
          // What the exit condition guarantees about the value read.
          std::optional<z3::expr> necJ;
          if (w.minTarget) necJ = nec(J(*w.minTarget), false);
          else if (cls.kind == SignalClass::Exclusive) {
            auto memo = exitNonZero.find(w.s->id);
            if (memo == exitNonZero.end()) {
              z3::expr zero = c.bv_val(0, w.value.get_sort().bv_size());
              memo = exitNonZero.emplace(w.s->id, check(launchConstraints() && threadConstraints(ty) && w.pc &&
                                                        replaced(w.exitCond, w.value, zero)) == z3::unsat).first;
            }
            if (memo->second) necJ = c.bool_val(true);
          }
          std::set<std::string> wIters = counterNames(w.iters);
          auto fencesIn = [&](const Lead *lead) {
            // Acquire fences of the wait's thread (or lead) after the wait in
            // iteration j, or of b's thread before b in iteration k.
            z3::expr any = c.bool_val(false);
            for (const FenceEv &f : y.fences) {
              if (f.s->order == model::MemOrder::Release || !gridScope(f.s->scope)) continue;
              if (f.iters.size() != 1 || !z3::eq(f.iters[0], ky)) continue;
              if (f.seq > w.seq) {
                z3::expr f0 = lead ? atThread(f.pc, ty, *lead) : f.pc;
                if (!instanceFree(f0, ty, f.iters)) continue;
                z3::expr same = c.bool_val(lead == nullptr);
                if (lead)
                  for (auto &[kf, gf] : f.bseg)
                    for (auto &[kw, gw] : w.bseg)
                      if (kf == kw) same = same || (atThread(gf, ty, *lead) && atThread(gw, ty, *lead));
                any = any || J(f0 && same);
              }
              if (!lead && f.seq < b.seq) any = any || f.guard;
            }
            return any;
          };
          if (necJ && li && instanceFree(w.pc, ty, w.iters) && instanceFree(w.off, ty, w.iters) &&
              (!w.minTarget || instanceFree(*w.minTarget, ty, w.iters))) {
            // The same thread.
            z3::expr matchJ = r.off == J(w.off);
            z3::expr acq = ownAcquire ? c.bool_val(true) : fencesIn(nullptr);
            z3::expr cond = r.pc && relCond && before && J(w.pc) && acq && matchJ && *necJ;
            any = any || cond;
            if (cands) cands->push_back({cond, &sig, w.s, r.narrow, fromX});
          }
          Lead lead = leadThread(w.seq, w.pc, ty);
          z3::expr pc0 = atThread(w.pc, ty, lead), off0 = atThread(w.off, ty, lead);
          std::optional<z3::expr> necL;
          if (w.minTarget && instanceFree(atThread(*w.minTarget, ty, lead), ty, w.iters))
            necL = nec(J(atThread(*w.minTarget, ty, lead)), false);
          else if (necJ && !w.minTarget) necL = necJ;
          if (necL && li && li->blockBar && instanceFree(pc0, ty, w.iters) && instanceFree(off0, ty, w.iters)) {
            // The lead waits in iteration j; a barrier separates it from b in
            // iteration k: a whole iteration between them, a barrier after the
            // wait in iteration j, or one before b in iteration k.
            z3::expr after = c.bool_val(false);
            for (auto &[kw, gw] : w.bseg) {
              auto it = li->endSegs.find(kw);
              z3::expr gw0 = atThread(gw, ty, lead);
              z3::expr stillOpen = it == li->endSegs.end() ? c.bool_val(false) : atThread(it->second, ty, lead);
              if (instanceFree(gw0, ty, w.iters) && instanceFree(stillOpen, ty, w.iters)) after = after || J(gw0 && !stillOpen);
            }
            z3::expr bAfter = c.bool_val(false);
            for (auto &[kb, gb] : b.bseg) bAfter = bAfter || gb;
            z3::expr barrier = z3::ult(j + c.bv_val(1, 64), ky) || after || bAfter;
            z3::expr acq = ownAcquire ? c.bool_val(true) : fencesIn(&lead);
            z3::expr matchJ = r.off == J(off0);
            z3::expr cond = r.pc && relCond && before && J(pc0) && barrier && acq && matchJ && *necL;
            any = any || cond;
            if (cands) cands->push_back({cond, &sig, w.s, r.narrow, fromX});
          }
        }
      }
      if (w.seq < b.seq) {
        const Stmt *narrow = r.narrow;
        z3::expr acq = patternFences(c.bool_val(ownAcquire), y, ty, w.seq, b.seq, false, narrowOk, nullptr, narrow);
        if (!ownAcquire) acq = acq || acquireOfWaitLocation(y, ty, w, b.seq, narrowOk, nullptr);
        z3::expr cond = r.pc && relCond && w.guard && acq && match && nec(w.value, false);
        any = any || cond;
        if (cands) cands->push_back({cond, &sig, w.s, narrow, fromX});
      }
      // Propagated: the lead thread of b's block waits, then a barrier
      // (__syncthreads(), or a named barrier instance the lead reaches after
      // its wait and b's thread passes before b).
      Lead lead = leadThread(w.seq, w.pc, ty);
      z3::expr pc0 = atThread(w.pc, ty, lead), off0 = atThread(w.off, ty, lead), exit0 = atThread(w.exitCond, ty, lead);
      std::set<std::string> wIters = counterNames(w.iters), valueName = wIters;
      valueName.insert(w.value.decl().name().str());
      if (!onlyUniform(pc0, ty, wIters) || !onlyUniform(off0, ty, wIters) || !onlyUniform(exit0, ty, valueName)) continue;
      z3::expr barrier = c.bool_val(false);
      for (auto &[kw, gw] : w.bseg)
        for (auto &[kb, gb] : b.hbSegs)
          if (kb > kw) barrier = barrier || (atThread(gw, ty, lead) && gb);
      const Stmt *narrow = r.narrow;
      z3::expr acq = patternFences(c.bool_val(ownAcquire), y, ty, w.seq, std::numeric_limits<int>::max(), false,
                                   narrowOk, &w.bseg, narrow, lead);
      if (!ownAcquire) acq = acq || acquireOfWaitLocation(y, ty, w, std::numeric_limits<int>::max(), narrowOk, &lead);
      z3::expr named = ownAcquire ? namedWithLead(y, ty, -1, b.seq, lead, w.seq, std::numeric_limits<int>::max(), false)
                                  : c.bool_val(false);
      z3::expr via = (barrier && acq) || named;
      if (via.simplify().is_false()) continue;
      // Thread 0's value is not this thread's. A turn wait `value == T` read
      // exactly T; otherwise necessity must follow from the exit condition
      // alone, for every value that satisfies it.
      if (cls.kind == SignalClass::Monotone || cls.kind == SignalClass::Epoch) {
        if (!w.minTarget) continue;
        z3::expr t0 = atThread(*w.minTarget, ty, lead);
        if (!onlyUniform(t0, ty, wIters)) continue;
        z3::expr cond = r.pc && relCond && pc0 && via && nec(t0, false) &&
                        r.off == off0;
        any = any || cond;
        if (cands) cands->push_back({cond, &sig, w.s, narrow, fromX});
        continue;
      }
      if (cls.kind == SignalClass::Turn) {
        if (!w.eqTarget) continue;
        z3::expr t0 = atThread(*w.eqTarget, ty, lead);
        if (!onlyUniform(t0, ty)) continue;
        z3::expr cond = r.pc && relCond && pc0 && via && nec(t0, false) &&
                        r.off == off0;
        any = any || cond;
        if (cands) cands->push_back({cond, &sig, w.s, narrow, fromX});
        continue;
      }
      std::string necKey = std::to_string(sig.id) + "/" + std::to_string(w.seq) + "/" + ty.name;
      auto memo = necessityValid.find(necKey);
      bool necOk;
      if (memo != necessityValid.end()) necOk = memo->second;
      else {
        // Two different blocks exist (the signaller and the waiter).
        necOk = check(launchConstraints() && threadConstraints(ty) && z3::uge(gridSize64(), c.bv_val(2, 64)) && pc0 &&
                      exit0 && !nec(w.value, false)) == z3::unsat;
        necessityValid[necKey] = necOk;
      }
      if (!necOk) continue;
      z3::expr cond = r.pc && relCond && pc0 && via && r.off == off0;
      any = any || cond;
      if (cands) cands->push_back({cond, &sig, w.s, narrow, fromX});
    }
    // The counting update read by its own result (last-block pattern):
    // t = atomicAdd(&count, 1); if (t == total - 1) ...
    if (cls.kind == SignalClass::Counting) {
      for (const AccessEv &u : y.accesses) {
        if (u.s != r.s->s || !u.value || u.seq >= b.seq || u.loopDepth > 0) continue;
        bool ownAcquire = acquiresOrder(u.s->order) || mode == HbMode::NoAcquire;
        const Stmt *narrow = r.narrow;
        z3::expr acq = patternFences(c.bool_val(ownAcquire), y, ty, u.seq, b.seq, false, narrowOk, nullptr, narrow);
        z3::expr cond = r.pc && relCond && u.guard && acq && nec(*u.value, true) &&
                        !(tx.bid[0] == ty.bid[0] && tx.bid[1] == ty.bid[1] && tx.bid[2] == ty.bid[2]);
        any = any || cond;
        if (cands) cands->push_back({cond, &sig, u.s, narrow, fromX});
      }
      // Its lead form: the block's lead updated the count and passed what
      // it read through a broadcast slot; a barrier separates the lead's
      // update (and its acquire fences) from b. The update's value in y's
      // encoding stands for the lead's (Executor::leadUpdates).
      for (const Executor::LeadUpdate &lu : y.leadUpdates) {
        const AccessEv &u = y.accesses[lu.access];
        if (u.s != r.s->s || !u.value || u.seq >= b.seq) continue;
        z3::expr u0 = atThread(u.pc, ty, lu.lead);
        if (!onlyUniform(u0, ty)) continue;
        z3::expr barrier = leadBarrier(u, b, ty, lu.lead);
        bool ownAcquire = acquiresOrder(u.s->order) || mode == HbMode::NoAcquire;
        const Stmt *narrow = r.narrow;
        // (A fence on the lead's path that tests what the update read, `if
        // (last) __threadfence();`, reads the same lead value.)
        z3::expr acq = patternFences(c.bool_val(ownAcquire), y, ty, u.seq, std::numeric_limits<int>::max(), false,
                                     narrowOk, &u.bseg, narrow, lu.lead, {u.value->decl().name().str()});
        z3::expr cond = r.pc && relCond && u0 && barrier && acq && nec(*u.value, true) &&
                        !(tx.bid[0] == ty.bid[0] && tx.bid[1] == ty.bid[1] && tx.bid[2] == ty.bid[2]);
        any = any || cond;
        if (cands) cands->push_back({cond, &sig, u.s, narrow, fromX});
      }
    }
  }
  return any;
}

// Deadlock freedom of spin-waits (docs/memory-model.md, "Deadlock"). For
// each await: the signals that can reach its location are counted (one
// exclusive writer per address, or one contribution per block); the target
// must be reached by them; a block must not wait for its own later signal;
// waits must not form a cycle; and the blocks that wait on each other must
// be co-resident. What cannot be shown either way is `unknown`.
void Checker::deadlockChecks(Executor &ea, Executor &eb, Executor &ec, Executor &ed) {
  (void)eb;
  z3::expr launch = launchConstraints();
  z3::expr diffBlocks = !(C.bid[0] == D.bid[0] && C.bid[1] == D.bid[1] && C.bid[2] == D.bid[2]);
  z3::expr baseC = launch && threadConstraints(C) && ec.assumed;
  z3::expr baseCD = launch && threadConstraints(C) && threadConstraints(D) && ec.assumed && ed.assumed;
  auto substValue = [&](const AwaitEv &w, const z3::expr &v) {
    return replaced(w.exitCond, w.value, v);
  };
  auto widthOf = [](const z3::expr &e) { return e.get_sort().bv_size(); };
  // The waiting block's own signal `e` comes after the wait `w` only when the
  // waiting thread executes it itself, or when a barrier that the waiting
  // thread must pass first lies between them (a block barrier; a named one
  // that the waiting thread and the signalling thread both execute). Another
  // thread's signal with nothing in between is not ordered after the wait:
  // it may come first (a thread of the block that signals while another
  // spins).
  auto laterInBlock = [&](const AwaitEv &w, const AccessEv &e) {
    z3::expr later = e.guard;
    for (const BarrierEv &b : ec.barriers) {
      if (b.seq <= w.seq || b.seq >= e.seq || b.loopDepth > 0 || b.s->arriveOnly ||
          (b.s->barrier != BarrierKind::Block && b.s->barrier != BarrierKind::Grid && b.s->barrier != BarrierKind::Named))
        continue;
      z3::expr by = leadPath(e.seq, e.pc, C) && b.guard;
      if (b.s->barrier == BarrierKind::Named) by = by && leadPath(b.seq, b.guard, C);
      later = later || by;
    }
    return later;
  };
  // A wait whose load and an overlapping write differ in address or size
  // (a wait on one byte of a counter, a 64-bit wait over two flags): the
  // value it reads is not the value the writes' arithmetic counts, so a
  // definite verdict about it is not drawn (it stays `unknown`).
  std::map<int, bool> mixedSizes;
  auto mixedWrites = [&](const AwaitEv &w) {
    auto memo = mixedSizes.find(w.s->id);
    if (memo != mixedSizes.end()) return memo->second;
    bool mixed = false;
    for (const AccessEv &e : ed.accesses) {
      if (mixed) break;
      if (e.s->region != w.s->region || !writesMemory(*e.s)) continue;
      z3::expr meet = baseCD && w.guard && e.guard && overlap(c, w.off, w.s->size, e.off, e.s->size);
      if (e.s->size == w.s->size) meet = meet && e.off != w.off;
      mixed = check(meet) != z3::unsat;
    }
    return mixedSizes[w.s->id] = mixed;
  };
  auto report = [&](const AwaitEv &w, const std::string &msg0, const std::vector<std::string> &steps, bool unknown0) {
    bool unknown = unknown0 || mixedWrites(w);
    std::string bytes = w.s->size == 1 ? std::string("1 byte") : std::to_string(w.s->size) + " bytes";
    std::string msg = unknown && !unknown0 ? "possible " + msg0 + " (not confirmed: the wait reads " + bytes +
                                                 ", which writes of another size or address overlap)"
                                           : msg0;
    Finding f;
    f.kind = unknown ? FindingKind::Unknown : FindingKind::Deadlock;
    f.kernel = k.displayName;
    f.loc = w.s->loc;
    f.message = msg;
    if (!unknown && lastModel) {
      model::ThreadId id = threadId("waiting block", C);
      f.threads = {id};
      addLaunchValues(f);
      f.trace.push_back({0, w.s->loc, "block (" + std::to_string(id.bid[0]) + "," + std::to_string(id.bid[1]) + "," +
                                          std::to_string(id.bid[2]) + ") waits on '" + w.s->text + "'"});
      for (const auto &s : steps) f.trace.push_back({-1, w.s->loc, s});
    }
    (unknown ? unknownFindings : findings).push_back(f);
  };
  // A lost wake-up's trace (report: the wait, the add, the reset, ...): the
  // add and reset steps at their statements, both also related locations.
  auto placeSteps = [&](const Stmt &add, const Stmt &reset) {
    Finding &f = findings.back();
    f.related.push_back({add.loc, "the add that counts the block"});
    f.related.push_back({reset.loc, "the reset"});
    if (f.trace.size() > 2) {
      f.trace[1].loc = add.loc;
      f.trace[2].loc = reset.loc;
    }
  };
  // How a counter's update is named in messages: its atomic, or what it is.
  auto opName = [](const Stmt &x) {
    return !x.atomicOp.empty() ? x.atomicOp : x.updateKind == "add" ? std::string("its add") : std::string("a strong store");
  };
  std::set<int> live;  // awaits shown to complete, in program order
  bool anyCrossBlockWait = false;
  bool singleWaiter = true;
  // Waits whose location is written by a signal inside loops (the wait may be
  // in a loop too): the signal is exclusive per instance; its instance that
  // satisfies the wait must exist, must run once reached (plain loops with
  // monotone conditions), and must come after only waits of lower rank
  // (iteration, then block), so every wait completes by induction
  // (docs/memory-model.md "Loops"). Returns false when the wait's writers are
  // no such signal.
  // A wait whose rank argument needs a wait that is not yet shown to complete
  // (a possible cycle) is deferred while deferCycles holds, and tried again
  // once others are shown to complete: the order in which waits are shown
  // to complete is the priority of the rank below (a wait placed later in
  // the body may rank lower: a mailbox's "slot free" wait, served by an
  // earlier iteration, below its "data ready" wait, served in the same one).
  // A wait split from a spin on several locations completes like the spin
  // when each condition stays true once it holds: shown for counters that
  // only grow (monotone and epoch counters, whose rules check that the exit
  // condition stays true as the count grows); any other is unknown.
  const std::string conjunctWhy =
      "it is one of the waits of a spin on several locations at once, which completes like these waits in "
      "sequence only where each condition stays true once it holds (shown for counters that only grow)";
  bool deferCycles = true;
  std::vector<const AwaitEv *> deferred;
  std::set<int> pendingWaits;
  auto loopSignalWait = [&](const AwaitEv &w) -> bool {
    auto defer = [&]() {
      deferred.push_back(&w);
      pendingWaits.insert(w.s->id);
      return true;
    };
    const AccessEv *sd = nullptr;
    bool loopWriter = false, otherWriter = false;
    for (const AccessEv &e : ed.accesses) {
      if (e.s->region != w.s->region || !writesMemory(*e.s)) continue;
      if (check(baseCD && w.guard && e.guard && overlap(c, w.off, w.s->size, e.off, e.s->size)) == z3::unsat) continue;
      auto it = signalClass.find(e.s->id);
      bool inLoop = it != signalClass.end() && it->second.inLoop &&
                    (it->second.kind == SignalClass::Exclusive || it->second.kind == SignalClass::Monotone ||
                     it->second.kind == SignalClass::Epoch);
      if (!inLoop || (sd && sd->s != e.s)) otherWriter = true;
      if (inLoop) loopWriter = true;
      if (inLoop && !e.cont && !sd) sd = &e;
    }
    if (!loopWriter) return false;
    anyCrossBlockWait = true;
    unsigned vw = widthOf(w.value);
    z3::expr reach = baseC && w.guard;
    z3::expr blocksAt0 = reach && !substValue(w, c.bv_val(0, vw));
    auto cannot = [&](const std::string &why) {
      report(w, "cannot prove that the wait on '" + w.s->text + "' completes: " + why, {}, true);
      return true;
    };
    if (otherWriter || !sd)
      return cannot("its location is written by a signal inside a loop and by other writes");
    const Stmt *sig = sd->s;
    const SignalClass &cls = signalClass[sig->id];
    bool monotone = cls.kind == SignalClass::Monotone;
    if (w.s->conjunct && !monotone && cls.kind != SignalClass::Epoch)
      return cannot(conjunctWhy);
    if (!sd->operand || (sig->updateKind != "store" && sig->updateKind != "add"))
      return cannot("the value of the signal '" + sig->text + "' is not known");
    if (cls.kind == SignalClass::Epoch) {
      // A grid barrier with epoch targets: after every block's add of
      // iteration k the count is (k + 1)·G·add; while this block waits in
      // iteration k the others add at most once more (their next gate needs
      // this block's next add).
      const AccessEv *sigC = nullptr;
      for (const AccessEv &e : ec.accesses)
        if (e.s == sig && !e.cont) sigC = &e;
      if (!sigC || w.iters.size() != 1 || sigC->iters.size() != 1 || !z3::eq(w.iters[0], sigC->iters[0]) ||
          sigC->seq > w.seq)
        return cannot("it is not the gate after the epoch count '" + sig->text + "' in the same iteration");
      z3::expr k = w.iters[0];
      z3::expr g = gridSize64(), add = c.bv_val(cls.add, 64);
      z3::expr reached = (k + c.bv_val(1, 64)) * g * add;
      z3::expr most = reached + (g - c.bv_val(1, 64)) * add;
      z3::expr v1 = c.bv_const("epoch.v1", vw), v2 = c.bv_const("epoch.v2", vw);
      if (check(reach && substValue(w, v1) && z3::ule(v1, v2) && !substValue(w, v2)) != z3::unsat)
        return cannot("the count '" + sig->text + "' can pass the value the wait needs (an == target?)");
      if (check(blocksAt0 && !substValue(w, fitBv(reached, vw))) != z3::unsat) {
        if (executedWhenReached(ec, C, w.pc, w.iters) && check(blocksAt0 && !substValue(w, fitBv(most, vw))) == z3::sat) {
          uint64_t tv = lastModel ? val(most) : 0;
          report(w, "deadlock: the wait on '" + w.s->text + "' can never reach its target: in this iteration the " +
                        "count can reach at most " + std::to_string(tv) + " (every block's '" + sig->text +
                        "' of this iteration and one more of each other block), and the wait's condition does not " +
                        "hold for it",
                 {"greatest value the count can reach: " + std::to_string(tv), "signals: '" + sig->text + "' (line " +
                                                                                   std::to_string(sig->loc.line) + "), once per block and iteration"},
                 false);
          return true;
        }
        return cannot("the epoch count '" + sig->text + "' of this iteration does not satisfy it");
      }
      for (const AwaitEv &w2 : ec.awaits) {
        if (w2.s == w.s || live.count(w2.s->id) || w2.seq > sigC->seq) continue;
        if (w2.iters.size() == 1 && z3::eq(w2.iters[0], k)) continue;  // earlier in the iteration: lower rank
        z3::expr r2 = baseC && w2.guard;
        if (check(r2 && !substValue(w2, c.bv_val(0, widthOf(w2.value)))) == z3::unsat) continue;
        return cannot("the count '" + sig->text + "' comes after the wait on '" + w2.s->text + "' (line " +
                      std::to_string(w2.s->loc.line) + "), which is not shown to complete first");
      }
      live.insert(w.s->id);
      return true;
    }
    if (monotone && !cls.stores && !cls.everyIteration)
      return cannot("the count '" + sig->text + "' is not added to in every iteration, so its value after an " +
                    "iteration is not known");
    if (monotone) {
      // The count only grows: the wait must stay satisfied once it is.
      z3::expr v1 = c.bv_const("mono.v1", vw), v2 = c.bv_const("mono.v2", vw);
      if (check(reach && substValue(w, v1) && z3::ule(v1, v2) && !substValue(w, v2)) != z3::unsat)
        return cannot("the count '" + sig->text + "' can pass the value the wait needs (an == target?)");
    }
    if (!executedWhenReached(ed, D, sd->pc, sd->iters) || !instanceFree(sd->off, D, sd->iters) ||
        !instanceFree(*sd->operand, D, sd->iters))
      return cannot("whether an iteration of the signal '" + sig->text + "' runs is not decided by the launch, the " +
                    "block and thread index and the iteration (a loop that is not a plain counted loop, or values read " +
                    "from memory)");
    // The instance X (thread, block, iterations) that would satisfy the wait.
    Instance x = otherInstance(D, sd->iters, "X");
    // Monotone: after the writer's iteration j the count is (j + 1)·add.
    z3::expr written = monotone && !cls.stores ? (x.iters.front() + c.bv_val(1, 64)) * c.bv_val(cls.add, 64)
                                               : x(*sd->operand);
    z3::expr someSignal = x.inRange && x(iterationsExist(ed, D, sd->iters)) && x(sd->pc) && x(sd->off) == w.off &&
                          substValue(w, fitBv(written, vw));
    // For a count, the first iteration whose add satisfies the wait (the rank
    // below is about that one).
    if (monotone && cls.stores) {
      z3::expr k0 = sd->iters.front();
      z3::expr before = x(replaced(*sd->operand, k0, k0 - c.bv_val(1, 64)));
      someSignal = someSignal && (x.iters.front() == c.bv_val(0, 64) || !substValue(w, fitBv(before, vw)));
    } else if (monotone)
      someSignal = someSignal && (x.iters.front() == c.bv_val(0, 64) ||
                                  !substValue(w, fitBv(x.iters.front() * c.bv_val(cls.add, 64), vw)));
    bool exactW = executedWhenReached(ec, C, w.pc, w.iters);
    // First a witness: from one waiter and its signalling instance (a model),
    // guess the instance as a function of the waiter (the same thread index;
    // the block index plus a constant, or plus a constant modulo the grid;
    // the iteration plus a constant, or a constant) and check it for every
    // waiter with a quantifier-free query. Only when no guess holds, the
    // quantified query (Z3's instantiation of it is fragile).
    z3::check_result r0 = z3::unknown;
    if (check(blocksAt0 && someSignal) == z3::sat && lastModel) {
      z3::model m = *lastModel;
      auto num = [&](const z3::expr &e) { return m.eval(e, true); };
      // Per bound variable of x: its candidate terms.
      std::vector<std::vector<z3::expr>> choices;
      for (unsigned i = 0; i < x.bound.size(); ++i) {
        z3::expr v = x.bound[i];
        std::string n = v.decl().name().str();
        std::vector<z3::expr> ch;
        z3::expr val = num(v);
        int dim = n.back() - 'x';
        if (n.find(".threadIdx.") != std::string::npos) {
          ch.push_back(val);
        } else if (n.find(".blockIdx.") != std::string::npos && dim >= 0 && dim < 3) {
          z3::expr d = val - num(C.bid[dim]);
          ch.push_back(C.bid[dim] + d);
          ch.push_back(z3::urem(C.bid[dim] + gdim[dim] + d, gdim[dim]));
          // The same offset seen from the other side of the wrap: a model
          // with the waiter in block 0 and its neighbour in block G-1 means
          // "the block before", (b + G - 1) mod G.
          ch.push_back(z3::urem(C.bid[dim] + gdim[dim] + (d - num(gdim[dim])), gdim[dim]));
          ch.push_back(val);
        } else {
          // An iteration counter of the signal's loops: the waiter's own
          // iteration of the same depth, when it has one.
          size_t depth = 0;
          while (depth < x.iters.size() && !z3::eq(x.iters[depth], v)) ++depth;
          if (depth < w.iters.size()) ch.push_back(w.iters[depth] + (val - num(w.iters[depth])));
          ch.push_back(val);
        }
        choices.push_back(ch);
      }
      // Try the first choice everywhere, then vary one variable at a time
      // (a handful of quantifier-free queries).
      std::vector<size_t> pick(choices.size(), 0);
      auto tryPick = [&]() {
        z3::expr_vector from(c), to(c);
        for (unsigned i = 0; i < x.bound.size(); ++i) { from.push_back(x.bound[i]); to.push_back(choices[i][pick[i]]); }
        z3::expr sig = someSignal;
        return check(blocksAt0 && !sig.substitute(from, to)) == z3::unsat;
      };
      bool found = tryPick();
      for (size_t i = 0; !found && i < choices.size(); ++i)
        for (size_t j = 1; !found && j < choices[i].size(); ++j) {
          pick.assign(choices.size(), 0);
          pick[i] = j;
          found = tryPick();
        }
      if (found) r0 = z3::unsat;
    }
    if (r0 != z3::unsat) {
      z3::solver s0(c);
      s0.set("timeout", std::max(1u, opts.queryTimeoutMs()));
      s0.add(blocksAt0 && z3::forall(x.bound, !someSignal));
      ++queries;
      r0 = s0.check();
      if (r0 == z3::sat) lastModel = std::make_unique<z3::model>(s0.get_model());
    }
    // Where no instance of the wait can complete, nothing after it runs.
    auto markDead = [&](const z3::expr &canComplete) {
      if (check(reach && (substValue(w, c.bv_val(0, vw)) || canComplete)) == z3::unsat) deadAwaits.insert(w.s->id);
    };
    if (r0 == z3::sat && exactW) {
      std::unique_ptr<z3::model> witnessModel = std::move(lastModel);
      markDead(someSignal);
      lastModel = std::move(witnessModel);
      report(w, "deadlock: the wait on '" + w.s->text + "' can never reach its target: no block signals this " +
                    "address, in any iteration, with a value that satisfies it (a wrong counter index or target?)",
             {"greatest value the location can reach: 0 (nothing writes it)",
              "missing signal: '" + sig->text + "' (line " + std::to_string(sig->loc.line) +
                  ") of no block and iteration reaches this address"},
             false);
      return true;
    }
    if (r0 != z3::unsat)
      return cannot(r0 == z3::sat ? "no iteration of the signal '" + sig->text + "' satisfies it, but whether this " +
                                        "iteration of the wait is reached is not decided"
                                  : "the solver could not decide whether its signal is always sent");
    // The waits the signalling thread passes before its signal: this wait in
    // the signal's earlier iterations (and its own, when it comes first in
    // the loop body) by rank; every other wait must be shown to complete.
    const AccessEv *sigC = nullptr;
    for (const AccessEv &e : ec.accesses)
      if (e.s == sig && !e.cont) sigC = &e;
    if (!sigC) return cannot("the signal '" + sig->text + "' is not found in this block's execution");
    // Rank of a wait instance: (iteration vector, position in the body, linear
    // block index). The signaller passes, before its signal, every wait of
    // its earlier iterations and those of its own iteration placed before the
    // signal; each must rank below this waiter.
    bool ownLoop = !w.iters.empty() && sameLoops(w.iters, sigC->iters);
    bool sharesLoop = sharesOuterLoop(w.iters, sigC->iters);
    bool strict = false;  // a wait placed after this one precedes the signal: an earlier iteration is needed
    for (const AwaitEv &w2 : ec.awaits) {
      if (w2.s == w.s || live.count(w2.s->id)) continue;
      if (!sharesOuterLoop(w2.iters, sigC->iters) && w2.seq > sigC->seq) continue;
      z3::expr r2 = baseC && w2.guard;
      if (check(r2 && !substValue(w2, c.bv_val(0, widthOf(w2.value)))) == z3::unsat) continue;  // never blocks
      if (ownLoop && sameLoops(w2.iters, sigC->iters)) {
        if (w2.seq < sigC->seq && (w2.seq > w.seq || pendingWaits.count(w2.s->id))) strict = true;
        continue;
      }
      if (deferCycles) return defer();
      return cannot("the signal '" + sig->text + "' comes after the wait on '" + w2.s->text + "' (line " +
                    std::to_string(w2.s->loc.line) + "), which is not shown to complete first (possible cycle)");
    }
    bool waitsFirst = sharesLoop || sigC->seq > w.seq;  // the signaller passes this wait before signalling
    z3::expr lower = c.bool_val(false), equal = c.bool_val(true);
    if (ownLoop) {
      for (size_t i = 0; i < w.iters.size(); ++i) {
        lower = lower || (equal && z3::ult(x.iters[i], w.iters[i]));
        equal = equal && x.iters[i] == w.iters[i];
      }
    }
    z3::expr rankOk = c.bool_val(true);
    if (ownLoop) {
      z3::expr sameIter = strict ? c.bool_val(false)
                          : w.seq < sigC->seq ? z3::ult(x.linBid, linearBid(C))  // passes this wait first
                                              : c.bool_val(true);
      rankOk = lower || (equal && sameIter);
    } else if (waitsFirst) {
      rankOk = z3::ult(x.linBid, linearBid(C));
    }
    z3::expr badRank = blocksAt0 && someSignal && !rankOk;
    z3::check_result rr = check(badRank);
    if (rr == z3::unsat) {
      live.insert(w.s->id);
      return true;
    }
    if (rr == z3::sat && exactW) {
      // The waiting thread itself would have to signal later.
      z3::expr self = c.bool_val(true);
      for (int i = 0; i < 3; ++i) self = self && x(D.tid[i]) == C.tid[i] && x(D.bid[i]) == C.bid[i];
      z3::expr notSelf = blocksAt0 && someSignal && !(self && !rankOk);
      if (check(notSelf) == z3::unsat && check(blocksAt0) == z3::sat) {
        report(w, "deadlock: the wait on '" + w.s->text + "' can never reach its target: the only signal to it is the " +
                      "waiting thread's own '" + sig->text + "' of this or a later iteration, which comes after the " +
                      "wait (a wait on work the same thread does later)",
               {"missing signal: '" + sig->text + "' (line " + std::to_string(sig->loc.line) + ") of the same thread"},
               false);
        markDead(someSignal && !self);
        return true;
      }
      // Two blocks waiting for each other (exclusive signals: each address
      // has one writer instance). X waits here in iteration j before its
      // signal, for C's signal of an iteration that C reaches only after
      // this wait: neither signal is ever sent.
      if (cls.kind == SignalClass::Exclusive && ownLoop && w.seq < sigC->seq && exactW) {
        z3::expr_vector toX(c), fromC(c);
        for (int i = 0; i < 3; ++i) {
          fromC.push_back(C.tid[i]); toX.push_back(x(D.tid[i]));
          fromC.push_back(C.bid[i]); toX.push_back(x(D.bid[i]));
        }
        for (size_t i = 0; i < w.iters.size(); ++i) { fromC.push_back(w.iters[i]); toX.push_back(x.iters[i]); }
        auto atX = [&](const z3::expr &e) { z3::expr r = e; return r.substitute(fromC, toX); };
        Instance cj = otherInstance(C, sigC->iters, "Y", false);  // C's signal in its iteration j'
        z3::expr xExitBySignal = atX(replaced(w.exitCond, w.value, fitBv(cj(*sigC->operand), vw)));
        z3::expr later = c.bool_val(false), same = c.bool_val(true);
        for (size_t i = 0; i < w.iters.size(); ++i) {
          later = later || (same && z3::ugt(cj.iters[i], w.iters[i]));
          same = same && cj.iters[i] == w.iters[i];
        }
        bool freeW = instanceFree(w.pc, C, w.iters) && instanceFree(w.off, C, w.iters) &&
                     instanceFree(substValue(w, c.bv_val(0, vw)), C, w.iters) && sigC->operand &&
                     eventInstanceFree(*sigC);
        z3::expr cyc = blocksAt0 && someSignal && !(self) && atX(w.pc) && atX(iterationsExist(ec, C, w.iters)) &&
                       !atX(substValue(w, c.bv_val(0, vw))) && cj(sigC->pc) && cj(iterationsExist(ec, C, sigC->iters)) &&
                       cj(sigC->off) == atX(w.off) && xExitBySignal && (later || same);
        // Longer cycles: if every blocking instance of this wait is served
        // only by an instance whose own wait (placed before its signal, in
        // the same or a later iteration) blocks too, the chain of waits from
        // any of them never ends among finitely many instances: a cycle, and
        // no blocking instance completes.
        z3::expr xBlocks = atX(w.pc) && atX(iterationsExist(ec, C, w.iters)) && !atX(substValue(w, c.bv_val(0, vw)));
        z3::expr notLater = c.bool_val(true);
        {
          z3::expr lowerX = c.bool_val(false), eqX = c.bool_val(true);
          for (size_t i = 0; i < w.iters.size(); ++i) {
            lowerX = lowerX || (eqX && z3::ult(x.iters[i], w.iters[i]));
            eqX = eqX && x.iters[i] == w.iters[i];
          }
          notLater = lowerX;
        }
        if (freeW && check(blocksAt0) == z3::sat &&
            check(blocksAt0 && someSignal && (notLater || !xBlocks)) == z3::unsat) {
          report(w, "deadlock: the wait on '" + w.s->text + "' is part of a cycle: every block that waits here waits " +
                        "for a '" + sig->text + "' that its sender sends only after waiting here itself, in the same " +
                        "or a later iteration",
                 {"every signal this wait needs comes after the same wait in another block",
                  "no block can pass the wait first"},
                 false);
          markDead(c.bool_val(false));
          return true;
        }
        if (freeW && check(cyc) == z3::sat) {
          report(w, "deadlock: the wait on '" + w.s->text + "' is part of a cycle: this block waits for another " +
                        "block's '" + sig->text + "', which that block sends only after its own wait on '" +
                        w.s->text + "' for this block's '" + sig->text + "' of this or a later iteration",
                 {"the other block waits on '" + w.s->text + "' for this block's '" + sig->text + "'",
                  "this block signals only after its own wait"},
                 false);
          return true;
        }
      }
    }
    if (deferCycles && strict) return defer();
    return cannot("the signal '" + sig->text + "' that satisfies it may come after a wait of the same or a later " +
                  "iteration in its block (possible cycle)");
  };
  // The resets of a counted counter (SignalClass::resets) must come after
  // every wait on it: a wait that reads the counter only after a reset sees
  // the restarted count. True when every reset instance is ordered after
  // this wait (by the waiting thread's program order in its own block, by
  // happens-before from another block): then no wait can read a reset value,
  // and every wait completes by the count. Otherwise reports the lost
  // wake-up, definite when the reset is made by the last contributor (its
  // own add returned total - add) and nothing writes the counter after it,
  // else unknown.
  auto resetsAfterWait = [&](const AwaitEv &w, const std::vector<const AccessEv *> &resets, const Stmt *sig,
                             const SignalClass &cls, const z3::expr &total, const z3::expr &reach) -> bool {
    unsigned vw = widthOf(w.value);
    const AccessEv *wc = nullptr, *sc = nullptr;  // C's read of the counter in the wait; C's contribution
    for (const AccessEv &e : ec.accesses) {
      if (e.s == w.s && e.seq == w.seq) wc = &e;
      if (e.s == sig && e.loopDepth == 0) sc = &e;
    }
    z3::expr diffThreads = !(A.tid[0] == B.tid[0] && A.tid[1] == B.tid[1] && A.tid[2] == B.tid[2]);
    z3::expr baseAB = launch && threadConstraints(A) && threadConstraints(B) && diffThreads && ea.assumed && eb.assumed;
    for (const AccessEv *rd : resets) {
      const Stmt &rs = *rd->s;
      // Ordered in the waiter's block: a thread that resets has waited
      // before (program order), and no other thread of the block resets.
      bool ordered = wc != nullptr;
      for (const AccessEv &rc : ec.accesses)
        if (ordered && rc.s == &rs && rc.seq < w.seq && check(baseC && w.guard && rc.guard) != z3::unsat) ordered = false;
      for (const AccessEv &ra : ea.accesses) {
        if (!ordered || ra.s != &rs) continue;
        for (const AwaitEv &wb : eb.awaits)
          if (wb.s == w.s && check(baseAB && ra.guard && wb.guard) != z3::unsat) ordered = false;
      }
      // Ordered from another block: the wait happens before the reset.
      if (ordered) {
        z3::expr hb = happensBefore(ec, C, *wc, ed, D, *rd, HbMode::Full, true, nullptr);
        ordered = check(baseCD && diffBlocks && w.guard && rd->guard && !hb) == z3::unsat;
      }
      if (ordered) continue;
      // The lost wake-up, for certain: every contributor adds before it
      // waits; the reset comes from the block whose add completed the count,
      // with no wait in between; so an execution exists where the others,
      // each after its own add, are delayed just before their first read of
      // the counter until after the reset. It is the only reset and every
      // block adds once, so the counter then keeps the reset value.
      const uint64_t r0 = 0;  // a reset writes 0
      const AccessEv *sd = nullptr;
      for (const AccessEv &e : ed.accesses)
        if (e.s == sig && e.loopDepth == 0 && e.value && e.seq < rd->seq) sd = &e;
      bool definite = cls.resets.size() == 1 && sc && sc->value && sc->seq < w.seq && sd && rd->loopDepth == 0 &&
                      !containsGrid(*k.body);
      z3::expr last = total - c.bv_val(cls.add, 64);
      // Waits the scenario passes must complete anyway; none may stand
      // between the last add and the reset.
      for (const AwaitEv &w2 : ec.awaits)
        if (definite && w2.seq < w.seq && !live.count(w2.s->id)) definite = false;
      for (const AwaitEv &w2 : ed.awaits)
        if (definite && w2.seq < rd->seq && (w2.seq > sd->seq || !live.count(w2.s->id)) &&
            check(baseCD && w2.guard && rd->guard) != z3::unsat)
          definite = false;
      if (definite &&
          check(launch && threadConstraints(D) && ed.assumed && rd->guard && fitBv(*sd->value, 64) != last) != z3::unsat)
        definite = false;  // not only the last contributor resets
      if (definite && check(reach && baseCD && diffBlocks && rd->guard && fitBv(*sd->value, 64) == last && sc->guard &&
                            z3::ult(fitBv(*sc->value, 64), last) && !substValue(w, c.bv_val(r0, vw))) == z3::sat) {
        model::ThreadId rid = threadId("resetting block", D);
        std::string rb = "(" + std::to_string(rid.bid[0]) + "," + std::to_string(rid.bid[1]) + "," +
                         std::to_string(rid.bid[2]) + ")";
        report(w, "deadlock: the wait on '" + w.s->text + "' may never reach its target: the reset of '" + rs.text +
                      "' by " + opName(rs) + " (line " + std::to_string(rs.loc.line) + "), made by the block whose " +
                      opName(*sig) + " completes the count, can overwrite the count before this block reads it (a " +
                      "lost wake-up); nothing writes the counter after the reset, so it stays " + std::to_string(r0),
               {"this block adds through " + opName(*sig) + " on '" + sig->text + "' (line " +
                    std::to_string(sig->loc.line) + ") and is delayed before it reads the counter",
                "block " + rb + " adds last (its " + opName(*sig) + " returns " + std::to_string(val(last)) +
                    ") and resets '" + rs.text + "' to " + std::to_string(r0) + " at line " + std::to_string(rs.loc.line),
                "greatest value the counter can reach from then on: " + std::to_string(r0)},
               false);
        placeSteps(*sig, rs);
        return false;
      }
      report(w, "cannot prove that the wait on '" + w.s->text + "' completes: the reset of '" + rs.text + "' by " +
                    opName(rs) + " (line " + std::to_string(rs.loc.line) + ") is not ordered after the wait, so " +
                    "it may overwrite the count before the wait reads it (a lost wake-up)",
             {}, true);
      return false;
    }
    return true;
  };
  // The lost wake-up of a counter reset inside a loop (a grid barrier that
  // the last arriver of each round resets to 0, the others spinning until it
  // reaches G·add). Definite when the execution below exists: in iteration 0
  // every block adds; each block whose ticket is not the last waits, and is
  // delayed just before its first read; the block with the last ticket
  // resets the counter, goes on alone, adds once in iteration 1 and waits
  // there too (or leaves the loop). The counter then only ever holds 0 and
  // add, and no wait accepts either. Requires the wait, the add and the reset
  // in the same plain loop, by the lead thread of a block, and no other
  // writer of the counter, spin-wait or grid barrier in the kernel. Returns
  // whether it reported.
  auto loopResetLostWakeup = [&](const AwaitEv &w) -> bool {
    if (w.iters.size() != 1) return false;
    for (const AwaitEv &w2 : ec.awaits)
      if (w2.s != w.s) return false;
    if (containsGrid(*k.body)) return false;
    z3::expr kk = w.iters[0];
    const LoopIter *li = loopIterOf(ec, kk);
    if (!li || li->notPlain) return false;
    // The writers of the counter: one add of a constant, one store of 0.
    const AccessEv *sa = nullptr, *rs = nullptr;
    for (const AccessEv &e : ec.accesses) {
      if (e.cont || e.s->region != w.s->region || !writesMemory(*e.s)) continue;
      if (check(baseCD && w.guard && overlap(c, w.off, w.s->size, e.off, e.s->size)) == z3::unsat &&
          check(baseC && w.guard && e.guard && overlap(c, w.off, w.s->size, e.off, e.s->size)) == z3::unsat)
        continue;
      const AccessEv *&slot = e.s->updateKind == "add" ? sa : rs;
      if (slot && slot->s != e.s) return false;
      slot = &e;
    }
    for (const AccessEv &e : ed.accesses) {
      if (e.s->region != w.s->region || !writesMemory(*e.s) || (sa && e.s == sa->s) || (rs && e.s == rs->s)) continue;
      if (check(baseCD && w.guard && e.guard && overlap(c, w.off, w.s->size, e.off, e.s->size)) != z3::unsat) return false;
    }
    if (!sa || !rs || !sa->value || sa->iters.size() != 1 || rs->iters.size() != 1 || !z3::eq(sa->iters[0], kk) ||
        !z3::eq(rs->iters[0], kk) || sa->seq > w.seq || sa->seq > rs->seq)
      return false;
    const Stmt &S = *sa->s, &R = *rs->s;
    if (!S.operand || !S.operand->isConst() || S.operand->value == 0 || R.updateKind != "store" || !isSignalStmt(R) ||
        !R.operand || !R.operand->isConst() || R.operand->value != 0)
      return false;
    uint64_t add = S.operand->value;
    unsigned vw = widthOf(w.value);
    // One thread per block (the same lead) adds, resets and waits.
    Lead lead = leadThread(sa->seq, sa->pc, C);
    z3::expr isLead = C.tid[0] == c.bv_val(lead[0], 32) && C.tid[1] == c.bv_val(lead[1], 32) &&
                      C.tid[2] == c.bv_val(lead[2], 32);
    z3::expr launchC = launch && threadConstraints(C) && li->closedAssume;
    for (const z3::expr *pc : {&sa->pc, &rs->pc, &w.pc})
      if (check(launchC && *pc && !isLead) != z3::unsat) return false;
    // Block C at iteration kv with ticket tv; the same for block `bid`.
    z3::expr tk = *sa->value;
    auto at = [&](const z3::expr &e, const z3::expr *bid, const z3::expr &kv, const z3::expr &tv) {
      z3::expr_vector from(c), to(c);
      for (int i = 0; i < 3; ++i) {
        from.push_back(C.tid[i]); to.push_back(c.bv_val(lead[i], 32));
        if (bid) { from.push_back(C.bid[i]); to.push_back(bid[i]); }
      }
      from.push_back(kk); to.push_back(kv);
      from.push_back(tk); to.push_back(tv);
      z3::expr r = e;
      return r.substitute(from, to);
    };
    unsigned tw = tk.get_sort().bv_size();
    z3::expr zero = c.bv_val(0, 64), one = c.bv_val(1, 64);
    z3::expr last = (gridSize64() - one) * c.bv_val(add, 64);
    z3::expr lastT = fitBv(last, tw);
    z3::expr fits = z3::ult(gridSize64() * c.bv_val(add, 64), c.bv_val((uint64_t)(tw >= 64 ? ~0ull : (1ull << tw) - 1), 64));
    z3::expr runs0 = at(li->pc && li->closedAssume, nullptr, zero, tk);
    z3::expr anyT = c.bv_const("lw.t", tw);
    // The reset runs only for the last ticket; every block adds in iteration
    // 0; a block whose ticket is not the last waits there.
    if (check(launchC && rs->pc && tk != lastT) != z3::unsat) return false;
    if (check(launchC && runs0 && !at(sa->pc, nullptr, zero, anyT)) != z3::unsat) return false;
    if (check(launchC && runs0 && fits && anyT != lastT && !at(w.pc, nullptr, zero, anyT)) != z3::unsat) return false;
    z3::expr xb[3] = {c.bv_const("lw.blockIdx.x", 32), c.bv_const("lw.blockIdx.y", 32), c.bv_const("lw.blockIdx.z", 32)};
    z3::expr xIn = z3::ult(xb[0], gdim[0]) && z3::ult(xb[1], gdim[1]) && z3::ult(xb[2], gdim[2]);
    if (check(launchC && xIn && runs0 != at(li->pc && li->closedAssume, xb, zero, tk)) != z3::unsat) return false;
    // After the reset, the last block alone: in iteration 1 (if it runs)
    // its add reads 0, it does not reset and waits at a value add.
    z3::expr addV = c.bv_val(add, vw), zeroV = c.bv_val(0, vw);
    z3::expr tz = c.bv_val(0, tw);
    z3::expr runs1 = at(li->pc && li->closedAssume, nullptr, one, tz);
    z3::expr stuck1 = at(sa->pc, nullptr, one, tz) && !at(rs->pc, nullptr, one, tz) && at(w.pc, nullptr, one, tz) &&
                      !at(substValue(w, addV), nullptr, one, tz);
    z3::expr twoBlocks = z3::uge(gridSize64(), c.bv_val(2, 64));  // the scenario has a waiter and a resetter
    if (check(launchC && twoBlocks && runs1 && !stuck1) != z3::unsat) return false;
    // The scenario: C waits in iteration 0 with an earlier ticket; block X
    // takes the last ticket and resets; no wait accepts 0 or add.
    z3::expr tC = c.bv_const("lw.tC", tw);
    z3::expr diffX = !(xb[0] == C.bid[0] && xb[1] == C.bid[1] && xb[2] == C.bid[2]);
    z3::expr q = launchC && xIn && diffX && fits && runs0 && z3::ult(fitBv(tC, 64), last) &&
                 at(sa->pc && w.pc, nullptr, zero, tC) && !at(substValue(w, zeroV), nullptr, zero, tC) &&
                 !at(substValue(w, addV), nullptr, zero, tC) && at(rs->pc, xb, zero, lastT);
    if (check(q) != z3::sat) return false;
    std::string rb = "(" + std::to_string(val(xb[0])) + "," + std::to_string(val(xb[1])) + "," +
                     std::to_string(val(xb[2])) + ")";
    std::string lastS = std::to_string(val(last));
    std::string op = opName(S), rop = opName(R);
    report(w, "deadlock: the wait on '" + w.s->text + "' may never reach its target: the reset of '" + R.text + "' by " +
                  rop + " (line " + std::to_string(R.loc.line) + "), made in each iteration by the block whose " + op +
                  " completes the count, can overwrite the count before this block reads it (a lost wake-up); " +
                  "after the reset the counter holds at most " + std::to_string(add) +
                  " (the resetting block's add of the next iteration, after which it waits too)",
           {"in iteration 0 of the loop at line " + std::to_string(li->loop->loc.line) + ", this block adds through " + op +
                " on '" + S.text + "' (line " + std::to_string(S.loc.line) + ") and is delayed before it reads the counter",
            "block " + rb + " adds last (its " + op + " returns " + lastS + ") and resets '" + R.text + "' to 0 at line " +
                std::to_string(R.loc.line),
            "block " + rb + " adds again in iteration 1 (the counter is " + std::to_string(add) + ") and waits",
            "greatest value the counter can reach from then on: " + std::to_string(add)},
           false);
    placeSteps(S, R);
    unmodelledSync.push_back("the counter '" + R.text + "' that the loop at line " + std::to_string(li->loop->loc.line) +
                             " resets at line " + std::to_string(R.loc.line) + " orders nothing in this model");
    return true;
  };
  for (const AwaitEv &w : ec.awaits) {
    if (loopSignalWait(w)) continue;
    if (w.s->conjunct) {
      report(w, "cannot prove that the wait on '" + w.s->text + "' completes: " + conjunctWhy, {}, true);
      continue;
    }
    if (w.loopDepth > 0 && loopResetLostWakeup(w)) continue;
    if (w.loopDepth > 0) {
      report(w, "cannot prove that the wait on '" + w.s->text +
                    "' completes: it is inside a loop and its location is not written by a signal whose iterations "
                    "can be told apart (matched across iterations: a store or add at an address of its own per "
                    "iteration, an add of a constant, a store of a value that grows with the iteration)", {}, true);
      continue;
    }
    z3::expr reach = baseC && w.guard;
    if (check(reach) == z3::unsat) continue;
    z3::expr blocksAt0 = reach && !substValue(w, c.bv_val(0, widthOf(w.value)));
    // Writes that may reach the awaited location, from any thread.
    std::vector<const AccessEv *> writers;  // events of D (another block, or any block for the same statement)
    std::vector<const AccessEv *> sameBlockWriters;
    for (const AccessEv &e : ed.accesses) {
      if (e.s->region != w.s->region || !writesMemory(*e.s)) continue;
      if (check(baseCD && w.guard && e.guard && overlap(c, w.off, w.s->size, e.off, e.s->size)) == z3::unsat) continue;
      writers.push_back(&e);
    }
    for (const AccessEv &e : ec.accesses)
      if (e.s->region == w.s->region && writesMemory(*e.s) &&
          check(baseC && w.guard && e.guard && overlap(c, w.off, w.s->size, e.off, e.s->size)) != z3::unsat)
        sameBlockWriters.push_back(&e);
    bool sameBlockWriter = !sameBlockWriters.empty();
    // The wait passes at once at the launch value; it never waits only if
    // every value a write can leave there passes it too (a write may come
    // before the first read: `while (flag == 1)` after another thread's
    // `flag = 1` spins for ever). A write whose value is not a known
    // expression (an add, a copy) may leave anything.
    if (check(blocksAt0) == z3::unsat) {
      auto passes = [&](const AccessEv *e, const z3::expr &base) {
        const Stmt &x = *e->s;
        std::optional<z3::expr> v;
        if ((x.updateKind == "exch" || x.updateKind == "store") && e->operand) v = *e->operand;
        else if (x.access == model::AccessKind::Write && e->stored) v = *e->stored;
        if (!v || !v->is_bv() || x.size != w.s->size || v->get_sort().bv_size() != widthOf(w.value)) return false;
        return check(base && e->guard && z3::implies(e->off == w.off, !substValue(w, *v))) == z3::unsat ||
               check(base && e->guard && e->off == w.off && !substValue(w, *v)) == z3::unsat;
      };
      const AccessEv *spoiler = nullptr;
      for (const AccessEv *e : writers)
        if (!spoiler && !passes(e, baseCD && w.guard)) spoiler = e;
      // (the waiting block's own writes count unless they come after the
      // wait: by the waiting thread itself, or past a barrier it passes)
      for (const AccessEv *e : sameBlockWriters)
        if (!spoiler && check(reach && e->guard && !laterInBlock(w, *e)) != z3::unsat && !passes(e, baseC && w.guard))
          spoiler = e;
      if (!spoiler) { live.insert(w.s->id); continue; }  // never waits
      report(w, "possible deadlock: the wait on '" + w.s->text + "' passes at the location's launch value, but '" +
                    spoiler->s->text + "' (line " + std::to_string(spoiler->s->loc.line) + ") may leave a value it " +
                    "does not pass before the wait first reads it, and then it spins for ever (nothing shown to order " +
                    "that write after the wait)",
             {}, true);
      // (in the executions where it passes at once, what follows it runs:
      // the violations found there stand)
      unknownFindings.back().keepsViolations = true;
      continue;
    }
    if (writers.empty() && !sameBlockWriter) {
      // Nothing in the kernel writes the location: it keeps its launch value.
      // Where the wait can never complete, nothing after it runs.
      if (check(reach && substValue(w, c.bv_val(0, widthOf(w.value)))) == z3::unsat) deadAwaits.insert(w.s->id);
      check(blocksAt0);
      report(w, "deadlock: the wait on '" + w.s->text + "' can never reach its target: no signal in the kernel writes " +
                    "this location, which stays 0 (its value at launch) while the wait needs more",
             {"greatest value the location can reach: 0", "missing signal: none of the kernel's writes to '" +
                                                              k.regions[w.s->region].name + "' reaches this address"},
             false);
      continue;
    }
    // A grid.sync() after the wait that comes before every write to its
    // location, in every block: the writers pass it only once every thread
    // of the grid has arrived, the waiting one included, which arrives only
    // after its wait (grid.sync is reached by all threads or none, checked
    // separately). The location keeps its launch value while it waits.
    if (w.loopDepth == 0) {
      const BarrierEv *gb = nullptr;
      for (const BarrierEv &b : ec.barriers)
        if (b.s->barrier == BarrierKind::Grid && b.seq > w.seq && b.loopDepth == 0 && (!gb || b.seq < gb->seq)) gb = &b;
      auto afterGrid = [&](const Stmt *s) {
        bool any = false, all = true;
        for (const AccessEv &e : ec.accesses)
          if (e.s == s) {
            any = true;
            all = all && e.loopDepth == 0 && e.seq > gb->seq;
          }
        return any && all;
      };
      bool allAfter = gb != nullptr;
      for (const AccessEv *e : writers) allAfter = allAfter && afterGrid(e->s);
      if (allAfter && sameBlockWriter)
        for (const AccessEv &e : ec.accesses)
          if (e.s->region == w.s->region && writesMemory(*e.s)) allAfter = allAfter && afterGrid(e.s);
      if (allAfter && check(blocksAt0 && gb->guard) == z3::sat) {
        deadAwaits.insert(w.s->id);
        report(w, "deadlock: the wait on '" + w.s->text + "' can never reach its target: every write to its location " +
                      "comes after the grid.sync() at line " + std::to_string(gb->s->loc.line) +
                      ", which the writers pass only once this waiting thread has arrived there, after its wait",
               {"the location keeps its value at launch, 0, while the wait needs more",
                "grid.sync() (line " + std::to_string(gb->s->loc.line) + ") waits for every thread of the grid"},
               false);
        continue;
      }
    }
    anyCrossBlockWait = anyCrossBlockWait || !writers.empty();
    // The resets of a counting signal (classifySignals) are not signals:
    // they are checked below, after the count.
    std::vector<const AccessEv *> resetWriters;
    for (const AccessEv *e : writers) {
      auto it = signalClass.find(e->s->id);
      if (it == signalClass.end() || it->second.kind != SignalClass::Counting) continue;
      auto isReset = [&](const AccessEv *r) { return it->second.resets.count(r->s) > 0; };
      for (const AccessEv *r : writers)
        if (isReset(r)) resetWriters.push_back(r);
      writers.erase(std::remove_if(writers.begin(), writers.end(), isReset), writers.end());
      break;
    }
    // Every writer must be a counted signal of one kind.
    const Stmt *sig = nullptr;
    bool countable = !writers.empty();
    for (const AccessEv *e : writers) {
      auto it = signalClass.find(e->s->id);
      if (it == signalClass.end() || it->second.kind == SignalClass::None || (sig && sig != e->s &&
          (it->second.kind == SignalClass::Counting || signalClass[sig->id].kind == SignalClass::Counting))) {
        countable = false;
        break;
      }
      if (!sig) sig = e->s;
    }
    if (!countable) {
      report(w, "cannot prove that the wait on '" + w.s->text + "' completes: the writes to its location are not " +
                    "all counted signals (one writer per address, or one atomic add per block)", {}, true);
      continue;
    }
    const SignalClass &cls = signalClass[sig->id];
    // The signalling instance in D and its guard for the lead thread of a block.
    const AccessEv *sd = writers.front();
    Lead sdLead = leadThread(sd->seq, sd->pc, D);
    z3::expr g0 = atThread(sd->pc, D, sdLead), off0 = atThread(sd->off, D, sdLead);
    bool uniformSignal = onlyUniform(g0, D) && onlyUniform(off0, D) &&
                         (!sd->operand || onlyUniform(atThread(*sd->operand, D, sdLead), D));
    if (cls.kind == SignalClass::Counting) {
      // Contributors: blocks whose thread 0 signals; counted exactly when
      // all blocks do, or all but one.
      if (!uniformSignal) {
        report(w, "cannot prove that the wait on '" + w.s->text + "' completes: which blocks signal '" +
                      sig->text + "' depends on more than the block index", {}, true);
        continue;
      }
      z3::expr n = gridSize64();
      if (checkExact(launch && threadConstraints(D) && !g0) != z3::unsat) {
        // All but one?
        z3::expr_vector from(c), to(c);
        for (int i = 0; i < 3; ++i) { from.push_back(D.bid[i]); to.push_back(C.bid[i]); }
        z3::expr g0c = g0.substitute(from, to);
        if (!cls.byOneThread ||
            checkExact(launch && threadConstraints(C) && threadConstraints(D) && diffBlocks && !g0 && !g0c) != z3::unsat) {
          report(w, "cannot prove that the wait on '" + w.s->text + "' completes: the number of blocks that signal '" +
                        sig->text + "' is not counted (neither all blocks nor all but one)", {}, true);
          continue;
        }
        n = n - c.bv_val(1, 64);
      }
      z3::expr total = n * c.bv_val(cls.add, 64);
      unsigned vw = widthOf(w.value);
      z3::expr totalV = fitBv(total, vw);
      z3::expr overflow = vw < 64 ? z3::ugt(total, c.bv_val((uint64_t)(vw == 32 ? 0xffffffffull : (1ull << vw) - 1), 64)) : c.bool_val(false);
      // After every contribution the count stays at the total: a waiter that
      // reads only then must see its target.
      if (check(reach && (overflow || !substValue(w, totalV))) != z3::unsat) {
        uint64_t tv = lastModel ? val(total) : 0;
        report(w, "deadlock: the wait on '" + w.s->text + "' may never reach its target: the count can reach at most " +
                      std::to_string(tv) + " (" + std::to_string(cls.add) + " from each signalling block through '" +
                      sig->text + "'), and the wait's condition does not hold for that value (for an == target: the " +
                      "count can pass it before this block reads it)",
               {"greatest value the count can reach: " + std::to_string(tv), "signals: '" + sig->text + "' (line " +
                    std::to_string(sig->loc.line) + "), one per signalling block"},
               false);
        continue;
      }
      // A block that waits for every contribution before making its own.
      bool ownLater = false;
      for (const AccessEv &e : ec.accesses) {
        if (e.s != sig || e.seq < w.seq) continue;
        z3::expr need = reach && !substValue(w, fitBv(total - c.bv_val(cls.add, 64), vw));
        if (check(need && laterInBlock(w, e)) != z3::unsat) ownLater = true;
      }
      if (ownLater) {
        report(w, "deadlock: the wait on '" + w.s->text + "' can never reach its target: it needs every block's '" +
                      sig->text + "', but this block signals only after the wait (a wait on work the same block does later)",
               {"missing signal: this block's own '" + sig->text + "' (line " + std::to_string(sig->loc.line) + ")"},
               false);
        continue;
      }
      if (!resetWriters.empty() && !resetsAfterWait(w, resetWriters, sig, cls, total, reach)) continue;
    } else {
      // Exclusive: for every waiter, some block's thread signals exactly
      // this address with a value that satisfies the wait.
      if (!sd->operand || (sig->updateKind != "store" && sig->updateKind != "add")) {
        report(w, "cannot prove that the wait on '" + w.s->text + "' completes: the signal '" + sig->text +
                      "' depends on more than the block index, or its value is not known", {}, true);
        continue;
      }
      // Any thread of any block X may be the signaller (quantified).
      if (!onlyUniform(sd->pc, D) || !onlyUniform(sd->off, D) || !onlyUniform(*sd->operand, D)) {
        report(w, "cannot prove that the wait on '" + w.s->text + "' completes: the signal '" + sig->text +
                      "' depends on more than the thread and block index", {}, true);
        continue;
      }
      z3::expr xb[3] = {c.bv_const("X.blockIdx.x", 32), c.bv_const("X.blockIdx.y", 32), c.bv_const("X.blockIdx.z", 32)};
      z3::expr xt[3] = {c.bv_const("X.threadIdx.x", 32), c.bv_const("X.threadIdx.y", 32), c.bv_const("X.threadIdx.z", 32)};
      z3::expr_vector from(c), to(c);
      for (int i = 0; i < 3; ++i) {
        from.push_back(D.bid[i]); to.push_back(xb[i]);
        from.push_back(D.tid[i]); to.push_back(xt[i]);
      }
      z3::expr sdPc = sd->pc, sdOff = sd->off, sdVal = *sd->operand;
      z3::expr gx = sdPc.substitute(from, to), offx = sdOff.substitute(from, to);
      z3::expr valx = sdVal.substitute(from, to);
      unsigned vw = widthOf(w.value);
      z3::expr valw = fitBv(valx, vw);
      z3::expr inGrid = z3::ult(xb[0], gdim[0]) && z3::ult(xb[1], gdim[1]) && z3::ult(xb[2], gdim[2]) &&
                        z3::ult(xt[0], bdim[0]) && z3::ult(xt[1], bdim[1]) && z3::ult(xt[2], bdim[2]);
      z3::expr_vector bound(c);
      for (auto &x : xb) bound.push_back(x);
      for (auto &x : xt) bound.push_back(x);
      z3::expr someSignal = inGrid && gx && offx == w.off && substValue(w, valw);
      // Definitely missing: no block signals this address with such a value.
      z3::solver s0(c);
      s0.set("timeout", std::max(1u, opts.queryTimeoutMs()));
      s0.add(blocksAt0 && z3::forall(bound, !someSignal));
      ++queries;
      z3::check_result r0 = s0.check();
      if (r0 == z3::sat) {
        lastModel = std::make_unique<z3::model>(s0.get_model());
        report(w, "deadlock: the wait on '" + w.s->text + "' can never reach its target: no block signals this " +
                      "address with a value that satisfies it (a wrong counter index or target?)",
               {"greatest value the location can reach: 0 (nothing writes it)",
                "missing signal: '" + sig->text + "' (line " + std::to_string(sig->loc.line) + ") of no block reaches this address"},
               false);
        continue;
      }
      if (r0 == z3::unknown) {
        report(w, "cannot prove that the wait on '" + w.s->text + "' completes: the solver could not decide whether " +
                      "its signal is always sent", {}, true);
        continue;
      }
      // A block waiting for its own later signal.
      bool self = false;
      for (const AccessEv &e : ec.accesses) {
        if (e.s != sig || e.seq <= w.seq) continue;
        z3::expr satisfies = c.bool_val(true);
        if (e.operand) {
          satisfies = substValue(w, fitBv(*e.operand, vw));
        }
        if (check(blocksAt0 && laterInBlock(w, e) && satisfies &&
                  overlap(c, w.off, w.s->size, e.off, e.s->size)) != z3::unsat)
          self = true;
      }
      if (self) {
        report(w, "deadlock: the wait on '" + w.s->text + "' can never reach its target: the only signal to it is this " +
                      "block's own '" + sig->text + "', which comes after the wait (a wait on work the same block does later)",
               {"missing signal: '" + sig->text + "' (line " + std::to_string(sig->loc.line) + ") of the same block"}, false);
        continue;
      }
    }
    // The signal may itself come after waits in its block: those must be
    // live (earlier in program order), or this very wait in a block of lower
    // rank (a chain), else the waits may form a cycle.
    // A wait placed after the signal in program order still comes first
    // when a named or warp barrier links them: the waiting thread joins an
    // instance after its wait and the signalling thread joins it before its
    // signal (threads of different branches meet at different statements).
    bool acyclic = true;
    const AccessEv *sigC = nullptr;
    for (const AccessEv &e : ec.accesses)
      if (e.s == sig) sigC = &e;
    auto linkedBefore = [&](const AwaitEv &w2) {
      // Named: the same instance (named_barriers.cpp's numbering), the
      // signalling thread waiting at it. Warp barriers: any pair of them
      // (an over-approximation: more waits to show live).
      bool warpAfterWait = false, warpBeforeSignal = false;
      for (const BarrierEv &b : ec.barriers) {
        if (b.s->barrier != BarrierKind::Warp) continue;
        warpAfterWait |= b.seq > w2.seq;
        warpBeforeSignal |= b.seq < sigC->seq;
      }
      if (warpAfterWait && warpBeforeSignal) return true;
      if (ec.named.empty()) return false;
      Lead lead = leadThread(sigC->seq, sigC->pc, C);
      // A lead's event that namedWithLead cannot read for the lead (not
      // uniform) is left out there: then the link is not excluded.
      bool skipped = false;
      z3::expr same = namedWithLead(ec, C, w2.seq, std::numeric_limits<int>::max(), lead, -1, sigC->seq, true, &skipped);
      return skipped || check(baseC && w2.guard && same) != z3::unsat;
    };
    for (const AwaitEv &w2 : ec.awaits) {
      if (!sigC || (w2.seq > sigC->seq && !linkedBefore(w2))) continue;
      if (w2.s != w.s && live.count(w2.s->id)) continue;
      // A wait no thread reaches (an interpreter's copy for another opcode).
      if (w2.s != w.s && check(baseC && w2.guard) == z3::unsat) continue;
      // A turn's writer waited for the previous value: turns are ranked by value.
      if (w2.s == w.s && cls.kind == SignalClass::Turn) continue;
      if (w2.s == w.s && cls.kind == SignalClass::Exclusive) {
        // The signaller (D) waits here too before signalling: it must be a
        // lower-ranked block than the waiter (C) whenever it signals C's address.
        const AwaitEv *wd = nullptr;
        for (const AwaitEv &x : ed.awaits)
          if (x.s == w.s) wd = &x;
        z3::expr q = baseCD && diffBlocks && w.guard && !substValue(w, c.bv_val(0, widthOf(w.value))) &&
                     (sd->guard || g0) && (wd ? wd->guard || leadPath(wd->seq, wd->pc, D) : c.bool_val(true)) &&
                     overlap(c, w.off, w.s->size, sd->guard.is_true() ? sd->off : off0, sig->size) &&
                     z3::uge(linearBid(D), linearBid(C));
        z3::check_result r = check(q);
        if (r == z3::unsat) continue;
        // Two blocks waiting for each other's later signal: a cycle.
        if (r == z3::sat && wd) {
          // D also waits for C's signal.
          z3::expr cyc = q && wd->guard && !substValue(*wd, c.bv_val(0, widthOf(wd->value))) &&
                         overlap(c, wd->off, w.s->size, sigC->off, sig->size) && sigC->guard;
          if (check(cyc) == z3::sat) {
            model::ThreadId other = threadId("block D", D);
            report(w, "deadlock: the wait on '" + w.s->text + "' is part of a cycle: this block waits for block (" +
                          std::to_string(other.bid[0]) + "," + std::to_string(other.bid[1]) + "," + std::to_string(other.bid[2]) +
                          ") to signal, and that block waits for this one before signalling",
                   {"block D waits on '" + w.s->text + "' for this block's '" + sig->text + "'",
                    "this block signals only after its own wait"},
                   false);
            acyclic = false;
            break;
          }
        }
      }
      acyclic = false;
      report(w, "cannot prove that the wait on '" + w.s->text + "' completes: the signal '" + sig->text +
                    "' comes after waits in its block that are not shown to complete first (possible cycle)", {}, true);
      break;
    }
    if (!acyclic) continue;
    live.insert(w.s->id);
  }
  // The deferred waits, again while others come to be shown to complete;
  // then once more, reporting.
  for (bool progress = true; progress && !deferred.empty();) {
    progress = false;
    std::vector<const AwaitEv *> todo;
    todo.swap(deferred);
    for (const AwaitEv *w : todo) {
      pendingWaits.erase(w->s->id);
      loopSignalWait(*w);
      if (!pendingWaits.count(w->s->id)) progress = true;
    }
  }
  deferCycles = false;
  for (const AwaitEv *w : std::vector<const AwaitEv *>(deferred)) {
    pendingWaits.erase(w->s->id);
    loopSignalWait(*w);
  }
  // Co-residency: blocks that wait for other blocks need them scheduled.
  if (!anyCrossBlockWait || opts.launch.cooperative) return;
  {
    // One block that waits for blocks that never wait needs no co-residency.
    z3::expr twoWaiters = c.bool_val(false);
    for (const AwaitEv &w1 : ec.awaits)
      for (const AwaitEv &w2 : ed.awaits) twoWaiters = twoWaiters || (w1.guard && w2.guard);
    singleWaiter = check(launch && threadConstraints(C) && threadConstraints(D) && ec.assumed && ed.assumed && diffBlocks &&
                         twoWaiters) == z3::unsat;
  }
  if (singleWaiter) return;
  const AwaitEv &first = ec.awaits.front();
  std::optional<uint64_t> cap = opts.launch.residentBlocks;
  uint64_t gmax = opts.launch.gridMax[0] * opts.launch.gridMax[1] * opts.launch.gridMax[2];
  if (cap && gmax <= *cap) return;
  Finding f;
  f.kind = FindingKind::Deadlock;
  f.kernel = k.displayName;
  f.loc = first.s->loc;
  f.message = "deadlock: blocks wait for other blocks here, but the launch is not cooperative and the grid (up to " +
              std::to_string(gmax) + " blocks) " +
              (cap ? "exceeds the " + std::to_string(*cap) + " blocks that can be co-resident on " + opts.launch.device
                   : std::string("is not known to fit on the device (no --device/--blocks-per-sm)")) +
              ": blocks need not all be co-resident, and a waiting block may wait for one that is never scheduled";
  f.trace.push_back({-1, first.s->loc, "every resident block waits here; the blocks they wait for are not scheduled"});
  findings.push_back(f);
}

// A race that a weaker edge would order is an ordering defect: report the
// missing release or acquire (or the too-narrow scope) instead.
bool Checker::reportOrdering(Executor &x, const Thread &tx, const AccessEv &a, Executor &y, const Thread &ty,
                             const AccessEv &b, const z3::expr &q) {
  // The racing instances: those the edges as required leave unordered (in
  // loops the pair has many instances, most of them ordered by other edges).
  z3::expr hbFull = happensBefore(x, tx, a, y, ty, b, HbMode::Full, true, nullptr) ||
                    happensBefore(y, ty, b, x, tx, a, HbMode::Full, false, nullptr);
  for (HbMode mode : {HbMode::NarrowScope, HbMode::NoRelease, HbMode::NoAcquire}) {
    std::vector<HbCand> cands;
    z3::expr hb = happensBefore(x, tx, a, y, ty, b, mode, true, &cands) ||
                  happensBefore(y, ty, b, x, tx, a, mode, false, &cands);
    if (cands.empty()) continue;
    if (check(q && !hb) != z3::unsat) continue;
    // Which candidate orders a racing instance in a witness of the weakened edge.
    if (check(q && !hbFull && hb) != z3::sat) continue;
    const HbCand *pick = nullptr;
    for (const HbCand &cd : cands)
      if (lastModel->eval(cd.cond, true).is_true()) { pick = &cd; break; }
    if (!pick) pick = &cands.front();
    const AccessEv &src = pick->fromX ? a : b;  // the published access
    const AccessEv &dst = pick->fromX ? b : a;
    const Thread &ts = pick->fromX ? tx : ty;
    const Thread &td = pick->fromX ? ty : tx;
    Finding f;
    f.kind = FindingKind::Ordering;
    f.kernel = k.displayName;
    model::ThreadId ids = threadId("thread A", ts), idd = threadId("thread B", td);
    f.threads = {ids, idd};
    std::string srcLine = std::to_string(src.s->loc.line), dstLine = std::to_string(dst.s->loc.line);
    int which;
    if (mode == HbMode::NoRelease) {
      which = 0;
      f.loc = pick->signal->loc;
      std::string how = pick->signal->atomicOp.empty() ? (pick->signal->isVolatile ? "volatile store" : "store")
                                                       : pick->signal->atomicOp;
      f.message = "missing release: '" + pick->signal->text + "' (" + how + ", " +
                  model::memOrderName(pick->signal->order) + ") signals another block after the " +
                  model::accessKindName(src.s->access) + " '" + src.s->text + "' (line " + srcLine +
                  ") without release semantics, so the " + model::accessKindName(dst.s->access) + " '" +
                  dst.s->text + "' (line " + dstLine +
                  ") of the waiting block may not see it; make the signal a release (red.release.gpu, "
                  "atomic_ref::fetch_add(..., memory_order_release)) or put __threadfence() between the write and it";
    } else if (mode == HbMode::NoAcquire) {
      which = 1;
      f.loc = pick->await->loc;
      f.message = "missing acquire: the wait on '" + pick->await->text + "' (" +
                  (pick->await->kind == Stmt::Kind::Await
                       ? std::string(pick->await->isVolatile ? "volatile spin" : isStrong(*pick->await) ? model::memOrderName(pick->await->order) : "plain load")
                       : pick->await->atomicOp) +
                  ") is followed by the " + model::accessKindName(dst.s->access) + " '" + dst.s->text + "' (line " +
                  dstLine + ") without acquire semantics, so it may not see the " +
                  model::accessKindName(src.s->access) + " '" + src.s->text + "' (line " + srcLine +
                  ") of the signalling block; " +
                  (pick->await->kind == Stmt::Kind::Await
                       ? std::string("spin with ld.acquire.gpu / atomic_ref::load(memory_order_acquire) or put "
                                     "__threadfence() after the wait")
                       : std::string("put __threadfence() after '" + pick->await->atomicOp +
                                     "' (before the barrier that passes its result on, if another thread reads) or "
                                     "make it acq_rel (atomic_ref::fetch_add(..., memory_order_acq_rel))"));
    } else {
      which = 2;
      const Stmt *narrow = pick->fence ? pick->fence : isStrong(*pick->signal) && !gridScope(pick->signal->scope) ? pick->signal : pick->await;
      f.loc = narrow->loc;
      f.message = std::string("scope too narrow: '") + (narrow->text.empty() ? narrow->atomicOp : narrow->text) +
                  "' orders memory only within its block (CTA scope), but the " + model::accessKindName(src.s->access) +
                  " '" + src.s->text + "' (line " + srcLine + ") and the " + model::accessKindName(dst.s->access) +
                  " '" + dst.s->text + "' (line " + dstLine + ") are in different blocks; use GPU scope (__threadfence(), .gpu, "
                  "thread_scope_device)";
    }
    std::pair<int, int> key{which == 0 ? pick->signal->id : which == 1 ? pick->await->id : f.loc.line * 1000 + f.loc.column, which};
    if (reportedOrdering.count(key)) return true;
    reportedOrdering.insert(key);
    f.related.push_back({src.s->loc, std::string("the ") + model::accessKindName(src.s->access) + " that is published"});
    f.related.push_back({pick->signal->loc, "the signal"});
    f.related.push_back({pick->await->loc, "the wait"});
    f.related.push_back({dst.s->loc, std::string("the ") + model::accessKindName(dst.s->access) + " that may not see it"});
    addLaunchValues(f);
    f.trace.push_back({0, src.s->loc, "thread A (" + threadText(ids, true) + ") " + verb(src.s->access) + " '" + src.s->text + "'" +
                                          iterationText(pick->fromX ? x : y, src)});
    f.trace.push_back({0, pick->signal->loc, "thread A's block signals through '" + pick->signal->text + "'"});
    f.trace.push_back({1, pick->await->loc, "thread B's block observes the signal through '" + pick->await->text + "'"});
    f.trace.push_back({1, dst.s->loc, "thread B (" + threadText(idd, true) + ") " + verb(dst.s->access) + " '" + dst.s->text +
                                          "'" + iterationText(pick->fromX ? y : x, dst) + ": not ordered after step 1"});
    orderingFindings.push_back(f);
    return true;
  }
  return false;
}

}  // namespace syncproof::checker::detail
