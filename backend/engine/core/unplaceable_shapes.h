#pragma once

#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "capacity_state.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <tuple>
#include <vector>

namespace hetsched {

// Which request shapes (device kind, requests, allowed models) fit on no
// node right now, and how many waiting jobs of each arm and kind are not
// known to be of such a shape. It lets dispatch skip jobs that cannot start
// and stop reading the queue once nothing left in it can: under backfill,
// each completion would otherwise try every job in the backfill window.
//
// A shape is marked when a placement that asks every node (an exhaustive
// scorer) found none for it. Capacity only shrinks until a node grows (a
// release, a node coming up), so a mark stays true until then; on a growth
// only the grown node needs asking, and each marked shape of its kind is
// asked about that node. A shape unmarked so can only fit on the nodes grown
// since; once jobs have started on them (dispatch filling the room a
// completion made), recheck() asks those few nodes again and marks the
// shape once more if none has room left.
class UnplaceableShapes {
 public:
  using ShapeId = std::uint32_t;
  static constexpr ShapeId kNone = ~ShapeId{0};

  // The shape of a request routed to `kind`.
  ShapeId intern(DeviceKind kind, const JobRequests& requests, std::span<const std::uint32_t> allowedModels);
  bool fitsNowhere(ShapeId s) const { return s != kNone && m_marked[s] != 0; }

  // Waiting jobs of an arm, counted by shape (kNone: not known yet).
  void resetArms();
  void enter(std::size_t arm, std::size_t kind, ShapeId s);
  void leave(std::size_t arm, std::size_t kind, ShapeId s);
  // A waiting job counted without a shape now has one.
  void assign(std::size_t arm, std::size_t kind, ShapeId s);
  // How many waiting jobs of the arm and kind may fit somewhere.
  std::uint32_t unknown(std::size_t arm, std::size_t kind) const { return m_unknown[arm][kind]; }

  void mark(ShapeId s);
  // `node` has more room than before (or came up): shapes that fit there
  // now are no longer marked.
  void grew(const Topology& topology, const CapacityState& state, std::uint32_t node);
  // A job started on a node of `kind`: shapes unmarked by a growth may fit
  // nowhere again.
  void shrank(std::size_t kind) { m_shrank[kind] = true; }
  // Marks again the shapes unmarked by growths of `kind` that fit on none
  // of the grown nodes any more (only when something started since).
  void recheck(const Topology& topology, const CapacityState& state, std::size_t kind);

 private:
  static constexpr std::size_t kMaxArms = 2;
  // Past this many marked shapes of a kind, a growth drops every mark of
  // the kind instead of asking each (always allowed: marks only save work).
  static constexpr std::size_t kMaxMarked = 256;
  // Past this many grown nodes, shapes unmarked by growths are left for
  // dispatch to try (asking every grown node would cost more).
  static constexpr std::size_t kMaxGrown = 8;

  struct Shape {
    std::uint8_t kind = 0;
    JobRequests requests;
    std::vector<std::uint32_t> models;
  };
  // What JobFit::fits reads of a node, read once per grown node: a release
  // asks each marked shape of its kind (dozens, under a deep queue) about
  // the one node, and reading the node's devices for each cost the hybrid
  // 5 % of its time on Alibaba's gpuspec10 list.
  struct Room {
    bool up = false;
    DeviceKind kind = DeviceKind::Cpu;
    std::uint32_t model = 0;  // of its primary devices; kNone if it has none
    std::uint64_t memoryMib = 0;
    std::uint32_t cpuMilli = 0;      // host CPU; a CPU node's own CPU
    std::uint32_t mostFreeMilli = 0;  // of one primary device
    std::uint32_t wholeFree = 0;      // primary devices with all their capacity free
  };
  static Room roomOf(const Topology& topology, const CapacityState& state, std::uint32_t node);
  using Key = std::tuple<std::uint8_t, std::uint32_t, std::uint64_t, std::uint32_t, std::uint32_t, std::uint32_t,
                         std::vector<std::uint32_t>>;

  static bool fitsOn(const Shape& shape, const Room& room);
  void unmark(ShapeId s);
  std::uint32_t liveCount(ShapeId s) const;

  std::vector<Shape> m_shapes;
  std::map<Key, ShapeId> m_ids;
  std::vector<std::uint8_t> m_marked;
  std::array<std::vector<ShapeId>, kDeviceKindCount> m_markedOfKind;
  // Per kind: nodes grown since the pending shapes were marked, and the
  // shapes a growth unmarked (m_pending flags them).
  std::array<std::vector<std::uint32_t>, kDeviceKindCount> m_grown;
  std::array<std::vector<ShapeId>, kDeviceKindCount> m_pendingOfKind;
  std::vector<std::uint8_t> m_pending;
  std::array<bool, kDeviceKindCount> m_shrank{};
  std::vector<Room> m_grownRooms;  // recheck's scratch
  std::array<std::vector<std::uint32_t>, kMaxArms> m_live;  // per arm, waiting jobs per shape
  std::array<std::array<std::uint32_t, kDeviceKindCount>, kMaxArms> m_unknown{};
};

}  // namespace hetsched
