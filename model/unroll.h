// Unrolling of pipeline loops with a constant trip count (a model -> model
// pass; plain C++, no Clang or Z3).
//
// Named barriers, mbarrier operations and bulk copies are checked instance by
// instance and phase by phase for code without loops (docs/pipelines.md). A
// loop that contains such operations and whose trip count is a constant —
// its variables start from constants (or parameters the contract fixes),
// only its step changes them, and its condition becomes false after at most
// `maxIterations` iterations — is replaced by its iterations, so the same
// checks cover it exactly. Other loops are left alone (and such operations
// inside them stay `unknown`). Conditions that become constants there (the
// iteration's instruction word, `r >= 1` of its stage) select their branch.
#pragma once

#include "model/ir.h"

#include <cstdint>
#include <map>
#include <string>

namespace syncproof::model {

struct UnrollResult {
  unsigned loopsUnrolled = 0;
  unsigned iterations = 0;
  // Loops without pipeline operations or barriers unrolled because their
  // trip count is a small constant (`maxSmallIterations`), and their
  // iterations.
  unsigned smallLoopsUnrolled = 0;
  unsigned smallIterations = 0;
  // Loops with pipeline operations left as they are (trip count not a
  // constant), and where the first of them is.
  unsigned loopsLeft = 0;
  SourceLoc firstLeft;
};

// True if `s` contains a named barrier, an mbarrier operation or a bulk copy.
bool containsPipelineOp(const Stmt &s);

// A deep copy of the kernel in which such loops are unrolled; `fixedParams`
// gives parameter values fixed by the contract (by parameter index). With
// `maxSmallIterations` > 0, loops that only compute values (assignments and
// branches: no memory access, synchronization or exit) and whose trip count
// is a constant up to that are unrolled too (`#pragma unroll` index
// arithmetic such as a butterfly's lane offsets), so that the values they
// compute are exact rather than loop invariants.
Kernel unrollPipelineLoops(const Kernel &k, const std::map<int, uint64_t> &fixedParams, unsigned maxIterations,
                           UnrollResult &result, unsigned maxSmallIterations = 0);

// A deep copy of the kernel in which blockIdx is the given constant (for
// checks that concern the threads of one block).
Kernel withBlockIndex(const Kernel &k, const uint64_t blockIdx[3]);

}  // namespace syncproof::model
