//===- GraphGenerator.cpp - forward graphs from fuzzer bytes --------------===//

#include "GraphGenerator.h"

#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <vector>

using namespace remat::fuzz;

namespace {

constexpr std::array<const char *, 4> kPolicies = {
    "everything_saveable", "nothing_saveable", "dots_saveable",
    "dots_with_no_batch_dims_saveable"};
constexpr std::array<const char *, 3> kNamePolicies = {
    "save_only_these_names", "save_anything_except_these_names",
    "save_any_names_but_these"};
constexpr std::array<const char *, 8> kScanModes = {
    "none", "full",    "nested",    "nested 2",
    "auto", "revolve", "revolve 2", "offload"};
constexpr std::array<const char *, 4> kMarks = {
    "must_save", "prefer_save", "must_recompute", "prefer_recompute"};
constexpr std::array<const char *, 3> kDtypes = {"f32", "f16", "bf16"};

/// At most this many ops, so that one input stays fast.
constexpr int kMaxOps = 48;

struct Value {
  std::string name;
  std::vector<int64_t> shape;
  /// Known positive (log, sqrt and div need it).
  bool positive = false;
};

template <typename T, size_t N>
const char *pick(FuzzedDataProvider &data, const std::array<T, N> &items) {
  return items[data.ConsumeIntegralInRange<size_t>(0, N - 1)];
}

class Generator {
public:
  explicit Generator(FuzzedDataProvider &data)
      : data(data), dtype(pick(data, kDtypes)) {}

  std::string run();

private:
  std::string type(const std::vector<int64_t> &shape,
                   const char *elementType = nullptr) const;
  std::string fresh() { return "%v" + std::to_string(++counter); }
  std::string arg(const std::vector<int64_t> &shape,
                  const char *elementType = nullptr);
  /// Appends `%name = text` (with a random mark when allowed) and returns
  /// the value.
  Value emit(const std::string &text, std::vector<int64_t> shape,
             bool positive = false, bool markable = true);

  Value unary(const Value &x);
  Value binary(const Value &x, const Value &y);
  Value matmul(const Value &x);
  Value normalize(const Value &x);
  Value reduce(const Value &x);
  Value reshape(const Value &x);
  Value masked(const Value &x);
  Value step(const Value &x, const std::vector<Value> &pool);
  Value checkpoint(const Value &x, const std::vector<Value> &pool);
  Value scan(const Value &x);

