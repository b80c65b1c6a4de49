//===- remat-translate.cpp - models from other formats to remat IR --------===//
//
// remat-translate --import-onnx model.onnx [-o model.mlir]
//     [--batch-size=N] [--dim NAME=N]... [--loss=none|mean|cross-entropy]
//     [--function-name=NAME]
//
// Imports an ONNX model as a func.func in the remat dialect (Import.h).
// Errors are MLIR diagnostics at the model file, naming the node or input:
// printed as "model.onnx: error: ..." (a binary file has no line).
//
//===----------------------------------------------------------------------===//

#include "remat/Registration.h"
#include "remat/Target/ONNX/Import.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::OptionCategory category("remat-translate options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<model>"),
                                      cl::cat(category));
static cl::opt<bool>
    importOnnx("import-onnx",
               cl::desc("Import an ONNX model (.onnx) as a func.func in the "
                        "remat dialect"),
               cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::desc("Output file (default: "
                                                     "stdout)"),
                                       cl::value_desc("filename"),
                                       cl::init("-"), cl::cat(category));
static cl::opt<int64_t> batchSize(
    "batch-size",
    cl::desc("Value of every symbolic first dimension of the inputs"),
    cl::cat(category));
static cl::list<std::string>
    dims("dim", cl::desc("Value of a symbolic dimension: NAME=N (repeat for "
                         "several)"),
         cl::cat(category));
static cl::opt<std::string>
    loss("loss",
         cl::desc("Append a loss to output #0 so the function can be "
                  "differentiated: none (default), mean (of every element) "
                  "or cross-entropy (logits against integer labels, a new "
                  "argument after the inputs)"),
         cl::init("none"), cl::cat(category));
static cl::opt<std::string>
    functionName("function-name",
                 cl::desc("Name of the function (default: the graph's)"),
                 cl::cat(category));

/// The model file a diagnostic's location names (an op's location is the
/// ONNX node's name over the file), or "" when it names none.
static std::string fileOf(mlir::Location loc) {
  std::string file;
  loc->walk([&](mlir::Location inner) {
    if (auto fileLoc = dyn_cast<mlir::FileLineColLoc>(inner)) {
      file = fileLoc.getFilename().str();
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return file;
}

static void print(mlir::Diagnostic &diag, StringRef severity) {
  std::string file = fileOf(diag.getLocation());
  if (!file.empty())
    errs() << file << ": ";
  errs() << severity << ": " << diag.str() << "\n";
}

static int fail(const Twine &message) {
  errs() << "remat-translate: " << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "remat-translate: models to remat IR\n");
  if (!importOnnx)
    return fail("choose a translation: --import-onnx");
  if (inputFile.empty())
    return fail("--import-onnx needs a model file");

  remat::OnnxImportOptions options;
  if (batchSize.getNumOccurrences()) {
    if (batchSize <= 0)
      return fail("--batch-size=" + Twine(batchSize.getValue()) +
                  " is not a size: expected a positive number");
    options.batchSize = batchSize;
  }
  for (const std::string &dim : dims) {
    auto [name, value] = StringRef(dim).split('=');
    int64_t size = 0;
    if (name.empty() || value.getAsInteger(10, size) || size <= 0)
      return fail("--dim " + dim + " is not NAME=N with N a positive size");
    options.dims[name.str()] = size;
  }
  if (loss == "none")
    options.loss = remat::OnnxLoss::None;
  else if (loss == "mean")
    options.loss = remat::OnnxLoss::Mean;
  else if (loss == "cross-entropy")
    options.loss = remat::OnnxLoss::CrossEntropy;
  else
    return fail("--loss=" + loss +
                " is not a loss: expected none, mean or cross-entropy");
  options.functionName = functionName;

  mlir::DialectRegistry registry;
  remat::registerRematDialects(registry);
  mlir::MLIRContext context(registry);
  mlir::ScopedDiagnosticHandler handler(&context, [](mlir::Diagnostic &diag) {
    StringRef severity = diag.getSeverity() == mlir::DiagnosticSeverity::Error
                             ? "error"
                         : diag.getSeverity() ==
                                 mlir::DiagnosticSeverity::Warning
                             ? "warning"
                             : "remark";
    print(diag, severity);
    for (mlir::Diagnostic &note : diag.getNotes())
      print(note, "note");
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      remat::importOnnxFile(inputFile, &context, options);
  if (!module)
    return 1;
  std::string message;
  std::unique_ptr<ToolOutputFile> out =
      mlir::openOutputFile(outputFile, &message);
  if (!out)
    return fail(message);
  module->print(out->os());
  out->os() << "\n";
  out->keep();
  return 0;
}
