// ParseSession: parses one main file again and again (an editor buffer) and
// keeps its parsed headers between parses in a Clang precompiled preamble
// (in memory). The second Clang translation unit of syncproof; the kernel
// extraction itself is frontend.cpp's (makeKernelConsumer).
//
// The preamble covers the implicit CUDA headers (the driver's -include of
// __clang_cuda_runtime_wrapper.h) and the leading #include/#define block of
// the file. It is rebuilt when that block, the command line or a header it
// read changes; otherwise a re-parse only parses the rest of the file.
#include "frontend/frontend.h"
#include "frontend/internal.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <chrono>
#include <optional>

using namespace clang;

namespace syncproof::frontend {
namespace {

std::string absPath(const std::string &f) {
  llvm::SmallString<256> p(f);
  llvm::sys::fs::make_absolute(p);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  return std::string(p);
}

// Records Clang's errors with their (file) locations.
class CollectDiags : public DiagnosticConsumer {
public:
  explicit CollectDiags(const std::map<std::string, std::string> &names) : names(names) {}
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < DiagnosticsEngine::Error) return;
    ClangDiag d;
    llvm::SmallString<128> msg;
    info.FormatDiagnostic(msg);
    d.message = std::string(msg);
    if (info.hasSourceManager() && info.getLocation().isValid()) {
      SourceManager &sm = info.getSourceManager();
      PresumedLoc p = sm.getPresumedLoc(sm.getFileLoc(info.getLocation()));
      if (p.isValid()) {
        d.loc.file = p.getFilename();
        auto it = names.find(d.loc.file);
        if (it != names.end()) d.loc.file = it->second;
        d.loc.line = p.getLine();
        d.loc.column = p.getColumn();
      }
    }
    diags.push_back(std::move(d));
  }
  std::vector<ClangDiag> diags;
  const std::map<std::string, std::string> &names;
};

// True if `d` is or contains a kernel outside the system headers.
bool hasUserKernel(Decl *d, SourceManager &sm) {
  if (!d || sm.isInSystemHeader(d->getLocation())) return false;
  if (auto *ft = dyn_cast<FunctionTemplateDecl>(d)) d = ft->getTemplatedDecl();
  if (auto *fd = dyn_cast<FunctionDecl>(d)) return fd->hasAttr<CUDAGlobalAttr>();
  if (auto *dc = dyn_cast<DeclContext>(d))
    if (isa<NamespaceDecl>(d) || isa<LinkageSpecDecl>(d) || isa<ExportDecl>(d))
      for (Decl *c : dc->decls())
        if (hasUserKernel(c, sm)) return true;
  return false;
}

// While the preamble is built: does the #include prefix define a kernel (in
// a user header)?
class PreambleScan : public PreambleCallbacks {
public:
  void BeforeExecute(CompilerInstance &ci) override { sm = &ci.getSourceManager(); }
  void HandleTopLevelDecl(DeclGroupRef g) override {
    for (Decl *d : g) kernels |= sm && hasUserKernel(d, *sm);
  }
  SourceManager *sm = nullptr;
  bool kernels = false;
};

// The extraction looks at the declarations of the main file only (the
// declarations of the preamble are not deserialized and walked), unless the
// preamble itself defines kernels.
class ScopedConsumer : public ASTConsumer {
public:
  ScopedConsumer(std::unique_ptr<ASTConsumer> inner, bool limit) : inner(std::move(inner)), limit(limit) {}
  void Initialize(ASTContext &ctx) override { inner->Initialize(ctx); }
  bool HandleTopLevelDecl(DeclGroupRef g) override {
    for (Decl *d : g) decls.push_back(d);
    return inner->HandleTopLevelDecl(g);
  }
  void HandleTranslationUnit(ASTContext &ctx) override {
    if (limit) ctx.setTraversalScope(decls);
    inner->HandleTranslationUnit(ctx);
  }
  std::unique_ptr<ASTConsumer> inner;
  bool limit;
  std::vector<Decl *> decls;
};

class ExtractAction : public ASTFrontendAction {
public:
  ExtractAction(Result &out, const Options &opts, const std::map<std::string, std::string> &names, bool limitScope)
      : out(out), opts(opts), names(names), limitScope(limitScope) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    return std::make_unique<ScopedConsumer>(makeKernelConsumer(out, opts, names), limitScope);
  }
  Result &out;
  const Options &opts;
  const std::map<std::string, std::string> &names;
  bool limitScope;
};

}  // namespace

struct ParseSession::Impl {
  DiagnosticOptions diagOpts;
  std::shared_ptr<PCHContainerOperations> pch = std::make_shared<PCHContainerOperations>();
  std::vector<std::string> args;  // the command line the preamble was built with
  std::optional<PrecompiledPreamble> preamble;
  bool preambleHasKernels = false;
};

ParseSession::ParseSession() : impl(std::make_unique<Impl>()) {}
ParseSession::~ParseSession() = default;

