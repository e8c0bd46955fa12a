// The one Finding/Trace type that every output (text, JSON, and later SARIF
// and LSP) is rendered from. Plain C++; no Clang, no Z3.
#pragma once

#include "model/ir.h"

#include <string>
#include <vector>

namespace syncproof::model {

// The stable vocabulary of finding kinds (docs/diagnostics/, docs/json-schema.md).
enum class FindingKind {
  Race, Divergence, Ordering, Deadlock, BarrierMismatch, Mbarrier, AsyncCopy,
  PageReuse, WarpSync, Unknown,
};
const char *findingKindName(FindingKind k);

enum class Verdict { Proved, Violations, Unknown };
const char *verdictName(Verdict v);

// Identity of a thread in a counterexample.
struct ThreadId {
  std::string label;  // "thread A", "thread B"
  unsigned tid[3] = {0, 0, 0};
  unsigned bid[3] = {0, 0, 0};
  // Warp-specialized blocks: its warp and that warp's role, as the pipeline
  // operations it executes show it ("warp 1: consumer"); empty otherwise.
  std::string role;
};

struct TraceStep {
  int thread = -1;  // index into Finding::threads, -1 for "all threads"
  SourceLoc loc;
  std::string action;  // "writes tile[ty][tx] (bytes 128..131)"
};

struct RelatedLoc {
  SourceLoc loc;
  std::string message;
};

struct Finding {
  FindingKind kind = FindingKind::Unknown;
  std::string kernel;
  SourceLoc loc;
  std::string message;
  std::vector<RelatedLoc> related;
  std::vector<ThreadId> threads;
  // Launch and parameter values of the counterexample ("blockDim" -> "(64,1,1)").
  std::vector<std::pair<std::string, std::string>> values;
  std::vector<TraceStep> trace;
  // Unknown findings that leave the kernel's violations confirmed (an access
  // that may leave its __shared__ array: it can only add conflicts).
  bool keepsViolations = false;
  // A violation whose counterexample rests on an over-approximation (or that
  // a reachable unmodelled construct may explain) is reported as *possible*:
  // kind Unknown, confirmed false, and `possibleKind` the kind it would have
  // (JSON "confirmed": false, "possible_kind"). Confirmed findings of the
  // other kinds make the verdict `violations`.
  bool confirmed = true;
  std::optional<FindingKind> possibleKind;
  // A possible violation's root: the index, in its kernel's findings, of the
  // unknown it rests on (an unmodelled construct, an unproved wait, a check
  // that ran out of budget); -1 for none. See linkCauses.
  int cause = -1;
  // A race of two plain writes that store the same bytes wherever they
  // overlap, in every instance of the pair (docs/memory-model.md "Writes of
  // one value"): possible, never confirmed by another engine's run.
  bool sameValue = false;
};

struct LaunchShape {
  // Each dimension: [min, max]; equal bounds mean a fixed value.
  uint64_t gridMin[3] = {1, 1, 1};
  uint64_t gridMax[3] = {2147483647ull, 65535, 65535};
  uint64_t blockMin[3] = {1, 1, 1};
  uint64_t blockMax[3] = {1024, 1024, 64};
  std::optional<uint64_t> dynamicSmem;
  bool cooperative = false;
  // Blocks of this kernel that can be resident at once (SMs x blocks per SM,
  // from a device table and the kernel's resources); unset when unknown.
  std::optional<uint64_t> residentBlocks;
  std::string device;  // the device named by the contract (for messages)
  // Scalar parameter ranges by name (signed interpretation for signed params).
  struct ParamRange { std::string name; int64_t min, max; };
  std::vector<ParamRange> paramRanges;
  // Pointer parameters that may overlap one another (default: none do).
  bool pointersMayAlias = false;
  // Pointer parameters whose elements, as the kernel loads them, are
  // pairwise distinct (an index map the host fills with no repeats, such as a
  // slot mapping or a permutation): two loads of one statement at different
  // addresses read different values. Vouched for by the user.
  // `atLeast`: only the elements of at least that value (signed) are
  // distinct (`slot>=0`: padding entries of -1 may repeat).
  struct Distinct {
    std::string name;
    std::optional<int64_t> atLeast;
  };
  std::vector<Distinct> distinctElements;
  // Pointer parameters whose elements, as the kernel loads them, lie in
  // [min, max] (signed when min < 0): the host's bound on an index map.
  std::vector<ParamRange> elementRanges;
  std::string describe() const;
};

struct KernelResult {
  std::string kernel;
  SourceLoc loc;
  Verdict verdict = Verdict::Proved;
  std::vector<Finding> findings;
  std::vector<std::string> assumptions;  // what the proof assumed
  double parseSeconds = 0, solveSeconds = 0;
  unsigned queries = 0;
};

// When a violation was demoted because of another finding (an unmodelled
// construct, a check out of budget), puts the roots first (unknown findings
// that are not possible violations), then the rest in their order, and each
// such possible violation's `cause` names the first root
// (docs/json-schema.md). Otherwise the order stays.
void linkCauses(KernelResult &r);

}  // namespace syncproof::model
