#include "checker/progress.h"

#include <set>

namespace syncproof::checker {

Progress runProgress(const std::vector<ProgressThread> &threads, const std::map<SyncObject, uint64_t> &initCount) {
  Progress pr;
  pr.at.assign(threads.size(), 0);
  std::map<SyncObject, std::map<uint64_t, uint64_t>> arrived, announced, delivered;
  // (block, barrier instance) -> its threads, and those that reached it (a
  // waiting thread stays at it until it is released; one that only arrives
  // goes on).
  std::map<std::pair<int64_t, int64_t>, std::set<size_t>> members, reached;
  for (size_t i = 0; i < threads.size(); ++i)
    for (const ProgressStep &st : threads[i].steps)
      if (st.kind == ProgressStep::Barrier) members[{threads[i].block, st.barrier}].insert(i);
  std::set<std::pair<int64_t, int64_t>> released;
  auto complete = [&](const SyncObject &o, uint64_t ph) {
    auto cnt = initCount.find(o);
    if (cnt == initCount.end()) return true;
    for (uint64_t q = 0; q <= ph; ++q)
      if (arrived[o][q] < cnt->second || delivered[o][q] < announced[o][q]) return false;
    return true;
  };
  for (bool moved = true; moved;) {
    moved = false;
    for (size_t i = 0; i < threads.size(); ++i)
      while (pr.at[i] < threads[i].steps.size()) {
        const ProgressStep &st = threads[i].steps[pr.at[i]];
        if (st.kind == ProgressStep::MbarWait && !complete(st.obj, st.phase)) break;
        if (st.kind == ProgressStep::Await && !st.exits(pr.value[st.obj])) break;
        if (st.kind == ProgressStep::Barrier) {
          std::pair<int64_t, int64_t> key{threads[i].block, st.barrier};
          std::set<size_t> &at = reached[key];
          at.insert(i);
          if (at.size() == members[key].size()) released.insert(key);
          if (!st.arriveOnly && !released.count(key)) break;
        }
        if (st.kind == ProgressStep::Arrive) arrived[st.obj][st.phase] += st.count;
        if (st.kind == ProgressStep::Arrive || st.kind == ProgressStep::ExpectTx) announced[st.obj][st.phase] += st.tx;
        if (st.kind == ProgressStep::Copy) delivered[st.obj][st.phase] += st.tx;
        if (st.kind == ProgressStep::Signal) pr.value[st.obj] += st.count;
        ++pr.at[i];
        moved = true;
      }
  }
  return pr;
}

std::string syncObjectName(const model::Kernel &k, const SyncObject &o) {
  uint64_t off = std::get<2>(o) & ((1ull << 40) - 1);
  return k.regions[std::get<1>(o)].name + (off ? "+" + std::to_string(off) : std::string());
}

static std::string who(const ProgressThread &t) {
  return "thread " + std::to_string(t.thread) + (t.role.empty() ? "" : " (" + t.role + ")") +
         (t.block >= 0 ? " of block " + std::to_string(t.block) : "");
}

static std::string waitText(const ProgressStep &at, const ObjectName &name) {
  switch (at.kind) {
  case ProgressStep::MbarWait:
    return "for phase " + std::to_string(at.phase) + " of '" + name(at.obj) + "'";
  case ProgressStep::Await:
    return "on '" + name(at.obj) + "'";
  case ProgressStep::Barrier:
    return "at '" + at.s->text + "'";
  default:
    return "";
  }
}

std::string blockedText(const ProgressThread &t, const ProgressStep &at, const ObjectName &name) {
  return who(t) + " waits forever at line " + std::to_string(at.s->loc.line) + " " + waitText(at, name);
}

std::vector<std::string> blockedSummary(const std::vector<ProgressThread> &threads, const Progress &pr,
                                        const ObjectName &name, size_t max) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < threads.size() && out.size() < max) {
    if (!pr.blocked(i, threads)) { ++i; continue; }
    const ProgressStep &st = threads[i].steps[pr.at[i]];
    size_t j = i;
    auto same = [&](size_t n) {
      if (n >= threads.size() || !pr.blocked(n, threads) || threads[n].block != threads[i].block ||
          threads[n].thread != threads[n - 1].thread + 1)
        return false;
      const ProgressStep &o = threads[n].steps[pr.at[n]];
      return o.s == st.s && o.kind == st.kind && o.obj == st.obj && o.phase == st.phase;
    };
    while (same(j + 1)) ++j;
    if (j == i) {
      out.push_back(blockedText(threads[i], st, name));
    } else {
      // "warp 1: consumer" .. "warp 4: consumer" -> "warps 1-4: consumer"
      std::string role;
      const std::string &a = threads[i].role, &b = threads[j].role;
      size_t ca = a.find(':'), cb = b.find(':');
      if (!a.empty() && a.rfind("warp ", 0) == 0 && b.rfind("warp ", 0) == 0) {
        std::string wa = a.substr(5, ca == std::string::npos ? std::string::npos : ca - 5);
        std::string wb = b.substr(5, cb == std::string::npos ? std::string::npos : cb - 5);
        std::string tail = ca == std::string::npos ? "" : a.substr(ca);
        role = wa == wb ? " (" + a + ")" : " (warps " + wa + "-" + wb + tail + ")";
      }
      out.push_back("threads " + std::to_string(threads[i].thread) + "-" + std::to_string(threads[j].thread) + role +
                    (threads[i].block >= 0 ? " of block " + std::to_string(threads[i].block) : "") +
                    " wait forever at line " + std::to_string(st.s->loc.line) + " " + waitText(st, name));
    }
    i = j + 1;
  }
  return out;
}

std::string owedBy(const std::vector<ProgressThread> &threads, const Progress &pr, int64_t block,
                   const ProgressStep &w, const ObjectName &name) {
  for (size_t i = 0; i < threads.size(); ++i) {
    if (!pr.blocked(i, threads)) continue;
    for (size_t j = pr.at[i]; j < threads[i].steps.size(); ++j) {
      const ProgressStep &a = threads[i].steps[j];
      bool owes = w.kind == ProgressStep::MbarWait ? a.kind == ProgressStep::Arrive && a.obj == w.obj && a.phase == w.phase
                  : w.kind == ProgressStep::Barrier
                      ? a.kind == ProgressStep::Barrier && a.barrier == w.barrier && threads[i].block == block
                      : a.kind == ProgressStep::Signal && a.obj == w.obj;
      if (!owes || j == pr.at[i]) continue;  // (a thread at the barrier itself owes nothing more)
      const ProgressStep &b = threads[i].steps[pr.at[i]];
      return std::string(w.kind == ProgressStep::MbarWait  ? "its arrivals include "
                         : w.kind == ProgressStep::Barrier ? "its participants include "
                                                           : "the signals it needs include ") +
             who(threads[i]) + "'s '" + a.s->text + "' (line " + std::to_string(a.s->loc.line) + "), and " +
             who(threads[i]) + " first waits, at line " + std::to_string(b.s->loc.line) + ", " + waitText(b, name) +
             ", which cannot complete before it";
    }
  }
  return "what it waits for comes only after waits that depend on it";
}

}  // namespace syncproof::checker
