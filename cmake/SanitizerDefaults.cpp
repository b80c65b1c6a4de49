//===- SanitizerDefaults.cpp - sanitizer runtime defaults -----------------===//
//
// Compiled into every executable of a REMAT_ENABLE_SANITIZERS build (and only
// there): the sanitizer runtimes read these at start-up. Environment
// variables (ASAN_OPTIONS, LSAN_OPTIONS) still override them.
//
//===----------------------------------------------------------------------===//

/// LLVM's BumpPtrAllocator poisons its slabs (llvm/Support/Allocator.h)
/// when the code that inlines it is instrumented, as remat's is. Debian's
/// libMLIR and libLLVM are not, and allocate from the same slabs (an
/// MLIRContext's) without unpoisoning them: left on, manual poisoning
/// reports every such read as a use-after-poison. Real heap errors are still
/// found.
///
/// LLVM's signal handlers (llvm/Support/Signals) give the thread that
/// registers them an alternate signal stack of their own, and the tools
/// register them on the large-stack thread they run on
/// (remat/Support/LargeStack.h): ASan's own alternate stack is then
/// replaced, and unmapping it when the thread ends kills the process
/// ("failed to deallocate ... error code 22"). ASan leaves the alternate
/// stack to LLVM.
///
/// Freed memory waits in a quarantine of 32 MB, not ASan's 256 MB, before
/// it is reused: a use after free is still caught while the next 32 MB are
/// allocated and freed, and MLIR, which allocates and frees a great deal,
/// reuses memory instead of touching fresh pages. A remat-run under ASan
/// took 1.45 s, 63,500 page faults, with the default, 1.06 s and 33,400
/// with 32 MB; the sanitizer lit suite is mostly such processes.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:use_sigaltstack=0:quarantine_size_mb=32";
}

/// COIN-OR CBC 2.10 (Debian) leaks row cuts and packed vectors of a solve
/// stopped by its time limit or cutoff; none of it is remat's memory.
extern "C" const char *__lsan_default_suppressions() {
  return "leak:libOsi.so\n"
         "leak:libCoinUtils.so\n"
         "leak:libCbc.so\n"
         "leak:libCgl.so\n";
}
