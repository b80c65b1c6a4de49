//===- HostTensor.cpp - tensors the runner passes to compiled code --------===//

#include "remat/Runner/HostTensor.h"

#include "mlir/IR/BuiltinTypes.h"
#include "remat/Runtime/MemoryTracker.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

using namespace remat;

std::optional<ElementKind> remat::elementKindOf(mlir::Type type) {
  if (type.isF32())
    return ElementKind::F32;
  if (type.isF16())
    return ElementKind::F16;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isSignlessInteger(32))
    return ElementKind::I32;
  if (type.isSignlessInteger(64))
    return ElementKind::I64;
  return std::nullopt;
}

int64_t remat::elementBytes(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
  case ElementKind::I32:
    return 4;
  case ElementKind::F16:
  case ElementKind::BF16:
    return 2;
  case ElementKind::I64:
    return 8;
  }
  return 0;
}

llvm::StringRef remat::numpyDtype(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return "<f4";
  case ElementKind::F16:
    return "<f2";
  case ElementKind::BF16:
    return "<V2"; // numpy has no bfloat16: raw 16-bit values
  case ElementKind::I32:
    return "<i4";
  case ElementKind::I64:
    return "<i8";
  }
  return "";
}

llvm::StringRef remat::elementName(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
    return "f32";
  case ElementKind::F16:
    return "f16";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::I32:
    return "i32";
  case ElementKind::I64:
    return "i64";
  }
  return "";
}

std::string remat::tensorTypeName(ElementKind kind,
                                  llvm::ArrayRef<int64_t> shape) {
  std::string text = "tensor<";
  for (int64_t d : shape)
    text += std::to_string(d) + "x";
  return text + elementName(kind).str() + ">";
}

std::optional<int64_t> remat::tensorBytes(ElementKind kind,
                                          llvm::ArrayRef<int64_t> shape) {
  int64_t bytes = elementBytes(kind);
  for (int64_t d : shape) {
    if (d < 0)
      return std::nullopt;
    std::optional<int64_t> product = llvm::checkedMul(bytes, d);
    if (!product)
      return std::nullopt;
    bytes = *product;
  }
  return bytes;
}

