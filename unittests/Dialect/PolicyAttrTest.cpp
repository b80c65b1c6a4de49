//===- PolicyAttrTest.cpp - checkpoint policy semantics -------------------===//
//
// The meaning of each JAX policy, and the verifier paths that the textual
// syntax cannot reach (attributes built in C++).
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

using namespace mlir;
using namespace remat;
using remat::test::DialectTest;

namespace {

class PolicyAttrTest : public DialectTest {
protected:
  PolicyAttr policy(StringRef text) {
    return dyn_cast_or_null<PolicyAttr>(
        parseAttribute(("#remat.policy<" + text + ">").str(), &context));
  }

  ArrayAttr names(ArrayRef<StringRef> list) {
    SmallVector<Attribute> attrs;
    for (StringRef n : list)
      attrs.push_back(StringAttr::get(&context, n));
    return ArrayAttr::get(&context, attrs);
  }

  /// Builds a policy through getChecked and returns the diagnostic, if any.
  std::string checkedError(PolicyKind kind, ArrayAttr saved, ArrayAttr offload,
                           ArrayAttr alternatives) {
    std::string message;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    PolicyAttr attr = PolicyAttr::getChecked(
        [&] { return emitError(UnknownLoc::get(&context)); }, &context, kind,
        saved, offload, alternatives);
    if (attr)
      return "";
    return message;
  }
};

TEST_F(PolicyAttrTest, EverythingAndNothing) {
  EXPECT_TRUE(policy("everything_saveable").isSaveable("", false, false));
  EXPECT_FALSE(policy("nothing_saveable").isSaveable("h", true, false));
  EXPECT_FALSE(policy("nothing_saveable").isOffloaded("h", true, false));
}

TEST_F(PolicyAttrTest, Dots) {
  PolicyAttr dots = policy("dots_saveable");
  EXPECT_TRUE(dots.isSaveable("", true, true));
  EXPECT_FALSE(dots.isSaveable("", false, false));
  PolicyAttr noBatch = policy("dots_with_no_batch_dims_saveable");
  EXPECT_TRUE(noBatch.isSaveable("", true, false));
  EXPECT_FALSE(noBatch.isSaveable("", true, true));
  PolicyAttr offload = policy("offload_dot_with_no_batch_dims");
  EXPECT_FALSE(offload.isSaveable("", true, false));
  EXPECT_TRUE(offload.isOffloaded("", true, false));
  EXPECT_FALSE(offload.isOffloaded("", true, true));
}

TEST_F(PolicyAttrTest, Names) {
  PolicyAttr only = policy("save_only_these_names [\"a\", \"b\"]");
  EXPECT_TRUE(only.isSaveable("a", false, false));
  EXPECT_FALSE(only.isSaveable("c", false, false));
  EXPECT_FALSE(only.isSaveable("", true, false));
  PolicyAttr anyBut = policy("save_any_names_but_these [\"a\"]");
  EXPECT_FALSE(anyBut.isSaveable("a", false, false));
  EXPECT_TRUE(anyBut.isSaveable("b", false, false));
  EXPECT_FALSE(anyBut.isSaveable("", false, false));
  PolicyAttr except = policy("save_anything_except_these_names [\"a\"]");
  EXPECT_FALSE(except.isSaveable("a", false, false));
  EXPECT_TRUE(except.isSaveable("", true, false));
}

TEST_F(PolicyAttrTest, SaveAndOffload) {
  PolicyAttr p =
      policy("save_and_offload_only_these_names save [\"a\"] offload [\"b\"]");
  EXPECT_TRUE(p.isSaveable("a", false, false));
  EXPECT_FALSE(p.isSaveable("b", false, false));
  EXPECT_TRUE(p.isOffloaded("b", false, false));
  EXPECT_FALSE(p.isOffloaded("a", false, false));
  EXPECT_FALSE(p.isOffloaded("", true, false));
}

TEST_F(PolicyAttrTest, Combination) {
  PolicyAttr p = policy("dots_saveable | save_only_these_names [\"x\"]");
  ASSERT_TRUE(p);
  EXPECT_EQ(p.getKind(), PolicyKind::Any);
  EXPECT_TRUE(p.isSaveable("", true, false));
  EXPECT_TRUE(p.isSaveable("x", false, false));
  EXPECT_FALSE(p.isSaveable("y", false, false));
}

TEST_F(PolicyAttrTest, VerifierPathsOnlyReachableFromCpp) {
  ArrayAttr empty = names({});
  EXPECT_EQ(checkedError(PolicyKind::DotsSaveable, names({"a"}), empty, empty),
            "checkpoint policy 'dots_saveable' takes no names");
  EXPECT_EQ(checkedError(PolicyKind::SaveOnlyTheseNames, empty, names({"a"}),
                         empty),
            "only save_and_offload_only_these_names takes offload names");
  EXPECT_EQ(checkedError(PolicyKind::SaveOnlyTheseNames,
                         ArrayAttr::get(&context, {UnitAttr::get(&context)}),
                         empty, empty),
            "checkpoint policy names must be strings");
  PolicyAttr dots = PolicyAttr::get(&context, PolicyKind::DotsSaveable);
  EXPECT_EQ(checkedError(PolicyKind::Any, empty, empty,
                         ArrayAttr::get(&context, {dots})),
            "a combined checkpoint policy needs at least two alternatives, "
            "got 1");
  PolicyAttr nested =
      PolicyAttr::get(&context, PolicyKind::Any, empty, empty,
                      ArrayAttr::get(&context, {dots, dots}));
  EXPECT_EQ(checkedError(PolicyKind::Any, empty, empty,
                         ArrayAttr::get(&context, {dots, nested})),
            "alternatives of a combined checkpoint policy must be single "
            "policies");
  EXPECT_EQ(checkedError(PolicyKind::DotsSaveable, empty, empty,
                         ArrayAttr::get(&context, {dots, dots})),
            "only a combined checkpoint policy has alternatives");
  EXPECT_EQ(checkedError(PolicyKind::SaveAndOffloadOnlyTheseNames,
                         names({"a"}), names({"b"}), empty),
            "");
}

} // namespace
