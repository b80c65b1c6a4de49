//===- HtmlTimeline.h - the SVG panels of the HTML report -------*- C++ -*-===//
//
// For one planned function: live device memory before and after the plan,
// each in its own panel and stacked by kind (arguments, kept for later,
// temporaries), with the budget, the forward/backward boundary and a marker
// at every recomputation, offload and reload; host memory on its own axis
// when the plan offloads; and a band per value copy over its lifetime
// (PyTorch memory_viz style) whose tooltip is the value's row of the tables.
// Static SVG: no script, no network.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_TRANSFORMS_HTMLTIMELINE_H
#define REMAT_LIB_TRANSFORMS_HTMLTIMELINE_H

#include "remat/Dialect/Remat/Transforms/PlanReport.h"

#include <string>

namespace remat::html {

/// HTML-escapes text.
std::string escape(llvm::StringRef text);

/// The id of a value's row in the tables of function number `function`.
std::string rowId(size_t function, NodeId node);

/// One line describing a node as its table rows do: name, type, op,
/// location, pass and bytes.
std::string describeValue(const FunctionReport &report, NodeId node);

/// Writes the panels of `report` (function number `function` on the page).
/// `saved` is savedForBackward(report): bands of saved values link to their
/// rows and their tooltips carry the reason.
void writeTimeline(const FunctionReport &report, size_t function,
                   llvm::ArrayRef<SavedValue> saved, llvm::raw_ostream &os);

} // namespace remat::html

#endif // REMAT_LIB_TRANSFORMS_HTMLTIMELINE_H
