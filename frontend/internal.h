// Shared between the frontend's two Clang translation units (frontend.cpp,
// preamble.cpp). Not for use outside frontend/.
#pragma once

#include "frontend/frontend.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class ASTContext;
class FunctionDecl;
}

namespace syncproof::frontend {

// The consumer that extracts every kernel of a translation unit into
// out.module (and the files read into out.filesRead). `opts` and
// `displayNames` (absolute path -> the name to report) must outlive it.
std::unique_ptr<clang::ASTConsumer> makeKernelConsumer(Result &out, const Options &opts,
                                                       const std::map<std::string, std::string> &displayNames);

// The launches of each kernel (canonical declaration) in the host code of a
// translation unit (host_launches.cpp).
using HostLaunchMap = std::map<const clang::FunctionDecl *, std::vector<model::HostLaunch>>;
// `symbolWrites`: the __device__ variables host code writes (name -> what).
void collectHostLaunches(clang::ASTContext &ctx, const std::map<std::string, std::string> &displayNames,
                         HostLaunchMap &out, std::vector<std::pair<std::string, std::string>> &symbolWrites);

}  // namespace syncproof::frontend
