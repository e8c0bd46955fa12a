// SARIF 2.1.0 rendering of a driver::Report. docs/sarif.md documents the
// mapping; keep the two in step.
#include "driver/sarif.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <map>

#ifndef SYNCPROOF_HOMEPAGE
#define SYNCPROOF_HOMEPAGE "https://github.com/syncproof/syncproof"
#endif
#ifndef SYNCPROOF_VERSION
#define SYNCPROOF_VERSION "0.0.0"
#endif

namespace syncproof::driver {

namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;
using model::FindingKind;

const char *kBaseId = "SRCROOT";
const char *kFingerprintKey = "syncproofFinding/v1";

// One rule per finding kind. The descriptions are condensed from
// docs/diagnostics/<kind>.md; change them together.
struct RuleInfo {
  FindingKind kind;
  const char *name;   // PascalCase, SARIF reportingDescriptor.name
  const char *level;  // defaultConfiguration.level
  const char *shortDescription;
  const char *fullDescription;
  const char *help;  // how to fix, plain text (the markdown adds the docs link)
};

const RuleInfo kRules[] = {
    {FindingKind::Race, "DataRace", "error",
     "Two threads access the same bytes, at least one writes, and nothing orders them.",
     "Two different threads access overlapping bytes of the same memory, at least one of the accesses writes, they "
     "are not both atomic operations, and nothing in the kernel orders one before the other (within a block: no "
     "barrier between them; between blocks: no grid.sync() and no release/acquire protocol between them). "
     "Under the CUDA memory model this is a data race and the behaviour is undefined.",
     "Put a barrier (__syncthreads(), or __syncwarp() between lanes of one warp) between the two accesses, make the "
     "conflicting updates atomic, or give each thread its own bytes. If the race needs a launch shape or parameter "
     "value the kernel is never used with, state the launch contract (--block, --grid, --param, --spec)."},
    {FindingKind::Divergence, "BarrierDivergence", "error",
     "A block barrier is reached by some threads of a block and not by others.",
     "A block barrier (__syncthreads() and its forms, a cooperative-groups block sync, PTX bar.sync 0) is reached by "
     "some threads of a block and not by others, or a loop that contains a barrier has a condition that can differ "
     "between threads of a block. The CUDA C++ Programming Guide allows a barrier in conditional code only if the "
     "condition evaluates identically across the whole block; otherwise the kernel may hang or behave unpredictably.",
     "Move the barrier out of the thread-dependent branch (keep the branch, but let every thread reach the barrier), "
     "make the loop's trip count uniform across the block, and replace early returns before a barrier by a guard "
     "around the work. If the condition is uniform for every launch the kernel is used with, state the launch "
     "contract."},
    {FindingKind::Ordering, "MissingMemoryOrdering", "error",
     "A cross-block protocol (flag, counter) lacks the memory ordering that makes its data visible.",
     "Threads communicate through memory with a protocol rather than a barrier (a producer writes data, then sets a "
     "flag or increments a counter; a consumer waits for it, then reads the data), and a missing or too-weak fence, "
     "a relaxed instead of a release/acquire atomic, a plain or volatile flag, or a scope that does not cover both "
     "threads means the consumer need not see the data. Reference: the PTX memory consistency model.",
     "Publish with a release (a __threadfence() before the flag store, or a release atomic at device scope) and "
     "consume with an acquire (an acquire load, or a fence after seeing the flag)."},
    {FindingKind::Deadlock, "SynchronizationDeadlock", "error",
     "A wait can never complete for some launch in the contract.",
     "Some threads wait for a condition that, for some launch in the contract, is never satisfied, so the kernel "
     "hangs: grid.sync() without a cooperative launch, a block spinning on a flag set by a block that need not be "
     "resident, a named barrier whose thread count is never reached, an mbarrier phase that never completes.",
     "Launch grid-synchronizing kernels with cudaLaunchCooperativeKernel and say so in the contract (--cooperative), "
     "or restructure the wait so that it depends only on threads that are guaranteed to run."},
    {FindingKind::BarrierMismatch, "NamedBarrierMismatch", "error",
     "Named barriers are used with inconsistent ids, thread counts or arrive/sync pairing.",
     "Threads of a block use the hardware barriers (bar.sync id, count; barrier.sync; bar.arrive) inconsistently: "
     "the same id with different thread counts, a count that is not a multiple of the warp size or exceeds the "
     "block, more arrivals than the count, an id reused while a previous use may be in progress, or arrive and sync "
     "that do not pair up. Such code hangs or synchronizes the wrong threads.",
     "Use one thread count per barrier id, a multiple of 32 no larger than the block, and pair each bar.arrive with "
     "the bar.sync of the consuming warps."},
    {FindingKind::Mbarrier, "MbarrierMisuse", "error",
     "An asynchronous transaction barrier (mbarrier) is used against its protocol.",
     "An mbarrier (PTX mbarrier.*, cuda::barrier) is waited on with the wrong phase parity, its arrival count or "
     "expected transaction bytes do not match what completes the phase, or it is used before mbarrier.init, after "
     "mbarrier.inval, or re-initialized while threads may still use it.",
     "Track the phase parity per wait, make expect_tx match the bytes the copies deliver, and initialize the barrier "
     "(followed by a fence and a block barrier) before any thread uses it."},
    {FindingKind::AsyncCopy, "AsyncCopyUseBeforeCompletion", "error",
     "Data of an asynchronous copy is used before the copy is known to be complete.",
     "Data moved by an asynchronous copy (cp.async, cp.async.bulk / TMA, cuda::memcpy_async) is read before the copy "
     "is known to be complete, or its source or destination is written while the copy may still be in flight. "
     "Completion is per thread or per barrier; data copied by one thread becomes visible to others only through a "
     "barrier after the wait.",
     "Wait for the copy (cp.async.wait_group, a pipeline wait, or the completed mbarrier phase) and, when other "
     "threads read the data, put a barrier after the wait."},
    {FindingKind::PageReuse, "BufferReuseWhileInUse", "error",
     "A pipelined shared-memory buffer is refilled while consumers may still read it.",
     "A shared-memory buffer that a pipeline cycles through (a stage of a ring buffer, a page of a paged scheme) is "
     "refilled by its producer, typically with an asynchronous copy, while consumers may still be reading the "
     "previous contents: the consumers' release is missing, comes too early, or is waited on with the wrong phase.",
     "Let consumers release a stage (an 'empty' barrier arrive) after their last read, and let the producer wait "
     "for that release, with the right phase, before refilling the stage."},
    {FindingKind::WarpSync, "SyncwarpMaskViolation", "error",
     "A __syncwarp(mask) or warp collective (__shfl_*_sync, __ballot_sync, ...) is executed by a lane outside its "
     "mask, or its mask names a lane that does not reach it.",
     "__syncwarp(mask) is a barrier for the lanes of one warp named in mask, and the warp collectives wait for the "
     "same set of lanes. The executing lane must be in the mask, and every lane named in the mask must execute a "
     "corresponding call (same operation, same mask); otherwise the behaviour is undefined (typically a hang, a "
     "barrier that orders nothing or a shuffle that reads garbage).",
     "Compute the mask from the lanes that actually reach the call (for example __ballot_sync of the branch "
     "condition taken before the branch), or move the call out of the divergent code (choose the value under the "
     "condition, shuffle in every lane)."},
    {FindingKind::Unknown, "NotProved", "warning",
     "Part of the kernel could be neither proved nor refuted (a construct not modelled, or a query not decided).",
     "syncproof never skips a construct silently: a construct it has no semantics for that some thread reaches, and "
     "a proof obligation the solver did not answer within its limits, are reported here with their location. A "
     "violation found in a kernel that also reaches an unmodelled construct is reported as possible (this rule), "
     "not as a violation. The kernel is neither proved nor refuted.",
     "Rewrite the construct with a modelled equivalent, fix a parameter or the launch shape in the contract to "
     "make the index arithmetic linear (--param n=1024), or raise the solver limit (--rlimit)."},
};

const RuleInfo &ruleFor(FindingKind k) {
  for (const auto &r : kRules)
    if (r.kind == k) return r;
  return kRules[sizeof(kRules) / sizeof(kRules[0]) - 1];
}

int64_t ruleIndex(FindingKind k) {
  for (size_t i = 0; i < sizeof(kRules) / sizeof(kRules[0]); ++i)
    if (kRules[i].kind == k) return (int64_t)i;
  return (int64_t)(sizeof(kRules) / sizeof(kRules[0]) - 1);
}

std::string docsUri(const char *kind) {
  return std::string(SYNCPROOF_HOMEPAGE) + "/blob/main/docs/diagnostics/" + kind + ".md";
}

// A message string is plain text in which '[' and ']' start embedded links
// (SARIF 3.11.6); literal brackets (tile[ty][tx]) are escaped.
std::string esc(const std::string &s) {
  std::string out;
  for (char c : s) {
    if (c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string sentence(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.pop_back();
  if (!s.empty() && s.back() != '.' && s.back() != '!' && s.back() != '?') s += '.';
  return s;
}

// Percent-encodes everything but RFC 3986 unreserved characters and '/'.
std::string uriEncode(llvm::StringRef path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') out += (char)c;
    else {
      out += '%';
      out += llvm::hexdigit(c >> 4);
      out += llvm::hexdigit(c & 15);
    }
  }
  return out;
}

std::string canonical(const std::string &p) {
  llvm::SmallString<256> out;
  if (!llvm::sys::fs::real_path(p, out)) return std::string(out);
  out = p;
  llvm::sys::fs::make_absolute(out);
  llvm::sys::path::remove_dots(out, /*remove_dot_dot=*/true);
  return std::string(out);
}

// Where a file goes in the log: a URI relative to SRCROOT, or an absolute
// file:// URI when the file lies outside the root.
struct ArtifactRef {
  std::string uri;
  bool relative = false;
};

class Artifacts {
public:
  explicit Artifacts(std::string root) : root(std::move(root)) {}

  ArtifactRef ref(const std::string &file) {
    auto it = cache.find(file);
    if (it != cache.end()) return it->second;
    std::string abs = canonical(file);
    ArtifactRef r;
    llvm::StringRef a(abs);
    if (a.starts_with(root) && a.size() > root.size() && a[root.size()] == '/') {
      r.uri = uriEncode(a.drop_front(root.size() + 1));
      r.relative = true;
    } else {
      r.uri = "file://" + uriEncode(abs);
    }
    cache[file] = r;
    return r;
  }

  Object location(const std::string &file) {
    ArtifactRef r = ref(file);
    Object o{{"uri", r.uri}};
    if (r.relative) o["uriBaseId"] = kBaseId;
    auto it = index.find(r.uri);
    if (it == index.end()) {
      it = index.emplace(r.uri, (int64_t)list.size()).first;
      Object art{{"location", Object(o)}};
      list.push_back(std::move(art));
    }
    o["index"] = it->second;
    return o;
  }

  void markTarget(const std::string &file) {
    location(file);
    int64_t i = index[ref(file).uri];
    (*list[i].getAsObject())["roles"] = Array{"analysisTarget"};
  }

  const std::string root;
  std::map<std::string, ArtifactRef> cache;
  std::map<std::string, int64_t> index;
  Array list;
};

Object physical(Artifacts &arts, const model::SourceLoc &l) {
  Object region{{"startLine", (int64_t)l.line}};
  if (l.column) region["startColumn"] = (int64_t)l.column;
  return Object{{"artifactLocation", arts.location(l.file)}, {"region", std::move(region)}};
}

Object locationOf(Artifacts &arts, const model::SourceLoc &l, const std::string &message = "") {
  Object o{{"physicalLocation", physical(arts, l)}};
  if (!message.empty()) o["message"] = Object{{"text", esc(message)}};
  return o;
}

std::string normalizedMessage(const std::string &m) {
  // Numbers (decimal and 0x hex) come from the counterexample or the line
  // layout; they are replaced by '#' so the fingerprint survives both.
  std::string out;
  for (size_t i = 0; i < m.size();) {
    if (std::isdigit((unsigned char)m[i])) {
      if (m[i] == '0' && i + 1 < m.size() && (m[i + 1] == 'x' || m[i + 1] == 'X')) i += 2;
      while (i < m.size() && std::isxdigit((unsigned char)m[i])) ++i;
      out += '#';
    } else {
      out += m[i++];
    }
  }
  return out;
}

std::string threadText(const model::ThreadId &t) {
  return t.label + ": threadIdx (" + std::to_string(t.tid[0]) + "," + std::to_string(t.tid[1]) + "," +
         std::to_string(t.tid[2]) + "), blockIdx (" + std::to_string(t.bid[0]) + "," + std::to_string(t.bid[1]) +
         "," + std::to_string(t.bid[2]) + ")";
}

}  // namespace

std::string sarifFingerprint(const std::string &ruleId, const std::string &kernel, const std::string &relFile,
                             const std::string &message) {
  std::string key = ruleId + '\0' + kernel + '\0' + relFile + '\0' + normalizedMessage(message);
  auto digest = llvm::SHA256::hash(llvm::arrayRefFromStringRef(key));
  return llvm::toHex(llvm::ArrayRef<uint8_t>(digest.data(), 16), /*LowerCase=*/true);
}

std::string renderSarif(const Report &r, const SarifOptions &opts) {
  std::string root = canonical(opts.root.empty() ? "." : opts.root);
  while (root.size() > 1 && root.back() == '/') root.pop_back();
  Artifacts arts(root);
  for (const auto &f : r.files) arts.markTarget(f);

  Array rules;
  for (const auto &ri : kRules) {
    const char *id = model::findingKindName(ri.kind);
    std::string uri = docsUri(id);
    std::string md = std::string("**") + ri.shortDescription + "**\n\n" + ri.fullDescription + "\n\n**Fix.** " +
                     ri.help + "\n\nSee [docs/diagnostics/" + id + ".md](" + uri + ") for examples and false alarms.";
    rules.push_back(Object{
        {"id", id},
        {"name", ri.name},
        {"shortDescription", Object{{"text", ri.shortDescription}}},
        {"fullDescription", Object{{"text", ri.fullDescription}}},
        {"help", Object{{"text", std::string(ri.fullDescription) + " Fix: " + ri.help + " See " + uri + "."},
                        {"markdown", md}}},
        {"helpUri", uri},
        {"defaultConfiguration", Object{{"level", ri.level}}},
        {"properties", Object{{"tags", Array{"cuda", "concurrency", "correctness"}},
                              {"precision", ri.kind == FindingKind::Unknown ? "low" : "high"},
                              {"problem.severity", ri.kind == FindingKind::Unknown ? "warning" : "error"}}}});
  }

  Array results, kernelsProp;
  std::map<std::string, int> seenFingerprints;
  for (const auto &k : r.kernels) {
    auto addResult = [&](const model::Finding &f, bool synthetic) {
      const RuleInfo &ri = ruleFor(f.kind);
      const char *ruleId = model::findingKindName(ri.kind);
      model::SourceLoc primary = f.loc.valid() ? f.loc : k.loc;
      std::string text = sentence(esc(f.message));
      Array related;
      std::string links;
      for (size_t i = 0; i < f.related.size(); ++i) {
        const auto &rel = f.related[i];
        if (!rel.loc.valid()) continue;
        Object o = locationOf(arts, rel.loc, rel.message);
        o["id"] = (int64_t)i + 1;
        related.push_back(std::move(o));
        links += std::string(links.empty() ? "" : ", ") + "[" + esc(rel.message) + "](" + std::to_string(i + 1) + ")";
      }
      if (!links.empty()) text += " See " + links + ".";

      ArtifactRef ref = arts.ref(primary.file);
      std::string fp = sarifFingerprint(ruleId, k.kernel, ref.uri, f.message);
      int n = ++seenFingerprints[fp];
      if (n > 1) fp += ":" + std::to_string(n);

      Object props{{"kernel", k.kernel}, {"kernelVerdict", model::verdictName(k.verdict)}};
      std::string valuesText;
      if (!f.values.empty() || !f.threads.empty()) {
        Object values;
        for (const auto &[name, value] : f.values) {
          values[name] = value;
          valuesText += (valuesText.empty() ? "" : ", ") + name + " = " + value;
        }
        Array threads;
        for (const auto &t : f.threads)
          threads.push_back(Object{{"label", t.label},
                                   {"threadIdx", Array{(int64_t)t.tid[0], (int64_t)t.tid[1], (int64_t)t.tid[2]}},
                                   {"blockIdx", Array{(int64_t)t.bid[0], (int64_t)t.bid[1], (int64_t)t.bid[2]}}});
        props["counterexample"] = Object{{"values", std::move(values)}, {"threads", std::move(threads)}};
      }
      if (synthetic) props["synthetic"] = true;

      Object res{{"ruleId", ruleId},
                 {"ruleIndex", ruleIndex(ri.kind)},
                 {"level", ri.level},
                 {"message", Object{{"text", text}}},
                 {"locations", Array{locationOf(arts, primary)}},
                 {"partialFingerprints", Object{{kFingerprintKey, fp}}},
                 {"properties", std::move(props)}};
      if (!related.empty()) res["relatedLocations"] = std::move(related);

      if (!f.trace.empty()) {
        auto step = [&](size_t i) {
          const auto &s = f.trace[i];
          model::SourceLoc l = s.loc.valid() ? s.loc : primary;
          return Object{{"location", locationOf(arts, l, sentence(s.action))},
                        {"executionOrder", (int64_t)i + 1},
                        {"nestingLevel", 0}};
        };
        Array flows, merged;
        for (size_t i = 0; i < f.trace.size(); ++i) merged.push_back(step(i));
        flows.push_back(Object{{"id", "all"},
                               {"message", Object{{"text", "All steps of the counterexample, in global order."}}},
                               {"locations", std::move(merged)}});
        for (size_t t = 0; t < f.threads.size(); ++t) {
          Array locs;
          for (size_t i = 0; i < f.trace.size(); ++i)
            if (f.trace[i].thread == (int)t || f.trace[i].thread < 0) locs.push_back(step(i));
          if (locs.empty()) continue;  // a threadFlow needs at least one location
          flows.push_back(Object{{"id", f.threads[t].label},
                                 {"message", Object{{"text", sentence(threadText(f.threads[t]))}}},
                                 {"locations", std::move(locs)}});
        }
        std::string flowMsg = valuesText.empty() ? "Counterexample." : "Counterexample: " + valuesText + ".";
        res["codeFlows"] = Array{Object{{"message", Object{{"text", flowMsg}}}, {"threadFlows", std::move(flows)}}};
      }
      results.push_back(std::move(res));
    };

    for (const auto &f : k.findings) addResult(f, false);
    if (k.verdict == model::Verdict::Unknown && k.findings.empty()) {
      model::Finding f;
      f.kind = FindingKind::Unknown;
      f.kernel = k.kernel;
      f.loc = k.loc;
      f.message = "kernel '" + k.kernel + "' was not proved, and no finding says why";
      addResult(f, true);
    }

    Array assumptions;
    for (const auto &a : k.assumptions) assumptions.push_back(a);
    Object kp{{"name", k.kernel}, {"verdict", model::verdictName(k.verdict)}, {"findings", (int64_t)k.findings.size()},
              {"assumptions", std::move(assumptions)}};
    if (k.loc.valid()) kp["location"] = locationOf(arts, k.loc);
    kernelsProp.push_back(std::move(kp));
  }

  Array notifications;
  for (const auto &e : opts.errors)
    notifications.push_back(Object{{"level", "error"}, {"message", Object{{"text", sentence(esc(e))}}}});
  if (r.kernels.empty() && opts.errors.empty())
    notifications.push_back(Object{
        {"level", "warning"},
        {"message", Object{{"text", "No __global__ kernels found; nothing was proved."}}}});
  Object invocation{{"executionSuccessful", opts.exitCode != 2 && opts.errors.empty()},
                    {"exitCode", (int64_t)opts.exitCode}};
  if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);

  std::string version = r.toolVersion.empty() ? SYNCPROOF_VERSION : r.toolVersion;
  Object run{
      {"tool",
       Object{{"driver", Object{{"name", "syncproof"},
                                {"fullName", "syncproof " + version + (r.solverVersion.empty() ? "" : " (Z3 " + r.solverVersion + ")")},
                                {"version", version},
                                {"semanticVersion", version},
                                {"informationUri", SYNCPROOF_HOMEPAGE},
                                {"rules", std::move(rules)}}}}},
      {"originalUriBaseIds", Object{{kBaseId, Object{{"uri", "file://" + uriEncode(root) + (root == "/" ? "" : "/")}}}}},
      {"artifacts", std::move(arts.list)},
      {"invocations", Array{std::move(invocation)}},
      {"columnKind", "utf16CodeUnits"},
      {"results", std::move(results)},
      {"properties", Object{{"verdict", model::verdictName(overallVerdict(r))},
                            {"solver", r.solverVersion},
                            {"kernels", std::move(kernelsProp)}}}};
  Object log{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
             {"version", "2.1.0"},
             {"runs", Array{std::move(run)}}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", Value(std::move(log))) << "\n";
  return os.str();
}

}  // namespace syncproof::driver
