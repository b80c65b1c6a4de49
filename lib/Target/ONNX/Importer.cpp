//===- Importer.cpp - ONNX models to the remat dialect --------------------===//
//
// The graph half of the importer (Import.h): reading the model, giving
// symbolic dimensions their values, ONNX shape inference, which values are
// only shape computations, the function's signature, the walk that hands
// each node to its pattern, and the appended loss.
//
//===----------------------------------------------------------------------===//

#include "remat/Target/ONNX/Import.h"

#include "ConstantFolding.h"
#include "GuardedSchemas.h"
#include "NodeContext.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "remat/Dialect/Remat/IR/RematOps.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <onnx/checker.h>
#include <onnx/defs/schema.h>
#include <onnx/shape_inference/implementation.h>

#include <deque>
#include <exception>

using namespace mlir;
using namespace remat;
using namespace remat::onnx_import;

namespace {

const llvm::StringMap<OpPattern> &patterns() {
  static const llvm::StringMap<OpPattern> table = [] {
    llvm::StringMap<OpPattern> all;
    populateElementwisePatterns(all);
    populateNetworkPatterns(all);
    populateShapePatterns(all);
    return all;
  }();
  return table;
}

/// The input positions of `opType` that hold shapes, axes or other
/// integers the importer reads as constants, never as data.
bool isShapeOperand(StringRef opType, int position) {
  if (opType == "Reshape" || opType == "Expand" || opType == "Squeeze" ||
      opType == "Unsqueeze" || opType == "ReduceMean" ||
      opType == "ReduceSum" || opType == "ReduceMax" || opType == "Tile" ||
      opType == "Split" || opType == "TopK")
    return position == 1;
  if (opType == "Slice" || opType == "Dropout")
    return position >= 1;
  if (opType == "ConstantOfShape")
    return position == 0;
  return false;
}

/// A C identifier from `name` (a graph name): other bytes become '_'.
std::string identifier(StringRef name) {
  std::string result;
  for (char c : name)
    result += llvm::isAlnum(c) || c == '_' ? c : '_';
  if (result.empty() || llvm::isDigit(result.front()))
    result = "model_" + result;
  return result;
}

/// Whether an initializer is a parameter (a function argument): a float
/// tensor of more than one element. A single element is a constant an
/// exporter folded (a scale, an epsilon); integers are indices.
bool isParameter(const onnx::TensorProto &init) {
  bool isFloat = init.data_type() == onnx::TensorProto::FLOAT ||
                 init.data_type() == onnx::TensorProto::FLOAT16 ||
                 init.data_type() == onnx::TensorProto::BFLOAT16;
  // Corrupt dimensions (negative, or a product that overflows) are
  // reported when the initializer's type is converted.
  int64_t elements = 1;
  for (int64_t d : init.dims())
    if (d < 0 || __builtin_mul_overflow(elements, d, &elements))
      return false;
  return isFloat && elements != 1;
}

class Importer {
public:
  /// Imports the file `path`, or `bytes` under that name when given.
  Importer(StringRef path, MLIRContext *context,
           const OnnxImportOptions &options,
           std::optional<StringRef> bytes = std::nullopt)
      : path(path), bytes(bytes), context(context), options(options),
        fileLoc(FileLineColLoc::get(context, path, 0, 0)) {}

  OwningOpRef<ModuleOp> run();

private:
  LogicalResult load();
  LogicalResult fixSymbolicDimensions();
  /// Refuses a tensor whose data does not match its type and dims.
  LogicalResult checkTensorData();
  LogicalResult validate();
  LogicalResult inferShapes();
  void collectTypes();
  LogicalResult foldConstants();
  void findShapeComputations();
  LogicalResult importNodes(OpBuilder &b);
  FailureOr<Value> appendLoss(OpBuilder &b, Value output, Value labels);
  Location nodeLoc(const onnx::NodeProto &node, size_t index);
  InFlightDiagnostic error() { return emitError(fileLoc); }

