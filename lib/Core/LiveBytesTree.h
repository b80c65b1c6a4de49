//===- LiveBytesTree.h - live bytes per anchor, max and count ---*- C++ -*-===//
//
// A segment tree over the anchors 0..N of a schedule. Each leaf holds the
// largest live-bytes value of the executions at its anchor and how many of
// them reach it; inner nodes hold the maximum over their range and how many
// executions reach that maximum. Values kept across a whole anchor are added
// to ranges of leaves lazily, so moving a copy's lifetime is O(log N).
//
// Internal to the greedy solver (lib/Core); not part of the public API.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_LIVEBYTESTREE_H
#define REMAT_LIB_CORE_LIVEBYTESTREE_H

#include <cassert>
#include <cstdint>
#include <vector>

namespace remat {

/// Range add, point add, and (max, count of max) over a fixed set of leaves.
class LiveBytesTree {
public:
  /// A leaf value below every real one: the value of an anchor with no
  /// executions. Far enough from the int64 limits to absorb any range add.
  static constexpr int64_t kEmpty = -(int64_t(1) << 61);

  /// Builds the tree over `values`, leaf i reached by `counts[i]` executions.
  void build(const std::vector<int64_t> &values,
             const std::vector<int64_t> &counts) {
    assert(values.size() == counts.size() && !values.empty());
    numLeaves = static_cast<int32_t>(values.size());
    maxOf.assign(4 * values.size(), kEmpty);
    countOf.assign(4 * values.size(), 0);
    pending.assign(4 * values.size(), 0);
    buildNode(1, 0, numLeaves - 1, values, counts);
  }

  /// Adds `delta` to every leaf in [first, last]; no-op when empty.
  void rangeAdd(int32_t first, int32_t last, int64_t delta) {
    if (first > last || delta == 0)
      return;
    rangeAddNode(1, 0, numLeaves - 1, first, last, delta);
  }

  /// Adds `delta` to leaf `leaf` and sets how many executions reach it.
  void pointUpdate(int32_t leaf, int64_t delta, int64_t count) {
    pointUpdateNode(1, 0, numLeaves - 1, leaf, delta, count);
  }

  /// The largest leaf value and the total count of executions reaching it.
  int64_t max() const { return maxOf[1]; }
  int64_t count() const { return countOf[1]; }

  /// The leftmost leaf holding the maximum.
  int32_t leftmostMax() {
    int32_t node = 1, lo = 0, hi = numLeaves - 1;
    while (lo < hi) {
      pushDown(node);
      int32_t mid = lo + (hi - lo) / 2;
      if (maxOf[2 * node] == maxOf[node]) {
        node = 2 * node;
        hi = mid;
      } else {
        node = 2 * node + 1;
        lo = mid + 1;
      }
    }
    return lo;
  }

private:
  void pull(int32_t node) {
    int64_t left = maxOf[2 * node], right = maxOf[2 * node + 1];
    maxOf[node] = left > right ? left : right;
    countOf[node] = (left == maxOf[node] ? countOf[2 * node] : 0) +
                    (right == maxOf[node] ? countOf[2 * node + 1] : 0);
  }

  void apply(int32_t node, int64_t delta) {
    maxOf[node] += delta;
    pending[node] += delta;
  }

  void pushDown(int32_t node) {
    if (pending[node] == 0)
      return;
    apply(2 * node, pending[node]);
    apply(2 * node + 1, pending[node]);
    pending[node] = 0;
  }

  void buildNode(int32_t node, int32_t lo, int32_t hi,
                 const std::vector<int64_t> &values,
                 const std::vector<int64_t> &counts) {
    if (lo == hi) {
      maxOf[node] = values[lo];
      countOf[node] = counts[lo];
      return;
    }
    int32_t mid = lo + (hi - lo) / 2;
    buildNode(2 * node, lo, mid, values, counts);
    buildNode(2 * node + 1, mid + 1, hi, values, counts);
    pull(node);
  }

  void rangeAddNode(int32_t node, int32_t lo, int32_t hi, int32_t first,
                    int32_t last, int64_t delta) {
    if (last < lo || hi < first)
      return;
    if (first <= lo && hi <= last) {
      apply(node, delta);
      return;
    }
    pushDown(node);
    int32_t mid = lo + (hi - lo) / 2;
    rangeAddNode(2 * node, lo, mid, first, last, delta);
    rangeAddNode(2 * node + 1, mid + 1, hi, first, last, delta);
    pull(node);
  }

  void pointUpdateNode(int32_t node, int32_t lo, int32_t hi, int32_t leaf,
                       int64_t delta, int64_t count) {
    if (lo == hi) {
      maxOf[node] += delta;
      countOf[node] = count;
      return;
    }
    pushDown(node);
    int32_t mid = lo + (hi - lo) / 2;
    if (leaf <= mid)
      pointUpdateNode(2 * node, lo, mid, leaf, delta, count);
    else
      pointUpdateNode(2 * node + 1, mid + 1, hi, leaf, delta, count);
    pull(node);
  }

  int32_t numLeaves = 0;
  std::vector<int64_t> maxOf, countOf, pending;
};

} // namespace remat

#endif // REMAT_LIB_CORE_LIVEBYTESTREE_H
