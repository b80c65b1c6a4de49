//===- ConstantFolding.cpp - evaluate an ONNX graph's constant nodes ------===//
//
// Exporters compute sizes, index ranges and masks from shapes: GPT-2's
// `torch.arange(t)` is Shape -> Gather -> Cast -> Range, its attention
// scale `1 / sqrt(head_dim)` is Shape -> Gather -> Div -> Cast -> Pow ->
// Reciprocal, its causal mask a Slice of a boolean buffer with bounds from
// Shape. Once shape inference has made every shape static, these values are
// constants: this file evaluates them, in graph order, so that the importer
// can read them as constants (Slice bounds) or materialize them as
// `remat.constant` where a model reads them as data. It decides only; the
// importer builds the IR.
//
//===----------------------------------------------------------------------===//

#include "ConstantFolding.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

using namespace remat::onnx_import;

namespace {

/// A constant tensor being evaluated: its ONNX element type, shape and
/// values (integers are exact in a double up to 2^53, far beyond any size).
struct Folded {
  int32_t type = 0;
  std::vector<int64_t> shape;
  std::vector<double> values;
};

/// The most elements a folded tensor may have: masks of long sequences fit
/// (GPT-2's 1024 x 1024), a large tensor is left to the importer.
constexpr int64_t kMaxFoldedElements = int64_t(1) << 22;
/// Expand is evaluated up to this many elements (shape-sized values).
constexpr int64_t kMaxFoldedExpandElements = 4096;

bool isIntegerType(int32_t t) {
  return t == onnx::TensorProto::INT64 || t == onnx::TensorProto::INT32;
}
bool isSupportedType(int32_t t) {
  return isIntegerType(t) || t == onnx::TensorProto::FLOAT ||
         t == onnx::TensorProto::BOOL;
}

/// The number of elements of `shape`; INT64_MAX, which every caller treats
/// as too large to fold, for a negative dimension or a product that
/// overflows (a corrupt model's).
int64_t product(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    if (d < 0 || __builtin_mul_overflow(n, d, &n))
      return std::numeric_limits<int64_t>::max();
  return n;
}

std::optional<Folded> readTensor(const onnx::TensorProto &tensor) {
  if (tensor.data_location() == onnx::TensorProto::EXTERNAL ||
      !isSupportedType(tensor.data_type()))
    return std::nullopt;
  Folded f;
  f.type = tensor.data_type();
  f.shape.assign(tensor.dims().begin(), tensor.dims().end());
  int64_t n = product(f.shape);
  if (n > kMaxFoldedElements)
    return std::nullopt;
  if (isIntegerType(f.type)) {
    std::optional<std::vector<int64_t>> ints = readInts(tensor);
    if (!ints)
      return std::nullopt;
    f.values.assign(ints->begin(), ints->end());
  } else if (f.type == onnx::TensorProto::FLOAT) {
    if (tensor.has_raw_data()) {
      std::vector<float> data = rawValues<float>(tensor.raw_data());
      f.values.assign(data.begin(), data.end());
    } else {
      f.values.assign(tensor.float_data().begin(), tensor.float_data().end());
    }
  } else {
    std::optional<std::vector<bool>> bools = readBools(tensor);
    if (!bools)
      return std::nullopt;
    f.values.assign(bools->begin(), bools->end());
  }
  if (static_cast<int64_t>(f.values.size()) != n)
    return std::nullopt;
  return f;
}

/// Whether every value of `f` converts to its element type: evaluated in
/// double, an integer division by zero gives an infinity, a product can
/// leave int64's range and a float one float's (such a node is left
/// unfolded, to the importer).
bool representable(const Folded &f) {
  if (f.type == onnx::TensorProto::FLOAT)
    return llvm::all_of(f.values, [](double v) {
      return !std::isfinite(v) || std::fabs(v) <= FLT_MAX;
    });
  bool wide = f.type == onnx::TensorProto::INT64;
  double lo = wide ? -9223372036854775808.0 : -2147483648.0;
  double hi = wide ? 9223372036854775808.0 : 2147483648.0;
  return llvm::all_of(f.values, [&](double v) { return v >= lo && v < hi; });
}

void writeTensor(const Folded &f, const std::string &name,
                 onnx::TensorProto &tensor) {
  tensor.set_name(name);
  tensor.set_data_type(f.type);
  for (int64_t d : f.shape)
    tensor.add_dims(d);
  for (double v : f.values) {
    switch (f.type) {
    case onnx::TensorProto::INT64:
      tensor.add_int64_data(static_cast<int64_t>(v));
      break;
    case onnx::TensorProto::FLOAT:
      tensor.add_float_data(static_cast<float>(v));
      break;
    default: // INT32, BOOL
      tensor.add_int32_data(static_cast<int32_t>(v));
      break;
    }
  }
}

/// Rounds `v` to what an element of `type` holds.
double convertTo(double v, int32_t type) {
  switch (type) {
  case onnx::TensorProto::FLOAT:
    return static_cast<float>(v);
  case onnx::TensorProto::BOOL:
    return v != 0;
  default:
    return std::trunc(v);
  }
}

std::vector<int64_t> strides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;)
    s[d - 1] = s[d] * shape[d];
  return s;
}