  StringRef path;
  std::optional<StringRef> bytes;
  MLIRContext *context;
  const OnnxImportOptions &options;
  Location fileLoc;
  onnx::ModelProto model;
  llvm::StringSet<> initializerNames;
  std::deque<onnx::TypeProto> ownedTypes;
  /// Nodes whose every output only computes shapes.
  llvm::DenseSet<size_t> shapeOnlyNodes;
  /// Nodes evaluated at import (ConstantFolding.h), and their results.
  llvm::DenseSet<size_t> foldedNodes;
  std::deque<onnx::TensorProto> foldedTensors;
  /// Values an imported node reads as data, and the graph's outputs.
  llvm::StringSet<> readAsData, graphOutputs;
  /// Initializers read as data (others only give shapes).
  llvm::StringSet<> dataInitializers;
  ImportState state;
};

LogicalResult Importer::load() {
  std::unique_ptr<llvm::MemoryBuffer> file;
  if (!bytes) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> read =
        llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
    if (!read) {
      error() << "cannot read '" << path << "': " << read.getError().message();
      return failure();
    }
    file = std::move(*read);
  }
  StringRef contents = bytes ? *bytes : file->getBuffer();
  if (contents.size() > static_cast<size_t>(INT32_MAX) ||
      !model.ParseFromArray(contents.data(),
                            static_cast<int>(contents.size())) ||
      !model.has_graph()) {
    error() << "'" << path
            << "' is not an ONNX model: its bytes do not parse as an "
               "onnx.ModelProto with a graph (truncated or not .onnx?)";
    return failure();
  }
  for (const onnx::OperatorSetIdProto &opset : model.opset_import())
    if (opset.domain().empty() || opset.domain() == "ai.onnx")
      state.opset = opset.version();
  if (state.opset == 0) {
    error() << "'" << path << "' imports no version of the default ONNX "
            << "domain (opset_import)";
    return failure();
  }
  for (const onnx::TensorProto &init : model.graph().initializer())
    initializerNames.insert(init.name());
  return success();
}

LogicalResult Importer::fixSymbolicDimensions() {
  llvm::StringSet<> usedDims;
  bool failed = false;
  onnx::GraphProto &graph = *model.mutable_graph();
  for (onnx::ValueInfoProto &input : *graph.mutable_input()) {
    if (initializerNames.contains(input.name()) ||
        !input.type().has_tensor_type() ||
        !input.type().tensor_type().has_shape())
      continue;
    auto *shape = input.mutable_type()->mutable_tensor_type()->mutable_shape();
    for (int d = 0; d < shape->dim_size(); ++d) {
      onnx::TensorShapeProto::Dimension *dim = shape->mutable_dim(d);
      if (dim->has_dim_value())
        continue;
      std::string param = dim->has_dim_param() ? dim->dim_param() : "";
      std::optional<int64_t> value;
      if (auto it = options.dims.find(param);
          !param.empty() && it != options.dims.end()) {
        value = it->second;
        usedDims.insert(param);
      } else if (d == 0 && options.batchSize) {
        value = *options.batchSize;
      }
      if (!value) {
        InFlightDiagnostic diag = error();
        diag << "ONNX input '" << input.name() << "' has ";
        if (param.empty())
          diag << "a dimension of unknown size (dimension #" << d << ")";
        else
          diag << "the symbolic dimension '" << param << "' (dimension #"
               << d << ")";
        diag << "; remat needs static shapes: give it a value with ";
        if (d == 0)
          diag << "--batch-size=8 or ";
        diag << "--dim " << (param.empty() ? std::string("NAME") : param)
             << "=8";
        failed = true;
        break;
      }
      dim->set_dim_value(*value);
    }
  }
  for (const auto &[name, value] : options.dims)
    if (!usedDims.contains(name)) {
      error() << "--dim " << name << "=" << value
              << " names no symbolic dimension of the model's inputs";
      failed = true;
    }
  return failure(failed);
}