std::optional<std::string>
remat::tensorSizeError(ElementKind kind, llvm::ArrayRef<int64_t> shape) {
  std::optional<int64_t> bytes = tensorBytes(kind, shape);
  if (!bytes)
    return tensorTypeName(kind, shape) + " has more bytes than fit in 64 bits";
  if (*bytes > kMaxTensorBytes)
    return tensorTypeName(kind, shape) + " takes " + std::to_string(*bytes) +
           " B, more than the runner's limit of " +
           std::to_string(kMaxTensorBytes) + " B (1 TiB) per tensor";
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// 16-bit floats
//===----------------------------------------------------------------------===//

static float halfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16, exponent = (h >> 10) & 0x1f,
           mantissa = h & 0x3ff, bits;
  if (exponent == 0) {
    if (mantissa == 0) {
      bits = sign;
    } else { // subnormal: normalize
      exponent = 127 - 15 + 1;
      while (!(mantissa & 0x400)) {
        mantissa <<= 1;
        --exponent;
      }
      bits = sign | (exponent << 23) | ((mantissa & 0x3ff) << 13);
    }
  } else if (exponent == 31) {
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else {
    bits = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

static uint16_t floatToHalf(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  uint32_t sign = (bits >> 16) & 0x8000u;
  int32_t exponent = static_cast<int32_t>((bits >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = bits & 0x7fffff;
  if (((bits >> 23) & 0xff) == 0xff)
    return static_cast<uint16_t>(sign | 0x7c00u | (mantissa ? 0x200 : 0));
  if (exponent >= 31)
    return static_cast<uint16_t>(sign | 0x7c00u);
  if (exponent <= 0) {
    if (exponent < -10)
      return static_cast<uint16_t>(sign);
    mantissa |= 0x800000;
    uint32_t shift = static_cast<uint32_t>(14 - exponent);
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1), mid = 1u << (shift - 1);
    if (rest > mid || (rest == mid && (half & 1)))
      ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half = (static_cast<uint32_t>(exponent) << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; // may carry into the exponent, which is right
  return static_cast<uint16_t>(sign | half);
}

static float bf16ToFloat(uint16_t b) {
  uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

static uint16_t floatToBf16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if ((bits & 0x7fffffff) > 0x7f800000)
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  uint32_t rounding = 0x7fff + ((bits >> 16) & 1);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

//===----------------------------------------------------------------------===//
// HostTensor
//===----------------------------------------------------------------------===//

llvm::Expected<HostTensor> HostTensor::create(ElementKind kind,
                                              llvm::ArrayRef<int64_t> shape) {
  if (std::optional<std::string> error = tensorSizeError(kind, shape))
    return llvm::createStringError(*error);
  int64_t bytes = *tensorBytes(kind, shape);
  HostTensor tensor;
  tensor.elementKind = kind;
  tensor.dims.assign(shape.begin(), shape.end());
  tensor.allocated = remat_runtime_alloc(static_cast<uint64_t>(bytes));
  if (!tensor.allocated)
    return llvm::createStringError("cannot allocate " + std::to_string(bytes) +
                                   " B for a " + tensorTypeName(kind, shape));
  tensor.aligned = tensor.allocated;
  tensor.owned = true;
  std::memset(tensor.aligned, 0, static_cast<size_t>(bytes));
  return tensor;
}

HostTensor::HostTensor(ElementKind kind, llvm::ArrayRef<int64_t> shape) {
  llvm::Expected<HostTensor> tensor = create(kind, shape);
  if (!tensor) {
    std::string message = llvm::toString(tensor.takeError());
    llvm::reportFatalUsageError(llvm::StringRef(message));
  }
  *this = std::move(*tensor);
}

HostTensor HostTensor::adopt(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                             const int64_t *descriptor) {
  HostTensor tensor;
  tensor.elementKind = kind;
  tensor.dims.assign(shape.begin(), shape.end());
  tensor.allocated = reinterpret_cast<void *>(descriptor[0]);
  // The data starts at aligned + offset elements; compiled results have
  // identity layouts and zero offsets, which the runner checks.
  tensor.aligned = reinterpret_cast<char *>(descriptor[1]) +
                   descriptor[2] * elementBytes(kind);
  tensor.owned = true;
  return tensor;
}

HostTensor::HostTensor(HostTensor &&other) noexcept {
  *this = std::move(other);
}

HostTensor &HostTensor::operator=(HostTensor &&other) noexcept {
  if (this == &other)
    return *this;
  if (owned && allocated)
    remat_runtime_free(allocated);
  elementKind = other.elementKind;
  dims = std::move(other.dims);
  allocated = other.allocated;
  aligned = other.aligned;
  owned = other.owned;
  descriptorStorage = std::move(other.descriptorStorage);
  other.allocated = other.aligned = nullptr;
  other.owned = false;
  return *this;
}

HostTensor::~HostTensor() {
  if (owned && allocated)
    remat_runtime_free(allocated);
}

int64_t HostTensor::numElements() const {
  int64_t n = 1;
  for (int64_t d : dims)
    n *= d;
  return n;
}

double HostTensor::at(int64_t i) const {
  const char *p = static_cast<const char *>(aligned);
  switch (elementKind) {
  case ElementKind::F32:
    return reinterpret_cast<const float *>(p)[i];
  case ElementKind::F16:
    return halfToFloat(reinterpret_cast<const uint16_t *>(p)[i]);
  case ElementKind::BF16:
    return bf16ToFloat(reinterpret_cast<const uint16_t *>(p)[i]);
  case ElementKind::I32:
    return reinterpret_cast<const int32_t *>(p)[i];
  case ElementKind::I64:
    return static_cast<double>(reinterpret_cast<const int64_t *>(p)[i]);
  }
  return 0;
}

void HostTensor::set(int64_t i, double value) {
  char *p = static_cast<char *>(aligned);
  switch (elementKind) {
  case ElementKind::F32:
    reinterpret_cast<float *>(p)[i] = static_cast<float>(value);
    return;
  case ElementKind::F16:
    reinterpret_cast<uint16_t *>(p)[i] = floatToHalf(static_cast<float>(value));
    return;
  case ElementKind::BF16:
    reinterpret_cast<uint16_t *>(p)[i] = floatToBf16(static_cast<float>(value));
    return;
  case ElementKind::I32:
    reinterpret_cast<int32_t *>(p)[i] = static_cast<int32_t>(value);
    return;
  case ElementKind::I64:
    reinterpret_cast<int64_t *>(p)[i] = static_cast<int64_t>(value);
    return;
  }
}

void *HostTensor::descriptor() {
  size_t rank = dims.size();
  descriptorStorage.assign(descriptorWords(rank), 0);
  descriptorStorage[0] = reinterpret_cast<int64_t>(allocated);
  descriptorStorage[1] = reinterpret_cast<int64_t>(aligned);
  descriptorStorage[2] = 0;
  int64_t stride = 1;
  for (size_t d = rank; d-- > 0;) {
    descriptorStorage[3 + d] = dims[d];
    descriptorStorage[3 + rank + d] = stride;
    stride *= dims[d];
  }
  return descriptorStorage.data();
}

void remat::fillDeterministic(HostTensor &tensor, uint64_t seed,
                              int64_t intBound) {
  uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
  for (int64_t i = 0, n = tensor.numElements(); i < n; ++i) {
    // SplitMix64.
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    bool isInt =
        tensor.kind() == ElementKind::I32 || tensor.kind() == ElementKind::I64;
    if (isInt)
      tensor.set(
          i, static_cast<double>(
                 z % static_cast<uint64_t>(std::max<int64_t>(intBound, 1))));
    else
      tensor.set(i, static_cast<double>(z >> 11) * 0x1.0p-53 * 2.0 - 1.0);
  }
}

//===----------------------------------------------------------------------===//
// .npy
//===----------------------------------------------------------------------===//

namespace {

/// A .npy header: the Python dict literal numpy writes, e.g.
/// {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
struct NpyHeader {
  std::string descr;
  bool fortranOrder = false;
  llvm::SmallVector<int64_t> shape;
};

/// A parser of the dict literal: string keys in either quote style, string,
/// boolean and tuple-of-integer values, any whitespace, trailing commas.
class NpyHeaderParser {
public:
  explicit NpyHeaderParser(llvm::StringRef text) : text(text) {}

  /// Parses the header, or returns why it is not one.
  std::optional<std::string> parse(NpyHeader &header) {
    skipSpace();
    if (!consume('{'))
      return expected("'{'");
    bool haveDescr = false, haveOrder = false, haveShape = false;
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (auto error = parseString(key))
        return error;
      skipSpace();
      if (!consume(':'))
        return expected("':' after '" + key + "'");
      skipSpace();
      if (key == "descr") {
        if (haveDescr)
          return "'descr' appears twice";
        haveDescr = true;
        // A structured dtype (a list of fields) is kept as written, to be
        // refused with the dtype's message.
        if (peek() == '[') {
          if (auto error = skipList(header.descr))
            return error;
        } else if (auto error = parseString(header.descr))
          return error;
      } else if (key == "fortran_order") {
        if (haveOrder)
          return "'fortran_order' appears twice";
        haveOrder = true;
        if (consumeWord("True"))
          header.fortranOrder = true;
        else if (consumeWord("False"))
          header.fortranOrder = false;
        else
          return expected("True or False for 'fortran_order'");
      } else if (key == "shape") {
        if (haveShape)
          return "'shape' appears twice";
        haveShape = true;
        if (auto error = parseShape(header.shape))
          return error;
      } else {
        return "unexpected key '" + key + "'";
      }
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (consume('}'))
        break;
      return expected("',' or '}'");
    }
    skipSpace();
    if (position != text.size())
      return expected("the end of the header after '}'");
    for (auto [have, key] : {std::pair(haveDescr, "descr"),
                             std::pair(haveOrder, "fortran_order"),
                             std::pair(haveShape, "shape")})
      if (!have)
        return "no '" + std::string(key) + "' key";
    return std::nullopt;
  }

private:
  char peek() const { return position < text.size() ? text[position] : 0; }
  bool consume(char c) {
    if (peek() != c)
      return false;
    ++position;
    return true;
  }
  /// A keyword not followed by an identifier character.
  bool consumeWord(llvm::StringRef word) {
    if (!text.substr(position).starts_with(word))
      return false;
    size_t end = position + word.size();
    if (end < text.size() && (std::isalnum(static_cast<unsigned char>(
                                  text[end])) ||
                              text[end] == '_'))
      return false;
    position = end;
    return true;
  }
  void skipSpace() {
    while (position < text.size() &&
           std::isspace(static_cast<unsigned char>(text[position])))
      ++position;
  }
  std::string expected(const std::string &what) const {
    std::string found =
        position < text.size()
            ? "'" + text.substr(position, 12).rtrim().str() + "'"
            : std::string("the end");
    return "expected " + what + " at offset " + std::to_string(position) +
           ", found " + found;
  }
  /// A string literal in single or double quotes (backslash escapes the
  /// next character).
  std::optional<std::string> parseString(std::string &out) {
    char quote = peek();
    if (quote != '\'' && quote != '"')
      return expected("a quoted string");
    ++position;
    out.clear();
    while (position < text.size() && text[position] != quote) {
      if (text[position] == '\\' && position + 1 < text.size())
        ++position;
      out += text[position++];
    }
    if (!consume(quote))
      return expected("the closing quote of a string");
    return std::nullopt;
  }
  /// A bracketed list, kept verbatim in `out` (quotes are not looked into
  /// for brackets: dtype field names rarely hold them).
  std::optional<std::string> skipList(std::string &out) {
    size_t start = position;
    int depth = 0;
    do {
      char c = peek();
      if (!c)
        return expected("the closing ']' of a list");
      depth += c == '[' ? 1 : c == ']' ? -1 : 0;
      ++position;
    } while (depth > 0);
    out = text.substr(start, position - start).str();
    return std::nullopt;
  }
  /// A tuple of non-negative integers: (), (3,), (3, 4), (3, 4,); Python 2
  /// files may write 3L.
  std::optional<std::string> parseShape(llvm::SmallVector<int64_t> &shape) {
    if (!consume('('))
      return expected("a tuple for 'shape'");
    shape.clear();
    while (true) {
      skipSpace();
      if (consume(')'))
        return std::nullopt;
      size_t start = position;
      while (std::isdigit(static_cast<unsigned char>(peek())))
        ++position;
      int64_t dim;
      if (start == position ||
          text.substr(start, position - start).getAsInteger(10, dim))
        return expected("a dimension from 0 to 2^63-1");
      shape.push_back(dim);
      consume('L');
      skipSpace();
      if (consume(','))
        continue;
      skipSpace();
      if (consume(')')) {
        if (shape.size() == 1)
          return expected("',' in a one-dimensional shape such as (3,)");
        return std::nullopt;
      }
      return expected("',' or ')' in 'shape'");
    }
  }

  llvm::StringRef text;
  size_t position = 0;
};

/// How numpy names a dtype, for messages: "'<f8' (float64)".
std::string describeDescr(llvm::StringRef descr) {
  static const std::pair<const char *, const char *> names[] = {
      {"f2", "float16"}, {"f4", "float32"}, {"f8", "float64"},
      {"i1", "int8"},    {"i2", "int16"},   {"i4", "int32"},
      {"i8", "int64"},   {"u1", "uint8"},   {"u2", "uint16"},
      {"u4", "uint32"},  {"u8", "uint64"},  {"b1", "bool"},
      {"V2", "raw 16-bit"}};
  if (descr.starts_with("["))
    return descr.str() + " (a structured dtype)";
  std::string text = "'" + descr.str() + "'";
  if (descr.size() >= 2)
    for (auto [code, name] : names)
      if (descr.drop_front() == code)
        return text + " (" + name + ")";
  return text;
}

} // namespace

/// Whether `descr` (a numpy dtype string) holds `kind`, and whether its bytes
/// are big-endian (then they are swapped on read). bf16, which numpy does
/// not have, is raw 16-bit values: '<V2' as remat writes it, '|V2' as numpy
/// writes a void dtype.
static bool descrMatches(llvm::StringRef descr, ElementKind kind,
                         bool &bigEndian) {
  bigEndian = false;
  if (descr.size() < 2)
    return false;
  char order = descr.front();
  llvm::StringRef code = descr.drop_front();
  if (kind == ElementKind::BF16)
    return code == "V2" && (order == '<' || order == '|');
  llvm::StringRef expected = numpyDtype(kind).drop_front();
  if (code != expected)
    return false;
  if (order == '>') {
    bigEndian = true;
    return true;
  }
  return order == '<';
}

std::optional<std::string> remat::readNpy(llvm::StringRef path,
                                          HostTensor &tensor) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return "cannot read '" + path.str() + "': " + buffer.getError().message();
  llvm::StringRef data = (*buffer)->getBuffer();
  std::string name = "'" + path.str() + "'";
  if (data.size() < 10 || !data.starts_with("\x93NUMPY"))
    return name + " is not a .npy file";
  unsigned major = static_cast<unsigned char>(data[6]);
  if (major < 1 || major > 3)
    return name + " is .npy format version " + std::to_string(major) + "." +
           std::to_string(static_cast<unsigned char>(data[7])) +
           ": expected 1.0, 2.0 or 3.0";
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = static_cast<unsigned char>(data[8]) |
                   (static_cast<unsigned char>(data[9]) << 8);
    headerStart = 10;
  } else {
    if (data.size() < 12)
      return name + " is truncated";
    headerLength = 0;
    for (int i = 0; i < 4; ++i)
      headerLength |=
          static_cast<size_t>(static_cast<unsigned char>(data[8 + i]))
          << (8 * i);
    headerStart = 12;
  }
  if (headerLength > data.size() - headerStart)
    return name + " is truncated";
  llvm::StringRef headerText = data.substr(headerStart, headerLength);
  NpyHeader header;
  if (auto error = NpyHeaderParser(headerText).parse(header))
    return name + " has a malformed header (" + *error +
           "): " + headerText.trim().str();

  bool bigEndian = false;
  if (!descrMatches(header.descr, tensor.kind(), bigEndian))
    return name + " has dtype " + describeDescr(header.descr) +
           ", expected " + describeDescr(numpyDtype(tensor.kind())) +
           " for " + elementName(tensor.kind()).str();
  if (llvm::ArrayRef<int64_t>(header.shape) != tensor.shape()) {
    // As numpy writes shapes: (4, 5), (4,), () for a scalar.
    auto format = [](llvm::ArrayRef<int64_t> dims) {
      std::string text = "(";
      for (int64_t dim : dims)
        text += std::to_string(dim) + (dims.size() == 1 ? "," : ", ");
      if (dims.size() > 1)
        text.resize(text.size() - 2);
      return text + ")";
    };
    return name + " has shape " + format(header.shape) + ", expected " +
           format(tensor.shape());
  }
  size_t payload = headerStart + headerLength;
  size_t bytes = static_cast<size_t>(tensor.sizeInBytes());
  if (data.size() - payload < bytes)
    return name + " holds fewer bytes than its shape says";
  const char *source = data.data() + payload;
  char *target = static_cast<char *>(tensor.data());
  size_t width = static_cast<size_t>(elementBytes(tensor.kind()));
  int64_t count = tensor.numElements();
  if (!header.fortranOrder || tensor.shape().size() < 2) {
    std::memcpy(target, source, bytes);
  } else {
    // Column-major on disk: element (i0, ..., ik) is at offset
    // i0 + d0 (i1 + d1 (...)). Walk the row-major index with a counter.
    llvm::ArrayRef<int64_t> dims = tensor.shape();
    size_t rank = dims.size();
    llvm::SmallVector<int64_t> index(rank, 0), fortranStride(rank, 1);
    for (size_t d = 1; d < rank; ++d)
      fortranStride[d] = fortranStride[d - 1] * dims[d - 1];
    int64_t offset = 0;
    for (int64_t i = 0; i < count; ++i) {
      std::memcpy(target + i * width, source + offset * width, width);
      for (size_t d = rank; d-- > 0;) {
        offset += fortranStride[d];
        if (++index[d] < dims[d])
          break;
        offset -= fortranStride[d] * dims[d];
        index[d] = 0;
      }
    }
  }
  if (bigEndian)
    for (int64_t i = 0; i < count; ++i)
      std::reverse(target + i * width, target + (i + 1) * width);
  return std::nullopt;
}

std::optional<std::string> remat::writeNpy(llvm::StringRef path,
                                           const HostTensor &tensor) {
  std::error_code ec;
  llvm::ToolOutputFile file(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return "cannot write '" + path.str() + "': " + ec.message();
  llvm::raw_fd_ostream &os = file.os();
  std::string header = "{'descr': '" + numpyDtype(tensor.kind()).str() +
                       "', 'fortran_order': False, 'shape': (";
  for (int64_t d : tensor.shape())
    header += std::to_string(d) + ", ";
  header += "), }";
  // Pad to a multiple of 64 with spaces and a final newline.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  os << "\x93NUMPY" << '\x01' << '\x00';
  os << static_cast<char>(header.size() & 0xff)
     << static_cast<char>((header.size() >> 8) & 0xff);
  os << header;
  os.write(static_cast<const char *>(tensor.data()),
           static_cast<size_t>(tensor.sizeInBytes()));
  // A full disk shows here, not as a crash when the stream is destroyed;
  // the partial file is then removed (not kept).
  os.close();
  if (os.has_error()) {
    std::string message = os.error().message();
    os.clear_error();
    return "cannot write '" + path.str() + "': " + message;
  }
  file.keep();
  return std::nullopt;
}