/// numpy's broadcast of `shapes`, or nullopt when they do not broadcast.
std::optional<std::vector<int64_t>>
broadcastShape(llvm::ArrayRef<const Folded *> inputs) {
  size_t rank = 0;
  for (const Folded *f : inputs)
    rank = std::max(rank, f->shape.size());
  std::vector<int64_t> out(rank, 1);
  for (const Folded *f : inputs)
    for (size_t d = 0; d < f->shape.size(); ++d) {
      int64_t &o = out[rank - f->shape.size() + d];
      int64_t s = f->shape[d];
      if (s != 1 && o != 1 && s != o)
        return std::nullopt;
      if (s != 1)
        o = s;
    }
  return out;
}

/// The value of `f` at the index `index` of the broadcast shape `out`.
double broadcastAt(const Folded &f, const std::vector<int64_t> &out,
                   int64_t index) {
  std::vector<int64_t> outStrides = strides(out);
  std::vector<int64_t> inStrides = strides(f.shape);
  size_t offset = out.size() - f.shape.size();
  int64_t at = 0;
  for (size_t d = 0; d < out.size(); ++d) {
    int64_t coord = (index / outStrides[d]) % out[d];
    if (d >= offset && f.shape[d - offset] != 1)
      at += coord * inStrides[d - offset];
  }
  return f.values[at];
}

/// Elementwise over numpy-broadcast inputs.
std::optional<Folded>
elementwise(llvm::ArrayRef<const Folded *> inputs, int32_t type,
            llvm::function_ref<double(llvm::ArrayRef<double>)> fn) {
  std::optional<std::vector<int64_t>> shape = broadcastShape(inputs);
  if (!shape || product(*shape) > kMaxFoldedElements)
    return std::nullopt;
  Folded r;
  r.type = type;
  r.shape = *shape;
  int64_t n = product(*shape);
  std::vector<double> args(inputs.size());
  for (int64_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < inputs.size(); ++k)
      args[k] = broadcastAt(*inputs[k], *shape, i);
    r.values.push_back(convertTo(fn(args), type));
  }
  return r;
}

int64_t normalizeAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

class Folder {
public:
  Folder(const onnx::NodeProto &node, llvm::ArrayRef<const Folded *> in,
         ImportState &state)
      : node(node), in(in), state(state) {}

