#include "replay_playback.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace hetsched {

void ReplayPlayback::reset(std::size_t frameCount, std::int64_t firstMs, std::int64_t lastMs) {
  m_frameCount = frameCount;
  m_firstMs = firstMs;
  m_lastMs = lastMs;
  m_index = 0;
  m_timeMs = firstMs;
  m_playMs = static_cast<double>(firstMs);
  m_playing = false;
}

void ReplayPlayback::shown(std::size_t index, std::int64_t simTimeMs) {
  m_index = index;
  m_timeMs = simTimeMs;
}

bool ReplayPlayback::setSpeed(int factor) {
  if (std::ranges::find(kSpeeds, factor) == kSpeeds.end()) return false;
  m_speed = factor;
  return true;
}

void ReplayPlayback::play() {
  if (m_index + 1 >= m_frameCount) {  // at the end: from the start again
    m_index = 0;
    m_timeMs = m_firstMs;
  }
  m_playMs = static_cast<double>(m_frameCount < 2 ? m_firstMs : m_timeMs);
  m_playing = true;
}

void ReplayPlayback::pause() { m_playing = false; }

std::size_t ReplayPlayback::clamp(std::int64_t index) const {
  if (m_frameCount == 0 || index <= 0) return 0;
  return std::min(static_cast<std::size_t>(index), m_frameCount - 1);
}

std::optional<std::size_t> ReplayPlayback::step(std::int64_t frames) {
  pause();
  if (m_frameCount == 0) return std::nullopt;
  return clamp(static_cast<std::int64_t>(m_index) + frames);
}

ReplayPlayback::Tick ReplayPlayback::advance(std::int64_t wallMs) {
  if (!m_playing) return {};
  if (m_frameCount < 2) {
    pause();
    return {.seek = std::nullopt, .ended = true};
  }
  // Frames are evenly spaced at the agent period, so the index follows
  // from the cluster time's share of the history's span.
  m_playMs += static_cast<double>(wallMs) * m_speed;
  const double span = static_cast<double>(m_lastMs - m_firstMs);
  const double at = std::clamp((m_playMs - static_cast<double>(m_firstMs)) / std::max(span, 1.0), 0.0, 1.0);
  const auto index = static_cast<std::size_t>(std::floor(at * static_cast<double>(m_frameCount - 1)));
  Tick tick{.seek = std::nullopt, .ended = at >= 1.0};
  if (index != m_index) tick.seek = index;
  if (tick.ended) pause();
  return tick;
}

}  // namespace hetsched
