//===- LargeStack.h - run a tool's main on a large stack --------*- C++ -*-===//
//
// MLIR's parser, verifier and IR walks recurse once per nested region: on
// the default 8 MiB stack a few thousand nested regions overflow it and
// the process dies of SIGSEGV. remat's tools run their work on a thread
// with a 1 GiB stack instead (reserved address space, touched only as deep
// as the input goes), which takes IR nested about a hundred times deeper
// (docs/guide.md gives the measured limit).
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_SUPPORT_LARGESTACK_H
#define REMAT_SUPPORT_LARGESTACK_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/thread.h"

#include <optional>

namespace remat {

/// The stack size of runOnLargeStack's thread.
inline constexpr unsigned kToolStackBytes = 1u << 30;

/// Runs `body` on a thread with a kToolStackBytes stack and returns its
/// result.
inline int runOnLargeStack(llvm::function_ref<int()> body) {
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(kToolStackBytes),
                      [&] { result = body(); });
  worker.join();
  return result;
}

} // namespace remat

#endif // REMAT_SUPPORT_LARGESTACK_H