  /// The node's outputs, or nullopt when it cannot be evaluated.
  std::optional<std::vector<Folded>> run();

private:
  int64_t intAttr(llvm::StringRef name, int64_t fallback) const {
    for (const onnx::AttributeProto &a : node.attribute())
      if (a.name() == name && a.has_i())
        return a.i();
    return fallback;
  }
  std::optional<std::vector<int64_t>> intsAttr(llvm::StringRef name) const {
    for (const onnx::AttributeProto &a : node.attribute())
      if (a.name() == name)
        return std::vector<int64_t>(a.ints().begin(), a.ints().end());
    return std::nullopt;
  }
  /// The static shape and element type shape inference gave output `i`.
  std::optional<Folded> inferred(int i) const {
    if (i >= node.output_size())
      return std::nullopt;
    const onnx::TypeProto *type = state.types.lookup(node.output(i));
    if (!type || !type->has_tensor_type() || !type->tensor_type().has_shape())
      return std::nullopt;
    Folded f;
    f.type = type->tensor_type().elem_type();
    for (const onnx::TensorShapeProto::Dimension &d :
         type->tensor_type().shape().dim()) {
      if (!d.has_dim_value())
        return std::nullopt;
      f.shape.push_back(d.dim_value());
    }
    return f;
  }
  std::optional<std::vector<Folded>> one(std::optional<Folded> f) {
    if (!f)
      return std::nullopt;
    return std::vector<Folded>{std::move(*f)};
  }

  std::optional<Folded> gather();
  std::optional<Folded> concat();
  std::optional<Folded> slice();
  std::optional<Folded> range();
  std::optional<Folded> sameValues(); // Reshape, Squeeze, Unsqueeze...
  std::optional<Folded> expand();

  const onnx::NodeProto &node;
  llvm::ArrayRef<const Folded *> in;
  ImportState &state;
};

std::optional<Folded> Folder::gather() {
  const Folded &data = *in[0], &idx = *in[1];
  int64_t rank = data.shape.size();
  int64_t axis = normalizeAxis(intAttr("axis", 0), rank);
  if (axis < 0 || axis >= rank)
    return std::nullopt;
  Folded r;
  r.type = data.type;
  r.shape.assign(data.shape.begin(), data.shape.begin() + axis);
  r.shape.insert(r.shape.end(), idx.shape.begin(), idx.shape.end());
  r.shape.insert(r.shape.end(), data.shape.begin() + axis + 1,
                 data.shape.end());
  int64_t outer = product({data.shape.begin(), data.shape.begin() + axis});
  int64_t inner = product({data.shape.begin() + axis + 1, data.shape.end()});
  int64_t dim = data.shape[axis];
  for (int64_t o = 0; o < outer; ++o)
    for (double v : idx.values) {
      if (!(v > -9.2e18 && v < 9.2e18))
        return std::nullopt; // NaN or out of range (float indices)
      int64_t i = static_cast<int64_t>(v);
      if (i < 0)
        i += dim;
      if (i < 0 || i >= dim)
        return std::nullopt;
      for (int64_t k = 0; k < inner; ++k)
        r.values.push_back(data.values[(o * dim + i) * inner + k]);
    }
  return r;
}

std::optional<Folded> Folder::concat() {
  int64_t rank = in[0]->shape.size();
  int64_t axis = normalizeAxis(intAttr("axis", 0), rank);
  if (axis < 0 || axis >= rank)
    return std::nullopt;
  Folded r;
  r.type = in[0]->type;
  r.shape = in[0]->shape;
  r.shape[axis] = 0;
  for (const Folded *f : in) {
    if (static_cast<int64_t>(f->shape.size()) != rank)
      return std::nullopt;
    r.shape[axis] += f->shape[axis];
  }
  int64_t outer = product({r.shape.begin(), r.shape.begin() + axis});
  for (int64_t o = 0; o < outer; ++o)
    for (const Folded *f : in) {
      int64_t chunk = product({f->shape.begin() + axis, f->shape.end()});
      r.values.insert(r.values.end(), f->values.begin() + o * chunk,
                      f->values.begin() + (o + 1) * chunk);
    }
  return r;
}

