//===- ByteSize.cpp - parse and print byte sizes --------------------------===//

#include "remat/Core/ByteSize.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

using namespace remat;

int64_t BudgetSpec::resolve(int64_t unconstrainedPeak) const {
  if (!isFraction)
    return bytes;
  return static_cast<int64_t>(
      std::floor(fraction * static_cast<double>(unconstrainedPeak)));
}

static std::string lower(std::string text) {
  for (char &c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

/// parseBudget and parseSize: `noun` names the value in errors ("budget");
/// without `allowShare`, "50%" is refused.
static std::variant<BudgetSpec, std::string>
parseAmount(const std::string &text, const std::string &noun, bool allowShare) {
  const std::string expected =
      allowShare ? "expected a size such as 64MiB, 1.5GB or 123456 (bytes), "
                   "or a share of the unconstrained peak such as 50%, got '" +
                       text + "'"
                 : "expected a size such as 64KiB, 1.5MB or 4096 (bytes), "
                   "got '" +
                       text + "'";
  size_t pos = 0;
  while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos])))
    ++pos;
  size_t numberStart = pos;
  bool sawDigit = false, sawDot = false;
  while (pos < text.size()) {
    char c = text[pos];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      sawDigit = true;
    } else if (c == '.' && !sawDot) {
      sawDot = true;
    } else {
      break;
    }
    ++pos;
  }
  if (!sawDigit)
    return expected;
  double value = std::strtod(text.substr(numberStart, pos - numberStart).c_str(),
                             nullptr);
  while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos])))
    ++pos;
  std::string unit = lower(text.substr(pos));
  while (!unit.empty() && std::isspace(static_cast<unsigned char>(unit.back())))
    unit.pop_back();

  BudgetSpec spec;
  if (unit == "%") {
    if (!allowShare)
      return noun + " is a size, not a share of the peak: " + expected;
    if (value <= 0 || value > 100)
      return "a budget share must be in (0%, 100%], got '" + text + "'";
    spec.isFraction = true;
    spec.fraction = value / 100.0;
    return spec;
  }
  struct Unit {
    const char *name;
    double scale;
  };
  static const Unit units[] = {
      {"", 1},          {"b", 1},          {"kb", 1e3},
      {"mb", 1e6},      {"gb", 1e9},       {"tb", 1e12},
      {"kib", 1024.0},  {"mib", 1048576.0}, {"gib", 1073741824.0},
      {"tib", 1099511627776.0}};
  for (const Unit &u : units) {
    if (unit != u.name)
      continue;
    double bytes = std::round(value * u.scale);
    if (bytes > static_cast<double>(std::numeric_limits<int64_t>::max() / 2))
      return noun + " '" + text + "' is too large";
    if (unit.empty() && sawDot)
      return "a budget in bytes must be a whole number, got '" + text + "'";
    // "budget=75" is far more often a share or a size missing its unit than
    // a 75-byte budget (no training step fits in 1 KiB): ask.
    if (unit.empty() && bytes < 1024) {
      std::string number = text.substr(numberStart, pos - numberStart);
      while (!number.empty() &&
             std::isspace(static_cast<unsigned char>(number.back())))
        number.pop_back();
      std::string share =
          allowShare ? number + "% for a share of the unconstrained peak, "
                     : std::string();
      return noun + " '" + text + "' has no unit and would mean " + number +
             " bytes: write " + share + number +
             "MiB (or KiB, GiB) for a size, or " + number +
             "B if you mean bytes";
    }
    spec.bytes = static_cast<int64_t>(bytes);
    return spec;
  }
  return "unknown size unit '" + text.substr(pos) + "': " + expected;
}

std::variant<BudgetSpec, std::string>
remat::parseBudget(const std::string &text) {
  return parseAmount(text, "budget", /*allowShare=*/true);
}

std::variant<int64_t, std::string> remat::parseSize(const std::string &text,
                                                    const std::string &noun) {
  auto parsed = parseAmount(text, noun, /*allowShare=*/false);
  if (auto *error = std::get_if<std::string>(&parsed))
    return *error;
  return std::get<BudgetSpec>(parsed).bytes;
}

std::string remat::formatBytes(int64_t bytes) {
  static const char *names[] = {"KiB", "MiB", "GiB", "TiB"};
  if (std::llabs(bytes) < 1024)
    return std::to_string(bytes) + " B";
  double value = static_cast<double>(bytes);
  int unit = -1;
  while (std::fabs(value) >= 1024.0 && unit < 3) {
    value /= 1024.0;
    ++unit;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.*f %s",
                std::fabs(value) >= 100 ? 0 : (std::fabs(value) >= 10 ? 1 : 2),
                value, names[unit]);
  return buffer;
}
