//===- StabbingQueue.h - best intervals containing a point ------*- C++ -*-===//
//
// Intervals of points with priorities; the query is "the intervals that
// contain point p, best first". A segment tree over points stores each
// interval in the O(log N) nodes of its canonical cover, each node keeping a
// binary max-heap; the nodes on the path from the root to leaf p hold exactly
// the intervals containing p, each once. A query merges those heaps lazily.
//
// Items are never erased in place: an item carries the version of its
// interval at insertion, and the owner drops items whose version is stale
// when they surface. Items popped by a query and still wanted are pushed back
// into the heap they came from, possibly with a new key.
//
// Internal to the greedy solver (lib/Core); not part of the public API.
//
//===----------------------------------------------------------------------===//

#ifndef REMAT_LIB_CORE_STABBINGQUEUE_H
#define REMAT_LIB_CORE_STABBINGQUEUE_H

#include <algorithm>
#include <cstdint>
#include <vector>

namespace remat {

/// Prioritized intervals queried by a point they contain.
class StabbingQueue {
public:
  /// One interval's entry in one heap.
  struct Item {
    double key;
    int32_t id;
    uint32_t version;
  };

  explicit StabbingQueue(int32_t numPoints) {
    width = 1;
    while (width < numPoints)
      width *= 2;
    heaps.resize(2 * static_cast<size_t>(width));
  }

  /// Inserts `item` for the points [first, last].
  void insert(int32_t first, int32_t last, Item item) {
    int32_t lo = first + width, hi = last + width + 1;
    while (lo < hi) {
      if (lo & 1)
        push(lo++, item);
      if (hi & 1)
        push(--hi, item);
      lo >>= 1;
      hi >>= 1;
    }
  }

  /// Pushes `item` into the heap of tree node `heap` (a query's source).
  void push(int32_t heap, Item item) {
    std::vector<Item> &h = heaps[heap];
    h.push_back(item);
    std::push_heap(h.begin(), h.end(), lessThan);
  }

  /// A best-first walk over the items whose interval contains one point.
  /// Popped items leave their heap; the caller pushes back what it keeps.
  class Query {
  public:
    Query(StabbingQueue &queue, int32_t point) : queue(queue) {
      for (int32_t node = point + queue.width; node >= 1; node >>= 1)
        if (!queue.heaps[node].empty())
          fronts.push_back(node);
      std::make_heap(fronts.begin(), fronts.end(), frontLess());
    }

    bool empty() const { return fronts.empty(); }

    /// The best remaining item (valid only when !empty()).
    const Item &top() const { return queue.heaps[fronts.front()].front(); }

    /// Removes the best item; returns it and the heap it came from.
    Item pop(int32_t &heap) {
      std::pop_heap(fronts.begin(), fronts.end(), frontLess());
      heap = fronts.back();
      std::vector<Item> &h = queue.heaps[heap];
      std::pop_heap(h.begin(), h.end(), lessThan);
      Item item = h.back();
      h.pop_back();
      if (h.empty()) {
        fronts.pop_back();
      } else {
        std::push_heap(fronts.begin(), fronts.end(), frontLess());
      }
      return item;
    }

  private:
    struct FrontLess {
      const StabbingQueue *queue;
      bool operator()(int32_t a, int32_t b) const {
        return lessThan(queue->heaps[a].front(), queue->heaps[b].front());
      }
    };
    FrontLess frontLess() const { return FrontLess{&queue}; }

    StabbingQueue &queue;
    std::vector<int32_t> fronts;
  };

  /// Heap order: larger key first, then smaller id (deterministic ties).
  static bool lessThan(const Item &a, const Item &b) {
    if (a.key != b.key)
      return a.key < b.key;
    return a.id > b.id;
  }

private:
  int32_t width;
  std::vector<std::vector<Item>> heaps;
};

} // namespace remat

#endif // REMAT_LIB_CORE_STABBINGQUEUE_H
