#include "refusal_limiter.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>
#include <utility>

namespace hetsched {

void RefusalLimiter::setOptions(const Options& options) {
  std::lock_guard lock(m_mutex);
  m_options = options;
}

bool RefusalLimiter::take(Bucket& bucket, double burst, double perSecond, Clock::time_point now) {
  if (bucket.tokens < 0) {  // new: a full bucket
    bucket.tokens = burst;
  } else {
    const double seconds = std::chrono::duration<double>(now - bucket.last).count();
    bucket.tokens = std::min(burst, bucket.tokens + std::max(0.0, seconds) * perSecond);
  }
  bucket.last = now;
  if (bucket.tokens < 1.0) return false;
  bucket.tokens -= 1.0;
  return true;
}

void RefusalLimiter::forgetOldest() {
  auto oldest = m_peers.begin();
  for (auto it = m_peers.begin(); it != m_peers.end(); ++it)
    if (it->second.last < oldest->second.last) oldest = it;
  if (oldest != m_peers.end()) m_peers.erase(oldest);
}

RefusalLimiter::Decision RefusalLimiter::refuse(const std::string& peer, Clock::time_point now) {
  std::lock_guard lock(m_mutex);
  auto it = m_peers.find(peer);
  if (it == m_peers.end()) {
    if (m_peers.size() >= m_options.maxPeers) forgetOldest();
    it = m_peers.emplace(peer, Bucket{-1, now}).first;
  }
  Decision d;
  if (!take(it->second, m_options.peerBurst, m_options.peerPerSecond, now)) {
    ++m_unaudited;
    d.verdict = Verdict::Throttle;
    return d;
  }
  if (!take(m_total, m_options.totalBurst, m_options.totalPerSecond, now)) {
    ++m_unaudited;
    d.verdict = Verdict::Count;
    return d;
  }
  d.unaudited = std::exchange(m_unaudited, 0);
  return d;
}

}  // namespace hetsched
