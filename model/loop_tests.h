// Loop tests written as a break at the top of the body (a model -> model
// pass; plain C++, no Clang or Z3).
//
// `for (;;) { if (t >= n) break; ... }` and `while (c) { if (d) break; ... }`
// leave through a test before anything else of the iteration runs, exactly
// like `while (c && !d) { ... }`. The checks that reason about a loop by its
// iterations (the loop abstraction's exit state, the cp.async group
// induction, the ring induction) need a loop that is left only through its
// condition; this pass moves such leading breaks into the condition.
#pragma once

#include "model/ir.h"

namespace syncproof::model {

// In every test-first loop whose body starts with `if (d) break;` (no else,
// nothing before it in the body), the `if` is removed and the loop's
// condition becomes `cond && !d`; repeated while the body starts so.
// Returns the number of breaks folded. Call before Kernel::number().
unsigned foldLeadingBreaks(Kernel &k);

}  // namespace syncproof::model