std::optional<Folded> Folder::slice() {
  const Folded &data = *in[0];
  int64_t rank = data.shape.size();
  std::vector<int64_t> starts, ends, axes, steps;
  auto ints = [](const Folded *f) {
    return std::vector<int64_t>(f->values.begin(), f->values.end());
  };
  if (in.size() >= 3) {
    starts = ints(in[1]);
    ends = ints(in[2]);
    if (in.size() >= 4 && in[3])
      axes = ints(in[3]);
    if (in.size() >= 5 && in[4])
      steps = ints(in[4]);
  } else {
    starts = intsAttr("starts").value_or(std::vector<int64_t>{});
    ends = intsAttr("ends").value_or(std::vector<int64_t>{});
    axes = intsAttr("axes").value_or(std::vector<int64_t>{});
  }
  if (axes.empty())
    for (size_t i = 0; i < starts.size(); ++i)
      axes.push_back(i);
  if (steps.empty())
    steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() ||
      steps.size() != starts.size())
    return std::nullopt;
  std::vector<int64_t> lo(rank, 0), step(rank, 1), count = data.shape;
  for (size_t k = 0; k < starts.size(); ++k) {
    int64_t a = normalizeAxis(axes[k], rank);
    if (a < 0 || a >= rank || steps[k] <= 0)
      return std::nullopt; // negative steps are left to the importer
    int64_t dim = data.shape[a];
    auto clampIndex = [&](int64_t v) {
      if (v < 0)
        v += dim;
      return std::clamp<int64_t>(v, 0, dim);
    };
    int64_t s = clampIndex(starts[k]), e = clampIndex(ends[k]);
    lo[a] = s;
    step[a] = steps[k];
    count[a] = e > s ? (e - s + steps[k] - 1) / steps[k] : 0;
  }
  Folded r;
  r.type = data.type;
  r.shape = count;
  int64_t n = product(count);
  std::vector<int64_t> outStrides = strides(count),
                       inStrides = strides(data.shape);
  for (int64_t i = 0; i < n; ++i) {
    int64_t at = 0;
    for (int64_t d = 0; d < rank; ++d)
      at += (lo[d] + ((i / outStrides[d]) % count[d]) * step[d]) * inStrides[d];
    r.values.push_back(data.values[at]);
  }
  return r;
}

std::optional<Folded> Folder::range() {
  if (in[0]->values.size() != 1 || in[1]->values.size() != 1 ||
      in[2]->values.size() != 1)
    return std::nullopt;
  double start = in[0]->values[0], limit = in[1]->values[0],
         delta = in[2]->values[0];
  if (delta == 0)
    return std::nullopt;
  double n = std::max(0.0, std::ceil((limit - start) / delta));
  if (n > kMaxFoldedElements)
    return std::nullopt;
  Folded r;
  r.type = in[0]->type;
  r.shape = {static_cast<int64_t>(n)};
  for (int64_t i = 0; i < r.shape[0]; ++i)
    r.values.push_back(convertTo(start + i * delta, r.type));
  return r;
}

std::optional<Folded> Folder::sameValues() {
  std::optional<Folded> r = inferred(0);
  if (!r || product(r->shape) != static_cast<int64_t>(in[0]->values.size()))
    return std::nullopt;
  r->type = in[0]->type;
  r->values = in[0]->values;
  return r;
}

std::optional<Folded> Folder::expand() {
  // A large broadcast stays one at run time (remat.broadcast): a constant
  // is resident for the whole step, a broadcast only while it is read.
  std::optional<Folded> target = inferred(0);
  if (!target || product(target->shape) > kMaxFoldedExpandElements)
    return std::nullopt;
  Folded r;
  r.type = in[0]->type;
  r.shape = target->shape;
  int64_t n = product(r.shape);
  if (r.shape.size() < in[0]->shape.size())
    return std::nullopt;
  for (int64_t i = 0; i < n; ++i)
    r.values.push_back(broadcastAt(*in[0], r.shape, i));
  return r;
}