LogicalResult Importer::checkTensorData() {
  // Every tensor of the model: the initializers and the tensor attributes
  // of every graph's nodes (subgraphs through a worklist).
  SmallVector<const onnx::GraphProto *> graphs{&model.graph()};
  while (!graphs.empty()) {
    const onnx::GraphProto &graph = *graphs.pop_back_val();
    for (const onnx::TensorProto &init : graph.initializer())
      if (std::optional<std::string> why = tensorDataMismatch(init)) {
        error() << "ONNX initializer '" << init.name() << "' " << *why;
        return failure();
      }
    for (const onnx::NodeProto &node : graph.node())
      for (const onnx::AttributeProto &attr : node.attribute()) {
        SmallVector<const onnx::TensorProto *> tensors;
        if (attr.has_t())
          tensors.push_back(&attr.t());
        for (const onnx::TensorProto &t : attr.tensors())
          tensors.push_back(&t);
        for (const onnx::TensorProto *t : tensors)
          if (std::optional<std::string> why = tensorDataMismatch(*t)) {
            error() << "ONNX node '" << node.name() << "' (" << node.op_type()
                    << "): the tensor of attribute '" << attr.name() << "' "
                    << *why;
            return failure();
          }
        if (attr.has_g())
          graphs.push_back(&attr.g());
        for (const onnx::GraphProto &g : attr.graphs())
          graphs.push_back(&g);
      }
  }
  return success();
}

LogicalResult Importer::validate() {
  // ONNX's checker, on the model as written: its shape inference trusts
  // what the checker validates (that every node matches its schema, that
  // types are set) and crashes on corrupt models that break it. Once: the
  // constant folding's rounds only replace nodes with Constant nodes whose
  // tensors it builds itself.
  try {
    onnx::checker::check_model(model);
  } catch (const std::exception &e) {
    // The checker prints nodes across several lines; one line reads better.
    std::string message;
    for (char c : StringRef(e.what()).trim()) {
      bool space = llvm::isSpace(c);
      if (!space || message.back() != ' ')
        message += space ? ' ' : c;
    }
    error() << "'" << path << "' is not a valid ONNX model: " << message;
    return failure();
  }
  return checkTensorData();
}

LogicalResult Importer::inferShapes() {
  onnx::GraphProto &graph = *model.mutable_graph();
  // Shapes the exporter wrote (with symbolic dimensions) would be merged
  // with the inferred ones; infer them all from the inputs instead.
  graph.clear_value_info();
  for (onnx::ValueInfoProto &output : *graph.mutable_output())
    if (output.type().has_tensor_type())
      output.mutable_type()->mutable_tensor_type()->clear_shape();
  try {
    onnx::ShapeInferenceOptions inference(/*check_type_val=*/false,
                                          /*strict_mode_val=*/1,
                                          /*data_prop_val=*/true);
    onnx::shape_inference::InferShapes(model, &guardedSchemaRegistry(),
                                       inference);
  } catch (const std::exception &e) {
    // ONNX lists one error per node, each on a line starting "(op_type:"
    // (a subgraph's may span more), and a node whose input failed to get
    // a type fails too: the first is the cause, the rest follow from it.
    SmallVector<StringRef> lines;
    StringRef(e.what()).split(lines, '\n', /*MaxSplit=*/-1,
                              /*KeepEmpty=*/false);
    InFlightDiagnostic diag = error();
    diag << "ONNX shape inference failed on '" << path
         << "': " << (lines.empty() ? StringRef(e.what()) : lines.front());
    size_t more = 0;
    for (size_t i = 1; i < lines.size(); ++i)
      more += lines[i].starts_with("(op_type:");
    if (more > 0)
      diag << " (and " << more << " more error" << (more == 1 ? "" : "s")
           << " in the nodes after it)";
    return failure();
  }
  return success();
}

void Importer::collectTypes() {
  const onnx::GraphProto &graph = model.graph();
  for (const onnx::ValueInfoProto &input : graph.input())
    state.types[input.name()] = &input.type();
  for (const onnx::TensorProto &init : graph.initializer()) {
    onnx::TypeProto &type = ownedTypes.emplace_back();
    onnx::TypeProto::Tensor *tensor = type.mutable_tensor_type();
    tensor->set_elem_type(init.data_type());
    onnx::TensorShapeProto *shape = tensor->mutable_shape();
    for (int64_t d : init.dims())
      shape->add_dim()->set_dim_value(d);
    state.types[init.name()] = &type;
    state.constants[init.name()] = &init;
  }
  for (const onnx::ValueInfoProto &info : graph.value_info())
    state.types[info.name()] = &info.type();
  for (const onnx::ValueInfoProto &output : graph.output())
    state.types[output.name()] = &output.type();
  for (const onnx::NodeProto &node : graph.node())
    if (node.op_type() == "Constant" && node.output_size() == 1)
      for (const onnx::AttributeProto &attr : node.attribute())
        if (attr.name() == "value" && attr.has_t())
          state.constants[node.output(0)] = &attr.t();
}