  FuzzedDataProvider &data;
  const char *dtype;
  std::vector<std::string> args;
  std::vector<std::string> body;
  std::vector<std::string> tags;
  std::string indent = "  ";
  int counter = 0;
  int ops = 0;
};

std::string Generator::type(const std::vector<int64_t> &shape,
                            const char *elementType) const {
  std::string text = "tensor<";
  for (int64_t d : shape)
    text += std::to_string(d) + "x";
  return text + (elementType ? elementType : dtype) + ">";
}

std::string Generator::arg(const std::vector<int64_t> &shape,
                           const char *elementType) {
  std::string name = "%a" + std::to_string(args.size());
  args.push_back(name + ": " + type(shape, elementType));
  return name;
}

Value Generator::emit(const std::string &text, std::vector<int64_t> shape,
                      bool positive, bool markable) {
  std::string name = fresh();
  std::string line = text;
  if (markable && data.ConsumeIntegralInRange<int>(0, 15) == 0) {
    // The attribute dictionary goes before the last " : " (layer_norm's
    // affine operands have colons of their own).
    size_t colon = line.rfind(" : ");
    line.insert(colon, std::string(" {remat.mark = #remat.mark<") +
                           pick(data, kMarks) + ">}");
  }
  body.push_back(indent + name + " = " + line);
  ++ops;
  return {name, std::move(shape), positive};
}

Value Generator::unary(const Value &x) {
  std::string ty = type(x.shape);
  int choice = data.ConsumeIntegralInRange<int>(0, x.positive ? 14 : 11);
  switch (choice) {
  case 0:
    return emit("remat.gelu " + x.name + " erf : " + ty, x.shape);
  case 1:
    return emit("remat.gelu " + x.name + " tanh : " + ty, x.shape);
  case 2:
    return emit("remat.scale " + x.name + ", " +
                    (data.ConsumeBool() ? "0.5" : "-1.5") + " : " + ty,
                x.shape);
  case 3:
    return emit("remat.clamp " + x.name + " min -0.5 max 0.75 : " + ty,
                x.shape);
  case 4: {
    Value t = emit("remat.tanh " + x.name + " : " + ty, x.shape);
    return emit("remat.exp " + t.name + " : " + ty, x.shape, true);
  }
  default: {
    static constexpr std::array<const char *, 10> ops = {
        "tanh", "sigmoid", "sin", "cos",  "erf",
        "neg",  "relu",    "log", "sqrt", "rsqrt"};
    // 5..11 are always valid, 12..14 (log, sqrt, rsqrt) need x > 0.
    const char *op = ops[choice - 5];
    return emit(std::string("remat.") + op + " " + x.name + " : " + ty, x.shape,
                choice == 13);
  }
  }
}

Value Generator::binary(const Value &x, const Value &y) {
  static constexpr std::array<const char *, 5> ops = {"add", "sub", "mul",
                                                      "maximum", "div"};
  size_t choice = data.ConsumeIntegralInRange<size_t>(0, y.positive ? 4 : 3);
  return emit(std::string("remat.") + ops[choice] + " " + x.name + ", " +
                  y.name + " : " + type(x.shape),
              x.shape, choice <= 2 && choice != 1 && x.positive && y.positive);
}

Value Generator::matmul(const Value &x) {
  int64_t b = x.shape[0], d = x.shape[1];
  int64_t e = data.ConsumeIntegralInRange<int64_t>(1, 12);
  Value m;
  if (data.ConsumeBool()) {
    std::string w = arg({d, e});
    m = emit("remat.matmul " + x.name + ", " + w + " : " + type({b, d}) + ", " +
                 type({d, e}) + " -> " + type({b, e}),
             {b, e});
  } else {
    std::string w = arg({e, d});
    m = emit("remat.matmul " + x.name + ", " + w + " transpose_b : " +
                 type({b, d}) + ", " + type({e, d}) + " -> " + type({b, e}),
             {b, e});
  }
  if (!data.ConsumeBool())
    return m;
  std::string bias = arg({e});
  Value c = emit("remat.broadcast " + bias + " dims [1] : " + type({e}) +
                     " -> " + type({b, e}),
                 {b, e});
  return emit("remat.add " + m.name + ", " + c.name + " : " + type({b, e}),
              {b, e});
}

Value Generator::normalize(const Value &x) {
  int64_t d = x.shape[1];
  std::string ty = type(x.shape);
  switch (data.ConsumeIntegralInRange<int>(0, 3)) {
  case 0:
    return emit("remat.layer_norm " + x.name + " axes [1] eps 1.0e-05 : " + ty,
                x.shape);
  case 1: {
    std::string g = arg({d}), b = arg({d});
    return emit("remat.layer_norm " + x.name + " weight " + g + " : " +
                    type({d}) + " bias " + b + " : " + type({d}) +
                    " axes [1] eps 1.0e-05 : " + ty,
                x.shape);
  }
  case 2:
    return emit("remat.softmax " + x.name + " axis 1 : " + ty, x.shape, true);
  default: {
    std::string g = arg({d}), b = arg({d});
    std::string name = fresh();
    body.push_back(indent + name + ", " + name + "_m, " + name +
                   "_v = remat.batch_norm " + x.name + ", " + g + ", " + b +
                   " eps 1.0e-05 : " + ty + ", " + type({d}) + ", " +
                   type({d}));
    ++ops;
    return {name, x.shape, false};
  }
  }
}

Value Generator::reduce(const Value &x) {
  static constexpr std::array<const char *, 3> ops = {
      "reduce_sum", "reduce_mean", "reduce_max"};
  int64_t b = x.shape[0], d = x.shape[1];
  Value s = emit(std::string("remat.") + pick(data, ops) + " " + x.name +
                     " dims [1] : " + type({b, d}) + " -> " + type({b}),
                 {b});
  Value e = emit("remat.broadcast " + s.name + " dims [0] : " + type({b}) +
                     " -> " + type({b, d}),
                 {b, d});
  return emit("remat.sub " + x.name + ", " + e.name + " : " + type({b, d}),
              {b, d});
}

Value Generator::reshape(const Value &x) {
  int64_t b = x.shape[0], d = x.shape[1];
  switch (data.ConsumeIntegralInRange<int>(0, 2)) {
  case 0: {
    Value t = emit("remat.transpose " + x.name +
                       " perm [1, 0] : " + type({b, d}) + " -> " + type({d, b}),
                   {d, b});
    Value u = unary(t);
    return emit("remat.transpose " + u.name + " perm [1, 0] : " + type({d, b}) +
                    " -> " + type({b, d}),
                {b, d});
  }
  case 1: {
    Value flat = emit("remat.reshape " + x.name + " : " + type({b, d}) +
                          " -> " + type({b * d}),
                      {b * d});
    return emit("remat.reshape " + flat.name + " : " + type({b * d}) + " -> " +
                    type({b, d}),
                {b, d});
  }
  default: {
    if (d < 2)
      return x;
    int64_t k = data.ConsumeIntegralInRange<int64_t>(1, d - 1);
    auto dims = [](int64_t p, int64_t q) {
      return "[" + std::to_string(p) + ", " + std::to_string(q) + "]";
    };
    Value lo =
        emit("remat.slice " + x.name + " start [0, 0] limit " + dims(b, k) +
                 " strides [1, 1] : " + type({b, d}) + " -> " + type({b, k}),
             {b, k});
    Value hi =
        emit("remat.slice " + x.name + " start " + dims(0, k) + " limit " +
                 dims(b, d) + " strides [1, 1] : " + type({b, d}) + " -> " +
                 type({b, d - k}),
             {b, d - k});
    hi = unary(hi);
    return emit("remat.concat " + hi.name + ", " + lo.name +
                    " dim 1 : " + type({b, d - k}) + ", " + type({b, k}) +
                    " -> " + type({b, d}),
                {b, d});
  }
  }
}

Value Generator::masked(const Value &x) {
  int64_t b = x.shape[0], d = x.shape[1];
  std::string rows;
  for (int64_t i = 0; i < b; ++i) {
    rows += i ? ", [" : "[";
    for (int64_t j = 0; j < d; ++j)
      rows +=
          std::string(j ? ", " : "") + (data.ConsumeBool() ? "true" : "false");
    rows += "]";
  }
  std::string mask = fresh();
  std::string maskType = type({b, d}, "i1");
  body.push_back(indent + mask + " = remat.constant dense<[" + rows +
                 "]> : " + maskType);
  if (data.ConsumeBool())
    return emit("remat.masked_fill " + x.name + ", " + mask + ", " +
                    (data.ConsumeBool() ? "0.0" : "-2.5") + " : " +
                    type({b, d}) + ", " + maskType,
                {b, d});
  Value other = unary(x);
  return emit("remat.where " + mask + ", " + x.name + ", " + other.name +
                  " : " + maskType + ", " + type({b, d}),
              {b, d});
}

Value Generator::step(const Value &x, const std::vector<Value> &pool) {
  switch (data.ConsumeIntegralInRange<int>(0, 19)) {
  case 0:
  case 1:
  case 2:
  case 3:
  case 4:
    return unary(x);
  case 5:
  case 6:
  case 7: {
    std::vector<const Value *> same;
    for (const Value &v : pool)
      if (v.shape == x.shape && v.name != x.name)
        same.push_back(&v);
    Value y =
        same.empty()
            ? unary(x)
            : *same[data.ConsumeIntegralInRange<size_t>(0, same.size() - 1)];
    return data.ConsumeBool() ? binary(x, y) : binary(y, x);
  }
  case 8:
  case 9:
  case 10:
  case 11:
    return matmul(x);
  case 12:
  case 13:
    return normalize(x);
  case 14:
    return reduce(x);
  case 15:
  case 16:
    return reshape(x);
  case 17:
    return masked(x);
  case 18: {
    std::string seed = "%a" + std::to_string(args.size());
    args.push_back(seed + ": i64");
    return emit("remat.dropout " + x.name + ", " + seed + " rate " +
                    (data.ConsumeBool() ? "0.1" : "0.5") + " : " +
                    type(x.shape),
                x.shape);
  }
  default: {
    std::string tag = "n" + std::to_string(tags.size());
    tags.push_back(tag);
    return emit("remat.name " + x.name + " as \"" + tag +
                    "\" : " + type(x.shape),
                x.shape, x.positive, /*markable=*/false);
  }
  }
}

Value Generator::checkpoint(const Value &x, const std::vector<Value> &pool) {
  std::vector<std::string> outer = std::move(body);
  body.clear();
  size_t firstTag = tags.size();
  std::string outerIndent = indent;
  indent += "  ";
  std::vector<Value> inner = pool;
  Value y = x;
  for (int i = 0, e = data.ConsumeIntegralInRange<int>(1, 5); i < e; ++i) {
    y = step(y, inner);
    inner.push_back(y);
  }
  indent = outerIndent;
  std::vector<std::string> region = std::move(body);
  body = std::move(outer);
  std::string policy;
  if (tags.size() > firstTag && data.ConsumeBool()) {
    policy = std::string(pick(data, kNamePolicies)) + " [";
    bool first = true;
    for (size_t t = firstTag; t < tags.size(); ++t) {
      if (!data.ConsumeBool() && !(first && t + 1 == tags.size()))
        continue;
      policy += (first ? "\"" : ", \"") + tags[t] + "\"";
      first = false;
    }
    policy += "]";
  } else {
    policy = pick(data, kPolicies);
  }
  std::string name = fresh();
  body.push_back(indent + name + " = remat.checkpoint policy <" + policy +
                 "> -> " + type(y.shape) + " {");
  body.insert(body.end(), region.begin(), region.end());
  body.push_back(indent + "  remat.yield " + y.name + " : " + type(y.shape));
  body.push_back(indent + "}");
  ++ops;
  return {name, y.shape, false};
}

Value Generator::scan(const Value &x) {
  int64_t b = x.shape[0], d = x.shape[1];
  std::string mode = pick(data, kScanModes);
  // A block size or slot count k needs more than k layers.
  int64_t layers = data.ConsumeIntegralInRange<int64_t>(
      mode.find(' ') != std::string::npos ? 3 : 1, 6);
  std::string ws = arg({layers, d, d});
  std::string name = fresh();
  std::string c = "%c" + std::to_string(counter);
  std::string w = "%w" + std::to_string(counter);
  std::string ty = type({b, d});
  body.push_back(indent + name + " = remat.scan mode <" + mode + "> (" + c +
                 " = " + x.name + " : " + ty + ") over (" + w + " = " + ws +
                 " : " + type({layers, d, d}) + ") -> (" + ty + ") {");
  std::string m = fresh(), a = fresh();
  body.push_back(indent + "  " + m + " = remat.matmul " + c + ", " + w + " : " +
                 ty + ", " + type({d, d}) + " -> " + ty);
  static constexpr std::array<const char *, 3> acts = {"tanh", "sigmoid",
                                                       "gelu"};
  std::string act = pick(data, acts);
  body.push_back(indent + "  " + a + " = remat." + act + " " + m +
                 (act == "gelu" ? " tanh" : "") + " : " + ty);
  body.push_back(indent + "  remat.yield " + a + " : " + ty);
  body.push_back(indent + "}");
  ops += 3;
  return {name, x.shape, false};
}

std::string Generator::run() {
  int64_t b = data.ConsumeIntegralInRange<int64_t>(1, 6);
  int64_t d = data.ConsumeIntegralInRange<int64_t>(1, 8);
  Value x{arg({b, d}), {b, d}, false};
  std::vector<Value> pool = {x};
  while (ops < kMaxOps && data.remaining_bytes() > 0) {
    int kind = data.ConsumeIntegralInRange<int>(0, 15);
    if (kind == 0 && x.shape.size() == 2)
      x = checkpoint(x, pool);
    else if (kind == 1 && x.shape.size() == 2)
      x = scan(x);
    else if (kind == 2 && x.shape.size() == 2 && pool.size() > 1) {
      // Join a second stream with the same batch.
      const Value &other =
          pool[data.ConsumeIntegralInRange<size_t>(0, pool.size() - 1)];
      if (other.shape.size() == 2 && other.shape[0] == x.shape[0] &&
          other.name != x.name) {
        std::vector<int64_t> joined = {x.shape[0], x.shape[1] + other.shape[1]};
        x = emit("remat.concat " + x.name + ", " + other.name +
                     " dim 1 : " + type(x.shape) + ", " + type(other.shape) +
                     " -> " + type(joined),
                 joined);
      }
    } else {
      x = step(x, pool);
    }
    pool.push_back(x);
  }
  if (std::string(dtype) != "f32")
    x = emit("remat.convert " + x.name + " : " + type(x.shape) + " -> " +
                 type(x.shape, "f32"),
             x.shape, false, /*markable=*/false);
  std::string target = arg(x.shape, "f32");
  std::string loss = fresh();
  body.push_back(indent + loss + " = remat.mse " + x.name + ", " + target +
                 " : " + type(x.shape, "f32") + " -> tensor<f32>");

  std::string text = "func.func @g(";
  for (size_t i = 0; i < args.size(); ++i)
    text += (i ? ", " : "") + args[i];
  text += ") -> tensor<f32> {\n";
  for (const std::string &line : body)
    text += line + "\n";
  return text + "  return " + loss + " : tensor<f32>\n}\n";
}

} // namespace

std::string remat::fuzz::generateForwardGraph(FuzzedDataProvider &data) {
  return Generator(data).run();
}
