// Named barriers: bar.sync / bar.arrive / barrier.sync with an id and a
// thread count (PTX ISA 9.7.13.1, bar/barrier). docs/pipelines.md states the
// rules.
//
// An instance of barrier `id` completes when `count` threads have arrived
// (bar.arrive) or arrived and wait (bar.sync); every participant must use the
// same count, a multiple of the warp size. Between two __syncthreads() (one
// block interval) the events of a thread on one id are numbered 0, 1, 2, ...;
// when every instance is complete and no thread arrives twice on an id
// without waiting in between, instance j of the interval is exactly the
// threads' events number j. This file
//   * proves that (counting the threads of each instance for the fixed block
//     size of the contract, thread by thread), or reports the mismatch
//     (`barrier-mismatch`) or why it cannot tell (`unknown`);
//   * orders accesses for the race check: an access before a thread's event
//     j on barrier `id` happens before an access after another thread's
//     bar.sync j on the same id in the same interval.
#include "checker/engine.h"

namespace syncproof::checker::detail {

namespace {

std::string countWord(uint64_t n) {
  static const char *words[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight"};
  return n < 9 ? words[n] : std::to_string(n);
}


}  // namespace

// Per event of x.named: how many events on the same id the thread executed
// earlier in the same block interval (8-bit count). `byPath`: counted from
// the path conditions alone (who executes each event), so that it can be
// read for another thread of the block (the lead of a cross-block pattern);
// otherwise from the guards (with the loops' witnesses).
const std::vector<z3::expr> &Checker::namedIndices(Executor &x, bool byPath) {
  auto &memo = byPath ? namedPcIndex : namedIndex;
  auto it = memo.find(&x);
  if (it != memo.end()) return it->second;
  std::vector<z3::expr> idx;
  for (size_t i = 0; i < x.named.size(); ++i) {
    const NamedEv &e = x.named[i];
    z3::expr n = c.bv_val(0, 8);
    for (size_t j = 0; j < i; ++j) {
      const NamedEv &p = x.named[j];
      z3::expr sameInterval = c.bool_val(false);
      for (auto &[key, g] : p.bseg) {
        auto f = e.bseg.find(key);
        if (f != e.bseg.end()) sameInterval = sameInterval || (g && f->second);
      }
      n = n + z3::ite((byPath ? p.pc : p.guard) && p.id == e.id && sameInterval, c.bv_val(1, 8), c.bv_val(0, 8));
    }
    idx.push_back(n.simplify());
  }
  return memo.emplace(&x, std::move(idx)).first->second;
}

z3::expr Checker::namedWithLead(Executor &x, const Thread &t, int tAfter, int tBefore, const Lead &lead, int leadAfter,
                                int leadBefore, bool leadWaits, bool *skipped) {
  z3::expr r = c.bool_val(false);
  if (x.named.empty()) return r;
  const std::vector<z3::expr> &ix = namedIndices(x, true);
  for (size_t j = 0; j < x.named.size(); ++j) {
    const NamedEv &el = x.named[j];
    if (el.seq <= leadAfter || el.seq >= leadBefore || el.loopDepth > 0 || (leadWaits && el.s->arriveOnly)) continue;
    // The lead's side of event j, read once per executor, event and lead.
    auto key = std::make_tuple(&x, j, lead);
    auto memo = namedLeadMemo.find(key);
    if (memo == namedLeadMemo.end()) {
      NamedLeadSide side{atThread(el.pc, t, lead), atThread(el.id, t, lead), atThread(ix[j], t, lead), {}, false};
      side.usable = onlyUniform(side.pc, t) && onlyUniform(side.id, t) && onlyUniform(side.index, t);
      for (auto &[k2, g] : el.bseg) {
        z3::expr gl = atThread(g, t, lead);
        if (onlyUniform(gl, t)) side.seg.emplace(k2, gl);
      }
      memo = namedLeadMemo.emplace(key, std::move(side)).first;
    }
    const NamedLeadSide &side = memo->second;
    if (!side.usable) {
      if (skipped) *skipped = true;
      continue;
    }
    const z3::expr &pcL = side.pc, &idL = side.id, &ixL = side.index;
    const std::map<int, z3::expr> &segL = side.seg;
    for (size_t i = 0; i < x.named.size(); ++i) {
      const NamedEv &et = x.named[i];
      if (et.seq <= tAfter || et.seq >= tBefore || et.loopDepth > 0 || (!leadWaits && et.s->arriveOnly)) continue;
      z3::expr sameInterval = c.bool_val(false);
      for (auto &[key, g] : et.bseg) {
        auto f = segL.find(key);
        if (f != segL.end()) sameInterval = sameInterval || (g && f->second);
      }
      r = r || (et.guard && pcL && et.id == idL && sameInterval && ix[i] == ixL);
    }
  }
  return r;
}

// a (in x) happens before b (in y) through one instance of a named barrier:
// x arrives at it after a, y passes its bar.sync before b.
z3::expr Checker::namedHappensBefore(Executor &x, const AccessEv &a, Executor &y, const AccessEv &b) {
  z3::expr r = c.bool_val(false);
  if (x.named.empty() || y.named.empty()) return r;
  const std::vector<z3::expr> &ix = namedIndices(x), &iy = namedIndices(y);
  for (size_t i = 0; i < x.named.size(); ++i) {
    const NamedEv &ea = x.named[i];
    if (ea.seq < a.seq || ea.loopDepth > 0) continue;
    for (size_t j = 0; j < y.named.size(); ++j) {
      const NamedEv &eb = y.named[j];
      if (eb.seq > b.seq || eb.loopDepth > 0 || eb.s->arriveOnly) continue;
      z3::expr sameInterval = c.bool_val(false);
      for (auto &[key, g] : ea.bseg) {
        auto f = eb.bseg.find(key);
        if (f != eb.bseg.end()) sameInterval = sameInterval || (g && f->second);
      }
      r = r || (ea.guard && eb.guard && ea.id == eb.id && sameInterval && ix[i] == iy[j]);
    }
  }
  return r;
}

void Checker::namedBarrierChecks(Executor &x, const Thread &t, std::optional<uint64_t> groupId) {
  namedSteps.clear();
  if (x.named.empty()) return;
  const size_t before = findings.size();  // (a finding of this check explains its own hang: no steps)
  auto unknownAt = [&](const Stmt *s, const std::string &why) {
    Finding f;
    f.kind = FindingKind::Unknown;
    f.kernel = k.displayName;
    f.loc = s->loc;
    f.message = "not modelled: named barrier '" + s->text + "': " + why;
    unknownFindings.push_back(f);
  };
  std::set<int> reported;
  // The barrier of a group (checker.cpp, findGroupBarrier): shown to hold
  // exactly its group in every instance; not counted here.
  std::set<int> ofGroup;
  for (const NamedEv &e : x.named)
    if (groupId && e.s->barrierId && e.s->barrierId->isConst() && e.s->barrierId->value == *groupId)
      ofGroup.insert(e.s->id);
  bool inLoop = false;
  for (const NamedEv &e : x.named) {
    if (ofGroup.count(e.s->id)) continue;
    if (e.loopDepth > 0 && reported.insert(e.s->id).second) {
      unknownAt(e.s, "inside a loop, its instances are not matched in this version (it orders nothing here)");
      inLoop = true;
    }
  }
  std::optional<FixedBlock> fb = fixedBlock();
  if (!fb) {
    unknownAt(x.named[0].s, "the threads of each instance are counted for a fixed block size; give one (--block)");
    return;
  }
  if (inLoop) return;
  const uint64_t n = fb->threads;
  if (n == 0 || n > 1024) return;  // the launch contract admits no launch

  // Thread by thread: the events it executes, their ids, counts, intervals.
  struct Hit {
    size_t ev;
    uint64_t id, count;
    int interval;
  };
  std::vector<std::vector<Hit>> hits(n);
  std::map<size_t, std::set<uint64_t>> exitedAt;  // per event: threads that returned before it
  ConcreteThread ct = concreteThread(t, *fb);
  for (uint64_t lin = 0; lin < n; ++lin) {
    ct.set(lin);
    for (size_t ei = 0; ei < x.named.size(); ++ei) {
      const NamedEv &e = x.named[ei];
      // (The group's own barrier is not counted here, but a loop-free one is
      // a step of the progress check below.)
      if (reported.count(e.s->id) || (ofGroup.count(e.s->id) && e.loopDepth > 0)) continue;
      z3::expr g = e.pc;
      std::optional<bool> reaches = truthOf(ct.apply(g));
      if (!reaches) {
        reported.insert(e.s->id);
        unknownAt(e.s, "which threads reach it depends on values other than threadIdx and blockDim");
        continue;
      }
      if (!*reaches) {
        z3::expr ex = e.exited;
        if (truthOf(ct.apply(ex)).value_or(false)) exitedAt[ei].insert(lin);
        continue;
      }
      z3::expr ide = e.id, cnt = e.count;
      std::optional<uint64_t> id = numeralOf(ct.apply(ide)), count = numeralOf(ct.apply(cnt));
      int interval = -1, intervals = 0;
      for (auto &[key, cond] : e.bseg) {
        z3::expr ce = cond;
        std::optional<bool> in = truthOf(ct.apply(ce));
        if (!in) intervals = 2;
        else if (*in) { interval = key; ++intervals; }
      }
      if (!id || !count || intervals != 1) {
        reported.insert(e.s->id);
        unknownAt(e.s, !id      ? "its id is not a constant for each thread"
                       : !count ? "its thread count is not a constant for each thread"
                                : "the block interval it is executed in is not known");
        continue;
      }
      hits[lin].push_back({ei, *id, *count, interval});
    }
  }

  // An event whose threads, id or interval are not known, or an arrival
  // whose instance is not known, leaves the participants of every instance
  // unknown: no counting then.
  bool instancesKnown = reported.empty();

  auto report = [&](FindingKind kind, const NamedEv &e, const std::string &msg, const std::vector<std::string> &steps) {
    if (!reported.insert(e.s->id).second) return;
    Finding f;
    f.kind = kind;
    f.kernel = k.displayName;
    f.loc = e.s->loc;
    f.message = msg;
    f.values.push_back({"blockDim", fb->text()});
    for (const std::string &st : steps) f.trace.push_back({-1, e.s->loc, st});
    findings.push_back(f);
  };
  auto warpRange = [](const std::set<uint64_t> &threads) {
    std::set<uint64_t> warps;
    for (uint64_t th : threads) warps.insert(th / 32);
    std::string r;
    uint64_t lo = *warps.begin(), prev = lo;
    auto flush = [&](uint64_t hi) {
      if (!r.empty()) r += ", ";
      r += lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
    };
    for (auto it = std::next(warps.begin()); it != warps.end(); ++it) {
      if (*it != prev + 1) { flush(prev); lo = *it; }
      prev = *it;
    }
    flush(prev);
    return std::string(warps.size() == 1 ? "warp " : "warps ") + r;
  };

  // Warp alignment (PTX ISA: barrier): a warp arrives once all its
  // non-exited threads executed the barrier; bar.* and barrier.*.aligned
  // further require every thread of the warp to execute the same instruction.
  for (size_t ei = 0; ei < x.named.size(); ++ei) {
    const NamedEv &e = x.named[ei];
    if (ofGroup.count(e.s->id)) continue;
    bool aligned = e.s->text.rfind("bar.", 0) == 0 || e.s->text.rfind("bar ", 0) == 0 ||
                   e.s->text.find(".aligned") != std::string::npos;
    std::map<uint64_t, std::set<uint64_t>> byWarp;
    for (uint64_t lin = 0; lin < n; ++lin)
      for (const Hit &h : hits[lin])
        if (h.ev == ei) byWarp[lin / 32].insert(lin);
    for (auto &[w, threads] : byWarp) {
      uint64_t full = std::min<uint64_t>(32, n - w * 32);
      std::optional<uint64_t> missing;
      for (uint64_t th = w * 32; th < w * 32 + full && !missing; ++th)
        if (!threads.count(th) && !exitedAt[ei].count(th)) missing = th;
      if (!missing) continue;
      if (!aligned) {
        instancesKnown = false;
        if (reported.insert(e.s->id).second)
          unknownAt(e.s, "executed by part of warp " + std::to_string(w) + " (thread " + std::to_string(*missing) +
                             " does not execute it); partial-warp arrival is not modelled");
        break;
      }
      report(FindingKind::Divergence, e,
             "barrier divergence: '" + e.s->text + "' is executed by " + std::to_string(threads.size()) + " of the " +
                 std::to_string(full) + " threads of warp " + std::to_string(w) +
                 " (bar/barrier are .aligned: all threads of a warp must execute the same instruction)",
             {"threads " + std::to_string(*threads.begin()) + ".. of warp " + std::to_string(w) +
              " execute it; thread " + std::to_string(*missing) + " neither executes it nor has exited"});
      break;
    }
  }

  // Instances: (interval, id, index) -> the participating (thread, event).
  using Instance = std::tuple<int, uint64_t, unsigned>;
  std::map<Instance, std::vector<std::pair<uint64_t, size_t>>> instances;
  std::vector<std::vector<std::pair<size_t, Instance>>> joins(n);  // per thread: (event, instance), in order
  for (uint64_t lin = 0; lin < n; ++lin) {
    std::map<std::pair<int, uint64_t>, unsigned> next;
    std::map<std::pair<int, uint64_t>, const Hit *> last;
    for (const Hit &h : hits[lin]) {
      auto key = std::make_pair(h.interval, h.id);
      unsigned j = next[key]++;
      joins[lin].push_back({h.ev, Instance{h.interval, h.id, j}});
      if (ofGroup.count(x.named[h.ev].s->id)) continue;  // (shown to hold its group: findGroupBarrier)
      instances[{h.interval, h.id, j}].push_back({lin, h.ev});
      auto lp = last.find(key);
      if (lp != last.end() && lp->second->ev != h.ev && x.named[lp->second->ev].s->arriveOnly) {
        // Arrived without waiting, then arrives again on the same id: the
        // second arrival may be counted in the first instance.
        const NamedEv &e = x.named[h.ev];
        instancesKnown = false;
        if (!reported.count(e.s->id)) {
          reported.insert(e.s->id);
          unknownAt(e.s, "thread " + std::to_string(lin) + " arrives on barrier " + std::to_string(h.id) +
                             " again after a bar.arrive without waiting in between; which instance each arrival "
                             "joins is not modelled in this version");
        }
      }
      last[key] = &h;
    }
  }

  if (!instancesKnown) return;
  bool blockBarriers = false;
  for (const BarrierEv &b : x.barriers) blockBarriers |= b.s->barrier == BarrierKind::Block;
  for (auto &[key, parts] : instances) {
    auto [interval, id, j] = key;
    // A warp arrives as a whole: the instance counts 32 threads per warp.
    std::set<uint64_t> threads, warps;
    std::map<size_t, std::set<uint64_t>> byEvent;
    for (auto &[lin, ev] : parts) {
      threads.insert(lin);
      warps.insert(lin / 32);
      byEvent[ev].insert(lin);
    }
    uint64_t p = 0;
    for (uint64_t w : warps) p += std::min<uint64_t>(32, n - w * 32);
    for (auto &[ev, evThreads] : byEvent) {
      const NamedEv &e = x.named[ev];
      uint64_t count = 0;
      for (const Hit &h : hits[*evThreads.begin()])
        if (h.ev == ev) count = h.count;
      std::string where = std::to_string(p) + " threads (" + warpRange(threads) + ")";
      if (id > 15) {
        // PTX ISA (bar, barrier): a CTA has 16 barriers, ids 0-15.
        report(FindingKind::BarrierMismatch, e,
               "barrier id " + std::to_string(id) + " is out of range: a block has 16 named barriers, ids 0-15",
               {"'" + e.s->text + "' executed by " + where});
        continue;
      }
      if (id == 0 && count < n && blockBarriers) {
        report(FindingKind::BarrierMismatch, e,
               "barrier 0 is used with a count of " + std::to_string(count) + " while __syncthreads() uses barrier 0 with " +
                   "all " + std::to_string(n) + " threads of the block: give the partial barrier its own id (1-15)",
               {"'" + e.s->text + "' executed by " + where, "__syncthreads() is barrier 0 with " + std::to_string(n) + " threads"});
        continue;
      }
      if (count % 32 != 0 || count == 0) {
        report(FindingKind::BarrierMismatch, e,
               "thread count " + std::to_string(count) + " of '" + e.s->text + "' is not a positive multiple of the warp size (32)",
               {"'" + e.s->text + "' executed by " + where});
        continue;
      }
      if (count == p) continue;
      std::string msg = "thread count: barrier " + std::to_string(id) + " is executed by " + where +
                        " in the same interval between __syncthreads(), but '" + e.s->text + "' counts " + std::to_string(count);
      if (p > count && p % count == 0)
        msg += ": " + countWord(p / count) + " groups of " + std::to_string(count) +
               " threads use the id at once, and an instance completes with whichever " + std::to_string(count / 32) +
               " warps arrive first";
      else if (p < count) {
        bool anyWaits = false;
        for (auto &[ev2, th2] : byEvent) anyWaits |= !x.named[ev2].s->arriveOnly;
        msg += anyWaits ? ": the instance never completes (a hang)" : ": the instance never completes";
      }
      else
        msg += ": instances complete with the wrong participants";
      report(FindingKind::BarrierMismatch, e, msg,
             {"'" + e.s->text + "' (count " + std::to_string(count) + ") executed by " + where + ", instance " +
              std::to_string(j) + " of barrier " + std::to_string(id) + " in this interval"});
    }
  }
  if (findings.size() != before) return;  // a miscounted or divergent instance explains its own hang

  // Every instance holds exactly its threads: the steps of the progress
  // check (blockProgressChecks), each instance a barrier that releases when
  // all its threads reached it (bar.arrive: reached without waiting).
  // A group barrier inside a loop has no steps; beside other barriers or
  // mbarrier waits a cycle through it would go unseen.
  for (const NamedEv &e : x.named)
    if (ofGroup.count(e.s->id) && e.loopDepth > 0) {
      bool others = !mbarSteps.empty();
      for (const NamedEv &o : x.named) others |= !ofGroup.count(o.s->id);
      if (others) {
        unknownAt(e.s, "inside a loop, the group's barrier is not in the deadlock check beside the kernel's other "
                       "named barriers and mbarrier waits in this version");
      }
      return;
    }
  std::map<Instance, int64_t> number;  // instance -> a negative step number
  namedSteps.assign(n, {});
  for (uint64_t lin = 0; lin < n; ++lin)
    for (auto &[ev, inst] : joins[lin]) {
      auto it = number.emplace(inst, -(int64_t)number.size() - 1).first;
      ProgressStep st;
      st.kind = ProgressStep::Barrier;
      st.s = x.named[ev].s;
      st.barrier = it->second;
      st.arriveOnly = x.named[ev].s->arriveOnly;
      st.seq = x.named[ev].seq;
      namedSteps[lin].push_back(st);
    }
}

}  // namespace syncproof::checker::detail