LogicalResult Importer::foldConstants() {
  // The parameters (float initializers of more than one element) are
  // arguments, never folded; every other constant computation is evaluated.
  llvm::StringSet<> parameters;
  for (const onnx::TensorProto &init : model.graph().initializer())
    if (isParameter(init))
      parameters.insert(init.name());
  // Each evaluated node becomes a Constant in the model and shape inference
  // runs again: what reads the result (a Gather of rows by a folded Range)
  // then gets a static type, and may be evaluated in turn.
  for (int round = 0;; ++round) {
    foldedTensors.clear();
    foldedNodes =
        foldConstantNodes(model.graph(), state, parameters, foldedTensors);
    onnx::GraphProto &graph = *model.mutable_graph();
    bool rewrote = false;
    for (size_t i : foldedNodes) {
      onnx::NodeProto &node = *graph.mutable_node(static_cast<int>(i));
      if (node.op_type() == "Constant")
        continue;
      onnx::TensorProto value = *state.constants.lookup(node.output(0));
      std::string output = node.output(0);
      node.clear_input();
      node.clear_output();
      node.clear_attribute();
      node.set_op_type("Constant");
      node.clear_domain();
      node.add_output(output);
      onnx::AttributeProto *attr = node.add_attribute();
      attr->set_name("value");
      attr->set_type(onnx::AttributeProto::TENSOR);
      *attr->mutable_t() = std::move(value);
      rewrote = true;
    }
    if (!rewrote || round == 8)
      return success();
    state.types.clear();
    state.constants.clear();
    ownedTypes.clear();
    if (failed(inferShapes()))
      return failure();
    collectTypes();
  }
}

void Importer::findShapeComputations() {
  const onnx::GraphProto &graph = model.graph();
  for (const onnx::ValueInfoProto &output : graph.output())
    graphOutputs.insert(output.name());
  // Values some imported node reads as data. Nodes are in topological
  // order: walking backwards, every reader is decided before its producer.
  // A folded node reads nothing at run time.
  for (size_t i = graph.node_size(); i-- > 0;) {
    const onnx::NodeProto &node = graph.node(i);
    if (foldedNodes.contains(i))
      continue;
    bool shapeOnly = isShapeComputation(node.op_type()) &&
                     llvm::none_of(node.output(), [&](const std::string &out) {
                       return out.empty() ? false
                                          : readAsData.contains(out) ||
                                                graphOutputs.contains(out);
                     });
    if (shapeOnly) {
      shapeOnlyNodes.insert(i);
      continue;
    }
    for (int p = 0; p < node.input_size(); ++p)
      if (!node.input(p).empty() && !isShapeOperand(node.op_type(), p))
        readAsData.insert(node.input(p));
  }
  for (const onnx::TensorProto &init : graph.initializer())
    if (readAsData.contains(init.name()) || graphOutputs.contains(init.name()))
      dataInitializers.insert(init.name());
}

Location Importer::nodeLoc(const onnx::NodeProto &node, size_t index) {
  std::string name = node.name().empty()
                         ? node.op_type() + "#" + std::to_string(index)
                         : node.name();
  return NameLoc::get(StringAttr::get(context, name), fileLoc);
}