Result ParseSession::parse(const Options &opts) {
  Result out;
  auto t0 = std::chrono::steady_clock::now();
  auto done = [&]() -> Result {
    out.parseSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return std::move(out);
  };
  if (opts.files.size() != 1) {
    out.error = "a parse session parses exactly one file";
    return done();
  }
  const std::string &file = opts.files[0];
  std::string abs = absPath(file);
  std::map<std::string, std::string> names{{abs, file}};

  // The main file: an unsaved buffer, else the file on disk.
  std::string contents;
  auto ov = opts.overlays.find(file);
  if (ov == opts.overlays.end()) ov = opts.overlays.find(abs);
  if (ov != opts.overlays.end()) {
    contents = ov->second;
  } else {
    if (llvm::sys::fs::is_directory(abs)) {
      out.error = "'" + file + "' is a directory, not a CUDA source file";
      return done();
    }
    auto mb = llvm::MemoryBuffer::getFile(abs);
    if (!mb) {
      out.error = "no such file: '" + file + "'";
      return done();
    }
    contents = (*mb)->getBuffer().str();
  }
  // nvcc's braced launch configurations (nvcc_compat.cpp).
  if (std::optional<std::string> bridged = bridgeBracedLaunchArgs(contents)) contents = std::move(*bridged);

  std::vector<std::string> args;
  if (!compileCommand(opts, abs, args, out.error)) return done();
  out.clangArgs = args;

  // Unsaved buffers (the main file and any other) over the real file system.
  auto mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  mem->addFile(abs, 0, llvm::MemoryBuffer::getMemBufferCopy(contents, abs));
  for (const auto &[path, text] : opts.overlays) {
    std::string p = absPath(path);
    if (p != abs) mem->addFile(p, 0, llvm::MemoryBuffer::getMemBufferCopy(text, p));
  }
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  overlay->pushOverlay(mem);
  IntrusiveRefCntPtr<llvm::vfs::FileSystem> vfs = overlay;

  CollectDiags collector(names);
  IntrusiveRefCntPtr<DiagnosticsEngine> diags =
      CompilerInstance::createDiagnostics(*vfs, impl->diagOpts, &collector, /*ShouldOwnClient=*/false);
  std::vector<const char *> argv;
  for (const auto &a : args) argv.push_back(a.c_str());
  CreateInvocationOptions cio;
  cio.Diags = diags;
  cio.VFS = vfs;
  std::shared_ptr<CompilerInvocation> ci = createInvocation(argv, cio);
  if (!ci) {
    out.error = collector.diags.empty() ? "cannot build a Clang invocation for '" + file + "'"
                                        : collector.diags.front().message;
    out.diags = collector.diags;
    return done();
  }
  ci->getFrontendOpts().DisableFree = false;
  ci->getDiagnosticOpts().ShowCarets = false;  // no "N warnings generated" on stderr

  std::unique_ptr<llvm::MemoryBuffer> buffer = llvm::MemoryBuffer::getMemBufferCopy(contents, abs);
  PreambleBounds bounds = ComputePreambleBounds(ci->getLangOpts(), *buffer, /*MaxLines=*/0);
  bool reuse = impl->preamble && impl->args == args && impl->preamble->CanReuse(*ci, *buffer, bounds, *vfs);
  if (!reuse) {
    impl->preamble.reset();
    PreambleScan callbacks;
    auto built = PrecompiledPreamble::Build(*ci, buffer.get(), bounds, diags, vfs, impl->pch,
                                            /*StoreInMemory=*/true, /*StoragePath=*/"", callbacks);
    // A preamble with errors is not kept: the full parse below reports them.
    bool errors = !collector.diags.empty();
    collector.diags.clear();
    diags->Reset();
    if (built && !errors) {
      impl->preamble.emplace(std::move(*built));
      impl->args = args;
      impl->preambleHasKernels = callbacks.kernels;
    }
  } else {
    out.reusedPreamble = true;
  }

  auto clang = std::make_unique<CompilerInstance>(ci, impl->pch);
  if (impl->preamble) {
    impl->preamble->AddImplicitPreamble(clang->getInvocation(), vfs, buffer.get());
  } else {
    clang->getPreprocessorOpts().addRemappedFile(abs, buffer.get());
  }
  clang->getPreprocessorOpts().RetainRemappedFileBuffers = true;  // `buffer` stays ours
  clang->setVirtualFileSystem(vfs);
  clang->createDiagnostics(&collector, /*ShouldOwnClient=*/false);
  clang->createFileManager();
  ExtractAction action(out, opts, names, /*limitScope=*/impl->preamble && !impl->preambleHasKernels);
  bool ran = clang->ExecuteAction(action);
  out.diags = collector.diags;
  out.ok = ran && collector.getNumErrors() == 0 && out.diags.empty();
  if (!out.ok && out.error.empty()) {
    if (!out.diags.empty()) {
      const ClangDiag &d = out.diags.front();
      out.error = d.loc.valid() ? d.loc.file + ":" + std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) +
                                      ": error: " + d.message
                                : d.message;
    } else {
      out.error = "the CUDA source could not be parsed";
    }
  }
  clang.reset();
  return done();
}

}  // namespace syncproof::frontend
