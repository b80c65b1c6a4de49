//===- NodeContext.cpp - what an ONNX op pattern sees ---------------------===//

#include "NodeContext.h"
#include "ConstantFolding.h"

#include "remat/Dialect/Remat/IR/RematOps.h"
#include "remat/Dialect/Remat/IR/TypeSize.h"

#include <cstring>

using namespace mlir;
using namespace remat::onnx_import;

/// remat's element type for an ONNX TensorProto data type, or null.
static Type convertElementType(int32_t type, MLIRContext *context) {
  Builder b(context);
  switch (type) {
  case onnx::TensorProto::FLOAT:
    return b.getF32Type();
  case onnx::TensorProto::FLOAT16:
    return b.getF16Type();
  case onnx::TensorProto::BFLOAT16:
    return b.getBF16Type();
  case onnx::TensorProto::INT32:
    return b.getI32Type();
  case onnx::TensorProto::INT64:
    return b.getI64Type();
  case onnx::TensorProto::BOOL:
    return b.getI1Type();
  default:
    return nullptr;
  }
}

static std::string elementTypeName(int32_t type) {
  if (onnx::TensorProto::DataType_IsValid(type))
    return onnx::TensorProto::DataType_Name(
        static_cast<onnx::TensorProto::DataType>(type));
  return "data type " + std::to_string(type);
}

FailureOr<RankedTensorType>
remat::onnx_import::convertTensorType(const onnx::TypeProto &type,
                                      MLIRContext *context, std::string &why) {
  if (!type.has_tensor_type()) {
    why = "is not a tensor";
    return failure();
  }
  const onnx::TypeProto::Tensor &tensor = type.tensor_type();
  Type element = convertElementType(tensor.elem_type(), context);
  if (!element) {
    why = "has element type " + elementTypeName(tensor.elem_type()) +
          ", which remat has no tensors of (FLOAT, FLOAT16, BFLOAT16, INT32, "
          "INT64, BOOL)";
    return failure();
  }
  if (!tensor.has_shape()) {
    why = "has no known shape";
    return failure();
  }
  SmallVector<int64_t> shape;
  for (const onnx::TensorShapeProto::Dimension &dim : tensor.shape().dim()) {
    if (dim.has_dim_value() && dim.dim_value() < 0) {
      why = "has the negative dimension " + std::to_string(dim.dim_value());
      return failure();
    }
    if (dim.has_dim_value()) {
      shape.push_back(dim.dim_value());
      continue;
    }
    why = dim.has_dim_param()
              ? "has the symbolic dimension '" + dim.dim_param() + "'"
              : "has a dimension of unknown size";
    return failure();
  }
  auto result = RankedTensorType::get(shape, element);
  if (!remat::getTypeBytes(result)) {
    why = "is larger than the 2^48 bytes (256 TiB) remat models";
    return failure();
  }
  return result;
}

std::optional<std::vector<int64_t>>
remat::onnx_import::readInts(const onnx::TensorProto &tensor) {
  std::vector<int64_t> values;
  if (tensor.data_location() == onnx::TensorProto::EXTERNAL)
    return std::nullopt;
  if (tensor.data_type() == onnx::TensorProto::INT64) {
    if (tensor.has_raw_data()) {
      values = rawValues<int64_t>(tensor.raw_data());
    } else {
      values.assign(tensor.int64_data().begin(), tensor.int64_data().end());
    }
    return values;
  }
  if (tensor.data_type() == onnx::TensorProto::INT32) {
    if (tensor.has_raw_data()) {
      std::vector<int32_t> narrow = rawValues<int32_t>(tensor.raw_data());
      values.assign(narrow.begin(), narrow.end());
    } else {
      values.assign(tensor.int32_data().begin(), tensor.int32_data().end());
    }
    return values;
  }
  return std::nullopt;
}