LogicalResult Importer::importNodes(OpBuilder &b) {
  const onnx::GraphProto &graph = model.graph();
  for (const onnx::NodeProto &node : graph.node())
    for (const std::string &input : node.input())
      state.consumed.insert(input);
  for (const onnx::ValueInfoProto &output : graph.output())
    state.consumed.insert(output.name());
  for (size_t i = 0; i < static_cast<size_t>(graph.node_size()); ++i) {
    if (shapeOnlyNodes.contains(i))
      continue;
    const onnx::NodeProto &node = graph.node(i);
    Location loc = nodeLoc(node, i);
    NodeContext ctx(node, b, loc, state);
    if (foldedNodes.contains(i)) {
      // Evaluated: a constant wherever the model reads it as data.
      for (int k = 0; k < node.output_size(); ++k) {
        const std::string &name = node.output(k);
        if (!readAsData.contains(name) && !graphOutputs.contains(name))
          continue;
        FailureOr<RankedTensorType> type = ctx.outputType(k);
        if (failed(type))
          return failure();
        DenseElementsAttr data =
            readElements(*state.constants.lookup(name), *type);
        if (!data) {
          ctx.emitError() << "its constant result '" << name
                          << "' does not have the inferred type " << *type;
          return failure();
        }
        ctx.setOutput(k, ConstantOp::create(b, loc, data));
      }
      continue;
    }
    if (!isDefaultDomain(node)) {
      ctx.emitError() << "op of domain '" << node.domain()
                      << "' is not a standard ONNX op; remat-translate "
                         "imports the default domain only";
      return failure();
    }
    auto it = patterns().find(node.op_type());
    if (it == patterns().end()) {
      ctx.emitError() << "unknown ONNX op '" << node.op_type()
                      << "': remat-translate imports "
                      << llvm::join(getSupportedOnnxOps(), ", ")
                      << " (and folds Shape computations)";
      return failure();
    }
    if (failed(it->second(ctx)))
      return failure();
  }
  return success();
}

FailureOr<Value> Importer::appendLoss(OpBuilder &b, Value output,
                                      Value labels) {
  auto type = dyn_cast<RankedTensorType>(output.getType());
  Location loc = NameLoc::get(StringAttr::get(context, "loss"), fileLoc);
  if (!type || !isa<FloatType>(type.getElementType())) {
    error() << "the loss needs a float output, and output #0 is "
            << output.getType();
    return failure();
  }
  auto scalar = RankedTensorType::get({}, type.getElementType());
  if (options.loss == OnnxLoss::Mean) {
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < type.getRank(); ++d)
      dims.push_back(d);
    return Value(ReduceMeanOp::create(b, loc, scalar, output,
                                      b.getDenseI64ArrayAttr(dims),
                                      UnitAttr()));
  }
  return Value(CrossEntropyOp::create(b, loc, scalar, output, labels));
}