std::optional<std::vector<Folded>> Folder::run() {
  llvm::StringRef op = node.op_type();
  if (op == "Identity" || op == "Reshape" || op == "Squeeze" ||
      op == "Unsqueeze" || op == "Flatten")
    return one(sameValues());
  if (op == "Gather" && in.size() == 2)
    return one(gather());
  if (op == "Concat" && !in.empty())
    return one(concat());
  if (op == "Slice" && !in.empty())
    return one(slice());
  if (op == "Range" && in.size() == 3)
    return one(range());
  if (op == "Expand" && in.size() == 2)
    return one(expand());
  if (op == "Cast" && in.size() == 1) {
    int32_t to = static_cast<int32_t>(intAttr("to", 0));
    if (!isSupportedType(to))
      return std::nullopt;
    return one(
        elementwise(in, to, [&](llvm::ArrayRef<double> a) { return a[0]; }));
  }
  int32_t type = in.empty() ? 0 : in[0]->type;
  using Fn = double (*)(llvm::ArrayRef<double>);
  bool integer = isIntegerType(type);
  auto binary = [&](Fn fn) { return one(elementwise(in, type, fn)); };
  if (in.size() == 2 && op == "Add")
    return binary([](llvm::ArrayRef<double> a) { return a[0] + a[1]; });
  if (in.size() == 2 && op == "Sub")
    return binary([](llvm::ArrayRef<double> a) { return a[0] - a[1]; });
  if (in.size() == 2 && op == "Mul")
    return binary([](llvm::ArrayRef<double> a) { return a[0] * a[1]; });
  if (in.size() == 2 && op == "Div") {
    if (integer && llvm::is_contained(in[1]->values, 0.0))
      return std::nullopt;
    return binary([](llvm::ArrayRef<double> a) { return a[0] / a[1]; });
  }
  if (in.size() == 2 && op == "Pow")
    return binary(
        [](llvm::ArrayRef<double> a) { return std::pow(a[0], a[1]); });
  if (in.size() == 1 && !integer && op == "Reciprocal")
    return binary([](llvm::ArrayRef<double> a) { return 1.0 / a[0]; });
  if (in.size() == 1 && !integer && op == "Sqrt")
    return binary([](llvm::ArrayRef<double> a) { return std::sqrt(a[0]); });
  if (in.size() == 1 && op == "Neg")
    return binary([](llvm::ArrayRef<double> a) { return -a[0]; });
  auto compare = [&](Fn fn) {
    return one(elementwise(in, onnx::TensorProto::BOOL, fn));
  };
  if (in.size() == 2 && op == "Equal")
    return compare(
        [](llvm::ArrayRef<double> a) { return double(a[0] == a[1]); });
  if (in.size() == 2 && op == "Less")
    return compare(
        [](llvm::ArrayRef<double> a) { return double(a[0] < a[1]); });
  if (in.size() == 2 && op == "Greater")
    return compare(
        [](llvm::ArrayRef<double> a) { return double(a[0] > a[1]); });
  if (in.size() == 1 && op == "Not" && type == onnx::TensorProto::BOOL)
    return compare([](llvm::ArrayRef<double> a) { return double(a[0] == 0); });
  if (in.size() == 3 && op == "Where")
    return one(elementwise(in, in[1]->type, [](llvm::ArrayRef<double> a) {
      return a[0] != 0 ? a[1] : a[2];
    }));
  return std::nullopt;
}

} // namespace

std::optional<double>
remat::onnx_import::constantScalarValue(const ImportState &state,
                                        llvm::StringRef name) {
  const onnx::TensorProto *tensor = state.constants.lookup(name);
  if (!tensor)
    return std::nullopt;
  std::optional<Folded> f = readTensor(*tensor);
  if (!f || f->values.size() != 1)
    return std::nullopt;
  return f->values[0];
}