std::optional<std::string>
remat::onnx_import::tensorDataMismatch(const onnx::TensorProto &tensor) {
  using onnx::TensorProto;
  if (tensor.data_location() == TensorProto::EXTERNAL)
    return std::nullopt;
  // Bytes per element, and how many values of its typed field make one.
  int64_t bytes = 0, values = 1, count = 0;
  switch (tensor.data_type()) {
  case TensorProto::BOOL:
  case TensorProto::INT8:
  case TensorProto::UINT8:
    bytes = 1, count = tensor.int32_data_size();
    break;
  case TensorProto::INT16:
  case TensorProto::UINT16:
  case TensorProto::FLOAT16:
  case TensorProto::BFLOAT16:
    bytes = 2, count = tensor.int32_data_size();
    break;
  case TensorProto::INT32:
    bytes = 4, count = tensor.int32_data_size();
    break;
  case TensorProto::FLOAT:
    bytes = 4, count = tensor.float_data_size();
    break;
  case TensorProto::UINT32:
    bytes = 4, count = tensor.uint64_data_size();
    break;
  case TensorProto::INT64:
    bytes = 8, count = tensor.int64_data_size();
    break;
  case TensorProto::UINT64:
    bytes = 8, count = tensor.uint64_data_size();
    break;
  case TensorProto::DOUBLE:
    bytes = 8, count = tensor.double_data_size();
    break;
  case TensorProto::COMPLEX64:
    bytes = 8, values = 2, count = tensor.float_data_size();
    break;
  case TensorProto::COMPLEX128:
    bytes = 16, values = 2, count = tensor.double_data_size();
    break;
  default:
    return std::nullopt;
  }
  int64_t elements = 1;
  for (int64_t d : tensor.dims())
    if (d < 0 || __builtin_mul_overflow(elements, d, &elements))
      return "has the dims of more than 2^63 elements or a negative one";
  std::string what = "its type and dims need " + std::to_string(elements);
  if (tensor.has_raw_data()) {
    int64_t need;
    if (__builtin_mul_overflow(elements, bytes, &need) ||
        static_cast<int64_t>(tensor.raw_data().size()) != need)
      return "has " + std::to_string(tensor.raw_data().size()) +
             " bytes of raw data where " + what + " x " + std::to_string(bytes);
    return std::nullopt;
  }
  if (count != elements * values)
    return "holds " + std::to_string(count / values) + " values where " + what;
  return std::nullopt;
}

std::optional<std::vector<bool>>
remat::onnx_import::readBools(const onnx::TensorProto &tensor) {
  if (tensor.data_type() != onnx::TensorProto::BOOL ||
      tensor.data_location() == onnx::TensorProto::EXTERNAL)
    return std::nullopt;
  std::vector<bool> values;
  if (tensor.has_raw_data())
    for (char byte : tensor.raw_data())
      values.push_back(byte != 0);
  else
    for (int32_t v : tensor.int32_data())
      values.push_back(v != 0);
  return values;
}

DenseElementsAttr
remat::onnx_import::readElements(const onnx::TensorProto &tensor,
                                 RankedTensorType type) {
  if (tensor.data_location() == onnx::TensorProto::EXTERNAL)
    return nullptr;
  int64_t count = type.getNumElements();
  Type element = type.getElementType();
  if (tensor.data_type() == onnx::TensorProto::BOOL) {
    std::optional<std::vector<bool>> bools = readBools(tensor);
    if (!bools || bools->size() != static_cast<size_t>(count))
      return nullptr;
    SmallVector<bool> values(bools->begin(), bools->end());
    return DenseElementsAttr::get(type, ArrayRef<bool>(values));
  }
  if (tensor.has_raw_data()) {
    const std::string &raw = tensor.raw_data();
    size_t bytes = static_cast<size_t>(count) *
                   (element.getIntOrFloatBitWidth() / 8);
    if (raw.size() != bytes)
      return nullptr;
    return DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(raw.data(), raw.size()));
  }
  switch (tensor.data_type()) {
  case onnx::TensorProto::FLOAT: {
    if (tensor.float_data_size() != count)
      return nullptr;
    return DenseElementsAttr::get(
        type, ArrayRef<float>(tensor.float_data().data(), count));
  }
  case onnx::TensorProto::INT64: {
    if (tensor.int64_data_size() != count)
      return nullptr;
    return DenseElementsAttr::get(
        type, ArrayRef<int64_t>(tensor.int64_data().data(), count));
  }
  case onnx::TensorProto::INT32: {
    if (tensor.int32_data_size() != count)
      return nullptr;
    return DenseElementsAttr::get(
        type, ArrayRef<int32_t>(tensor.int32_data().data(), count));
  }
  default:
    // FLOAT16 and BFLOAT16 are stored as raw data by every exporter.
    return nullptr;
  }
}

bool NodeContext::hasInput(int i) const {
  return i < node.input_size() && !node.input(i).empty();
}

