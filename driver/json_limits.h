// Guards for JSON read from outside (LSP messages, certificates):
// llvm::json::parse recurses once per nesting level, so a deeply nested
// document would overflow the stack instead of being rejected.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <algorithm>

namespace syncproof::driver {

// The deepest nesting of arrays and objects, outside strings.
inline unsigned jsonNestingDepth(llvm::StringRef text) {
  unsigned depth = 0, deepest = 0;
  bool inString = false, escaped = false;
  for (char c : text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') inString = false;
      continue;
    }
    if (c == '"') inString = true;
    else if (c == '[' || c == '{') deepest = std::max(deepest, ++depth);
    else if ((c == ']' || c == '}') && depth) --depth;
  }
  return deepest;
}

// More than any message or certificate of ours needs, far less than the stack allows.
constexpr unsigned kMaxJsonNesting = 256;

}  // namespace syncproof::driver
