#include "stream_slots.h"

#include <cstddef>
#include <grpcpp/support/status.h>
#include <mutex>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

namespace {

bool isLoopbackPeer(const std::string& peer) {
  return peer.starts_with("ipv4:127.") || peer == "ipv6:[::1]" || peer.starts_with("unix:");
}

}  // namespace

StreamSlots::Slot::Slot(Slot&& other) noexcept : m_owner(other.m_owner), m_peer(std::move(other.m_peer)) {
  other.m_owner = nullptr;
}

StreamSlots::Slot::~Slot() {
  if (m_owner) m_owner->release(m_peer);
}

void StreamSlots::setLimits(const Limits& limits) {
  std::lock_guard lock(m_mutex);
  m_limits = limits;
}

std::variant<StreamSlots::Slot, grpc::Status> StreamSlots::acquire(const std::string& peer) {
  std::lock_guard lock(m_mutex);
  if (m_open >= m_limits.total)
    return grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED,
                        "the gateway already serves " + std::to_string(m_open) + " " + m_kind + ", its limit");
  const bool local = isLoopbackPeer(peer);
  if (!local) {
    std::size_t& mine = m_perPeer[peer];
    if (mine >= m_limits.perPeer) {
      const std::size_t held = mine;
      return grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, peer + " already holds " + std::to_string(held) + " " +
                                                                    m_kind + ", the limit for one address");
    }
    ++mine;
  }
  ++m_open;
  return Slot(this, local ? std::string() : peer);
}

void StreamSlots::release(const std::string& peer) {
  std::lock_guard lock(m_mutex);
  --m_open;
  if (peer.empty()) return;
  if (auto it = m_perPeer.find(peer); it != m_perPeer.end() && --it->second == 0) m_perPeer.erase(it);
}

std::size_t StreamSlots::open() const {
  std::lock_guard lock(m_mutex);
  return m_open;
}

}  // namespace hetsched