FailureOr<Value> NodeContext::input(int i) {
  if (!hasInput(i)) {
    emitError() << "input #" << i << " is missing";
    return failure();
  }
  auto it = state.values.find(node.input(i));
  if (it == state.values.end()) {
    emitError() << "input #" << i << " ('" << node.input(i)
                << "') is not a value the importer made (a shape computation "
                   "read as data, or a value defined later)";
    return failure();
  }
  return it->second;
}

FailureOr<RankedTensorType> NodeContext::outputType(int i) {
  if (i >= node.output_size() || node.output(i).empty()) {
    emitError() << "output #" << i << " is missing";
    return failure();
  }
  auto it = state.types.find(node.output(i));
  if (it == state.types.end()) {
    emitError() << "output '" << node.output(i)
                << "' has no type after ONNX shape inference; give the "
                   "model's symbolic dimensions values (--batch-size=N, "
                   "--dim name=N)";
    return failure();
  }
  std::string why;
  FailureOr<RankedTensorType> type =
      convertTensorType(*it->second, builder.getContext(), why);
  if (failed(type))
    emitError() << "output '" << node.output(i) << "' " << why
                << "; give the model's symbolic dimensions values "
                   "(--batch-size=N, --dim name=N)";
  return type;
}

std::optional<std::vector<int64_t>> NodeContext::constantInts(int i) const {
  if (!hasInput(i))
    return std::nullopt;
  auto it = state.constants.find(node.input(i));
  if (it == state.constants.end())
    return std::nullopt;
  return readInts(*it->second);
}

const onnx::AttributeProto *NodeContext::attribute(StringRef name) const {
  for (const onnx::AttributeProto &attr : node.attribute())
    if (attr.name() == name)
      return &attr;
  return nullptr;
}

int64_t NodeContext::intAttr(StringRef name, int64_t fallback) const {
  const onnx::AttributeProto *attr = attribute(name);
  return attr && attr->has_i() ? attr->i() : fallback;
}

float NodeContext::floatAttr(StringRef name, float fallback) const {
  const onnx::AttributeProto *attr = attribute(name);
  return attr && attr->has_f() ? attr->f() : fallback;
}

std::optional<std::vector<int64_t>>
NodeContext::intsAttr(StringRef name) const {
  const onnx::AttributeProto *attr = attribute(name);
  if (!attr)
    return std::nullopt;
  return std::vector<int64_t>(attr->ints().begin(), attr->ints().end());
}

std::optional<std::string> NodeContext::stringAttr(StringRef name) const {
  const onnx::AttributeProto *attr = attribute(name);
  if (!attr || !attr->has_s())
    return std::nullopt;
  return attr->s();
}

const onnx::TensorProto *NodeContext::tensorAttr(StringRef name) const {
  const onnx::AttributeProto *attr = attribute(name);
  return attr && attr->has_t() ? &attr->t() : nullptr;
}

InFlightDiagnostic NodeContext::emitError() {
  InFlightDiagnostic diag = mlir::emitError(loc);
  diag << "ONNX node '" << node.name() << "' (" << node.op_type() << "): ";
  return diag;
}

void NodeContext::setOutput(int i, Value value) {
  const std::string &name = node.output(i);
  if (!name.empty())
    value = NameOp::create(builder, loc, value, builder.getStringAttr(name));
  state.values[name] = value;
}

FailureOr<double> NodeContext::dropoutRate() const {
  return remat::onnx_import::dropoutRate(node, state);
}

Value NodeContext::dropout(Value x, double rate) {
  auto type = cast<RankedTensorType>(x.getType());
  Value result = remat::DropoutOp::create(
      builder, loc, x, state.dropoutSeed, builder.getF64FloatAttr(rate),
      builder.getI64IntegerAttr(state.dropoutCounter));
  state.dropoutCounter += type.getNumElements();
  return result;
}

Value NodeContext::broadcastTo(Value value, RankedTensorType type) {
  auto from = cast<RankedTensorType>(value.getType());
  if (from.getShape() == type.getShape())
    return value;
  int64_t offset = type.getRank() - from.getRank();
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < from.getRank(); ++d)
    dims.push_back(offset + d);
  auto result = RankedTensorType::get(type.getShape(), from.getElementType());
  return remat::BroadcastOp::create(builder, loc, result, value,
                                    builder.getDenseI64ArrayAttr(dims));
}

Value remat::onnx_import::withoutNames(Value value) {
  while (auto name = value.getDefiningOp<NameOp>())
    value = name.getInput();
  return value;
}
