//===- IRFuzzer.cpp - fuzz parsing and verifying remat IR -----------------===//
//
// Input: IR text. Parses and verifies it as remat-opt does; a module that
// parses must print and parse back to the same text when it holds only
// builtin, func and remat ops (the custom assembly formats round-trip).
// A parse failure must come with an error diagnostic.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

/// Whether every op of `module` is builtin, func or remat: the ones whose
/// printers and parsers are remat's to keep in step.
bool onlyRematOps(ModuleOp module) {
  bool only = true;
  module->walk([&](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    if (ns != "builtin" && ns != "func" && ns != "remat")
      only = false;
  });
  return only;
}

/// Parses `text` and prints what it parsed to, or nullopt.
std::optional<std::string> parseAndPrint(MLIRContext &context, StringRef text,
                                         bool &roundTrips) {
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module)
    return std::nullopt;
  roundTrips = onlyRematOps(*module);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  return printed;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // MLIR's lexer stops at a null byte, which the tools' buffers (files read
  // by llvm::MemoryBuffer) always end with; libFuzzer's do not.
  std::string text(reinterpret_cast<const char *>(data), size);
  StringRef input = text;
  MLIRContext &context = remat::fuzz::contextForInput();
  std::optional<std::string> printed, reprinted;
  bool roundTrips = false, again = false;
  remat::fuzz::Errors errors = remat::fuzz::runCollectingErrors(
      context, [&] { printed = parseAndPrint(context, input, roundTrips); });
  if (!printed) {
    if (errors.count == 0)
      remat::fuzz::fail("parsing failed without an error", input);
    return 0;
  }
  if (!roundTrips)
    return 0;
  errors = remat::fuzz::runCollectingErrors(
      context, [&] { reprinted = parseAndPrint(context, *printed, again); });
  if (!reprinted)
    remat::fuzz::fail("the printed module does not parse back: " + errors.first,
                      input);
  if (*reprinted != *printed)
    remat::fuzz::fail("printing the reparsed module gives other text:\n" +
                          *printed + "\n--- reprinted ---\n" + *reprinted,
                      input);
  return 0;
}
