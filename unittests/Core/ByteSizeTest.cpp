//===- ByteSizeTest.cpp - budgets as people write them --------------------===//
//
// Units, shares and the errors a user sees for what they might have meant.
//
//===----------------------------------------------------------------------===//

#include "remat/Core/ByteSize.h"

#include "gtest/gtest.h"

using namespace remat;

namespace {

BudgetSpec parsed(const std::string &text) {
  auto result = parseBudget(text);
  if (auto *error = std::get_if<std::string>(&result)) {
    ADD_FAILURE() << "'" << text << "': " << *error;
    return {};
  }
  return std::get<BudgetSpec>(result);
}

std::string error(const std::string &text) {
  auto result = parseBudget(text);
  if (auto *message = std::get_if<std::string>(&result))
    return *message;
  ADD_FAILURE() << "'" << text << "' parsed";
  return "";
}

TEST(ByteSize, UnitsAndShares) {
  EXPECT_EQ(parsed("64MiB").bytes, 64 << 20);
  EXPECT_EQ(parsed("1.5 GB").bytes, 1500000000);
  EXPECT_EQ(parsed("2kib").bytes, 2048);
  EXPECT_EQ(parsed("123456").bytes, 123456);
  EXPECT_EQ(parsed("1024").bytes, 1024);
  EXPECT_EQ(parsed("75B").bytes, 75);
  BudgetSpec share = parsed("75%");
  EXPECT_TRUE(share.isFraction);
  EXPECT_DOUBLE_EQ(share.fraction, 0.75);
  EXPECT_EQ(share.resolve(1000), 750);
}

// A bare number below 1 KiB is almost always a share or a size that lost its
// unit; it is refused with the three readings spelled out.
TEST(ByteSize, SmallBareNumberNeedsAUnit) {
  std::string message = error("75");
  EXPECT_NE(message.find("has no unit"), std::string::npos) << message;
  EXPECT_NE(message.find("75%"), std::string::npos) << message;
  EXPECT_NE(message.find("75MiB"), std::string::npos) << message;
  EXPECT_NE(message.find("75B"), std::string::npos) << message;
  EXPECT_NE(error("1023").find("has no unit"), std::string::npos);
  EXPECT_NE(error("0").find("has no unit"), std::string::npos);
}

TEST(ByteSize, Malformed) {
  EXPECT_NE(error("").find("expected a size"), std::string::npos);
  EXPECT_NE(error("12 parsecs").find("unknown size unit"), std::string::npos);
  EXPECT_NE(error("1.5").find("whole number"), std::string::npos);
  EXPECT_NE(error("150%").find("(0%, 100%]"), std::string::npos);
}

// Sizes (min-remat-bytes) are budgets without shares, named in errors.
TEST(ByteSize, Sizes) {
  auto parsed = parseSize("64KiB", "min-remat-bytes");
  ASSERT_TRUE(std::holds_alternative<int64_t>(parsed));
  EXPECT_EQ(std::get<int64_t>(parsed), 65536);
  auto share = parseSize("10%", "min-remat-bytes");
  ASSERT_TRUE(std::holds_alternative<std::string>(share));
  EXPECT_NE(std::get<std::string>(share).find(
                "min-remat-bytes is a size, not a share"),
            std::string::npos);
  auto bare = parseSize("64", "min-remat-bytes");
  ASSERT_TRUE(std::holds_alternative<std::string>(bare));
  EXPECT_EQ(std::get<std::string>(bare).find("%"), std::string::npos)
      << std::get<std::string>(bare);
}

TEST(ByteSize, Format) {
  EXPECT_EQ(formatBytes(512), "512 B");
  EXPECT_EQ(formatBytes(1536), "1.50 KiB");
}

} // namespace
