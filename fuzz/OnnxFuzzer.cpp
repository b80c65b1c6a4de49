//===- OnnxFuzzer.cpp - fuzz the ONNX importer
//-----------------------------===//
//
// Input: the bytes of an .onnx file (the seed corpus holds the test suite's
// models). The importer must import them or refuse with an error; an
// imported module must verify, and "internal error" is a bug.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "remat/Target/ONNX/Import.h"

using namespace mlir;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  StringRef input(reinterpret_cast<const char *>(data), size);
  MLIRContext &context = remat::fuzz::contextForInput();
  bool imported = false, valid = true;
  remat::fuzz::Errors errors = remat::fuzz::runCollectingErrors(context, [&] {
    remat::OnnxImportOptions options;
    options.batchSize = 2;
    OwningOpRef<ModuleOp> module =
        remat::importOnnxBuffer(input, "input.onnx", &context, options);
    imported = bool(module);
    valid = !module || succeeded(verify(*module));
  });
  if (!imported && errors.count == 0)
    remat::fuzz::fail("the import failed without an error", "(binary)");
  if (StringRef(errors.first).contains("internal error"))
    remat::fuzz::fail(errors.first, "(binary)");
  if (!valid)
    remat::fuzz::fail("the imported module does not verify", "(binary)");
  return 0;
}