mlir::FailureOr<double>
remat::onnx_import::dropoutRate(const onnx::NodeProto &node,
                                const ImportState &state) {
  if (state.opset < 12)
    return 0.0; // no training mode before opset 12
  auto input = [&](int i, double fallback) -> std::optional<double> {
    if (i >= node.input_size() || node.input(i).empty())
      return fallback;
    return constantScalarValue(state, node.input(i));
  };
  std::optional<double> ratio = input(1, 0.5), training = input(2, 0.0);
  if (!ratio || !training)
    return mlir::failure();
  return *training != 0 ? *ratio : 0.0;
}

llvm::DenseSet<size_t>
remat::onnx_import::foldConstantNodes(const onnx::GraphProto &graph,
                                      ImportState &state,
                                      const llvm::StringSet<> &notConstant,
                                      std::deque<onnx::TensorProto> &storage) {
  llvm::DenseSet<size_t> folded;
  llvm::StringMap<Folded> values;
  auto lookup = [&](const std::string &name) -> const Folded * {
    auto it = values.find(name);
    if (it != values.end())
      return &it->second;
    if (notConstant.contains(name))
      return nullptr;
    const onnx::TensorProto *tensor = state.constants.lookup(name);
    if (!tensor)
      return nullptr;
    std::optional<Folded> f = readTensor(*tensor);
    if (!f)
      return nullptr;
    return &values.try_emplace(name, std::move(*f)).first->second;
  };
  for (size_t i = 0; i < static_cast<size_t>(graph.node_size()); ++i) {
    const onnx::NodeProto &node = graph.node(i);
    if (!isDefaultDomain(node))
      continue;
    if (node.op_type() == "Constant") {
      // Its value is in state.constants already.
      if (node.output_size() == 1 && lookup(node.output(0)))
        folded.insert(i);
      continue;
    }
    std::vector<Folded> shapes; // Shape's result, owned here
    std::vector<const Folded *> inputs;
    bool constant = node.input_size() > 0;
    if (node.op_type() == "Shape" && node.input_size() == 1) {
      const onnx::TypeProto *type = state.types.lookup(node.input(0));
      constant =
          type && type->has_tensor_type() && type->tensor_type().has_shape();
      if (constant) {
        Folded &s = shapes.emplace_back();
        s.type = onnx::TensorProto::INT64;
        for (const onnx::TensorShapeProto::Dimension &d :
             type->tensor_type().shape().dim()) {
          constant &= d.has_dim_value();
          s.values.push_back(static_cast<double>(d.dim_value()));
        }
        int64_t rank = s.values.size();
        int64_t start = 0, end = rank;
        for (const onnx::AttributeProto &a : node.attribute()) {
          if (a.name() == "start")
            start = std::clamp<int64_t>(normalizeAxis(a.i(), rank), 0, rank);
          if (a.name() == "end")
            end = std::clamp<int64_t>(normalizeAxis(a.i(), rank), 0, rank);
        }
        s.values = std::vector<double>(s.values.begin() + start,
                                       s.values.begin() + std::max(start, end));
        s.shape = {static_cast<int64_t>(s.values.size())};
      }
    } else {
      for (const std::string &name : node.input()) {
        if (name.empty()) {
          inputs.push_back(nullptr);
          continue;
        }
        const Folded *f = lookup(name);
        constant &= f != nullptr;
        inputs.push_back(f);
      }
    }
    if (!constant)
      continue;
    std::optional<std::vector<Folded>> results;
    if (node.op_type() == "Shape") {
      results = std::move(shapes);
    } else {
      // Optional inputs left out ("") are only allowed where Slice has them.
      if (node.op_type() != "Slice" && llvm::is_contained(inputs, nullptr))
        continue;
      results = Folder(node, inputs, state).run();
    }
    if (!results ||
        results->size() != static_cast<size_t>(node.output_size()) ||
        !llvm::all_of(*results, representable))
      continue;
    for (auto [k, result] : llvm::enumerate(*results)) {
      onnx::TensorProto &tensor = storage.emplace_back();
      writeTensor(result, node.output(k), tensor);
      state.constants[node.output(k)] = &tensor;
      values[node.output(k)] = std::move(result);
    }
    folded.insert(i);
  }
  return folded;
}