OwningOpRef<ModuleOp> Importer::run() {
  context->loadDialect<RematDialect, func::FuncDialect>();
  if (failed(load()) || failed(fixSymbolicDimensions()) || failed(validate()) ||
      failed(inferShapes()))
    return nullptr;
  collectTypes();
  if (failed(foldConstants()))
    return nullptr;
  findShapeComputations();
  const onnx::GraphProto &graph = model.graph();

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  OpBuilder b(context);
  std::string name = options.functionName.empty()
                         ? identifier(graph.name().empty() ? "model"
                                                           : graph.name())
                         : options.functionName;
  auto func = func::FuncOp::create(fileLoc, name, b.getFunctionType({}, {}));
  module->push_back(func);
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);

  // Arguments: the data inputs, the labels, then the float initializers
  // read as data (the parameters).
  SmallVector<std::string> argNames;
  auto addArgument = [&](const std::string &onnxName,
                         const onnx::TypeProto &type) -> LogicalResult {
    std::string why;
    FailureOr<RankedTensorType> converted =
        convertTensorType(type, context, why);
    if (failed(converted)) {
      error() << "ONNX input '" << onnxName << "' " << why;
      return failure();
    }
    state.values[onnxName] = body->addArgument(*converted, fileLoc);
    argNames.push_back(onnxName);
    return success();
  };
  for (const onnx::ValueInfoProto &input : graph.input())
    if (!initializerNames.contains(input.name()) &&
        failed(addArgument(input.name(), input.type())))
      return nullptr;
  Value labels;
  if (options.loss == OnnxLoss::CrossEntropy) {
    if (graph.output_size() < 1) {
      error() << "the model has no output to put a loss on";
      return nullptr;
    }
    std::string why;
    const onnx::TypeProto *outputType =
        state.types.lookup(graph.output(0).name());
    FailureOr<RankedTensorType> logits =
        outputType ? convertTensorType(*outputType, context, why)
                   : FailureOr<RankedTensorType>(failure());
    if (!outputType)
      why = "has no type after shape inference";
    if (failed(logits) || logits->getRank() < 1) {
      error() << "a cross-entropy loss needs logits [batch..., classes] as "
                 "output #0 ('"
              << graph.output(0).name() << "'), which "
              << (failed(logits) ? why : "is a scalar");
      return nullptr;
    }
    auto labelType = RankedTensorType::get(logits->getShape().drop_back(),
                                           b.getI64Type());
    labels = body->addArgument(labelType, fileLoc);
    argNames.push_back("labels");
  }
  // Training-mode Dropouts draw their masks from a seed argument.
  for (const onnx::NodeProto &node : graph.node()) {
    if (node.op_type() != "Dropout" || !isDefaultDomain(node))
      continue;
    FailureOr<double> rate = dropoutRate(node, state);
    if (succeeded(rate) && *rate > 0) {
      state.dropoutSeed = body->addArgument(b.getI64Type(), fileLoc);
      argNames.push_back("dropout_seed");
      break;
    }
  }
  unsigned firstParameter = body->getNumArguments();
  for (const onnx::TensorProto &init : graph.initializer()) {
    if (!dataInitializers.contains(init.name()))
      continue;
    if (isParameter(init)) {
      if (failed(addArgument(init.name(), *state.types[init.name()])))
        return nullptr;
      continue;
    }
    // Integer data (indices) and scalars: a constant.
    std::string why;
    FailureOr<RankedTensorType> type =
        convertTensorType(*state.types[init.name()], context, why);
    DenseElementsAttr data =
        succeeded(type) ? readElements(init, *type) : DenseElementsAttr();
    if (!data) {
      error() << "ONNX initializer '" << init.name() << "' "
              << (failed(type) ? why : "cannot be read (external data?)");
      return nullptr;
    }
    state.values[init.name()] = ConstantOp::create(b, fileLoc, data);
  }

  if (failed(importNodes(b)))
    return nullptr;

  SmallVector<Value> results;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    Value value = state.values.lookup(output.name());
    if (!value) {
      error() << "ONNX output '" << output.name()
              << "' is not computed by any imported node";
      return nullptr;
    }
    results.push_back(value);
  }
  if (options.loss != OnnxLoss::None) {
    if (results.empty()) {
      error() << "the model has no output to put a loss on";
      return nullptr;
    }
    FailureOr<Value> loss = appendLoss(b, results.front(), labels);
    if (failed(loss))
      return nullptr;
    results = {*loss};
  }
  func::ReturnOp::create(b, fileLoc, results);

  // Values nothing reads are erased, so that the planner does not count them
  // as resident: constants a pattern read as numbers (Clip's bounds, Pow's
  // exponent), transposes folded into a matmul, and the names on them.
  // Walking backwards, a user goes before what it reads.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*body)))
    if (isa<NameOp>(op) ? op.use_empty() : isOpTriviallyDead(&op))
      op.erase();

  // Parameters nothing reads (a batch norm's running statistics) are
  // dropped.
  llvm::BitVector unused(body->getNumArguments());
  for (unsigned i = firstParameter; i < body->getNumArguments(); ++i)
    if (body->getArgument(i).use_empty())
      unused.set(i);
  body->eraseArguments(unused);
  SmallVector<std::string> keptNames;
  for (unsigned i = 0; i < argNames.size(); ++i)
    if (!unused.test(i))
      keptNames.push_back(argNames[i]);
  func.setType(b.getFunctionType(body->getArgumentTypes(),
                                 ValueRange(results).getTypes()));
  for (auto [i, argName] : llvm::enumerate(keptNames))
    func.setArgAttr(i, "onnx.name", b.getStringAttr(argName));
  if (failed(verify(*module))) {
    error() << "internal error: the imported function does not verify";
    return nullptr;
  }
  return module;
}

} // namespace

OwningOpRef<ModuleOp> remat::importOnnxFile(StringRef path,
                                            MLIRContext *context,
                                            const OnnxImportOptions &options) {
  return Importer(path, context, options).run();
}

OwningOpRef<ModuleOp>
remat::importOnnxBuffer(StringRef bytes, StringRef name, MLIRContext *context,
                        const OnnxImportOptions &options) {
  return Importer(name, context, options, bytes).run();
}

std::vector<std::string> remat::getSupportedOnnxOps() {
  std::vector<std::string> names;
  for (const auto &entry : patterns())
    names.push_back(entry.getKey().str());
  llvm::sort(names);
  return names;
}
