#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace hetsched {

// Where a replay stands and how it moves: the frame shown, a step or seek
// kept within the history, and a playback clock that turns wall time times
// the speed into cluster time and so into the frame to show, stopping at
// the last one. Only decisions: the caller decodes the frames it names and
// reports the one it shows with shown(), and supplies the wall time.
class ReplayPlayback {
 public:
  // Cluster seconds per wall second a replay may play at.
  static constexpr std::array<int, 8> kSpeeds{1, 2, 4, 8, 16, 32, 64, 128};
  // How often a player advances the clock: often enough for a smooth
  // scrubber, rarely enough that decoding keeps up at 1×.
  static constexpr int kTickMs = 40;

  // What one advance() asks of the caller.
  struct Tick {
    std::optional<std::size_t> seek;  // the frame to show, when it changed
    bool ended = false;               // playing stopped (at the end, or nothing to play)
  };

  // A new history: paused at its first frame, the speed kept.
  void reset(std::size_t frameCount, std::int64_t firstMs, std::int64_t lastMs);
  // The frame now on screen (what a seek produced).
  void shown(std::size_t index, std::int64_t simTimeMs);

  std::size_t frameCount() const { return m_frameCount; }
  std::size_t index() const { return m_index; }
  std::int64_t timeMs() const { return m_timeMs; }
  bool playing() const { return m_playing; }
  int speed() const { return m_speed; }
  // False, and the speed unchanged, for a factor not in kSpeeds.
  bool setSpeed(int factor);

  // At the last frame, playing starts over from the first.
  void play();
  void pause();
  // Pauses; the frame `frames` away from the one shown (negative: back),
  // within the history. Nullopt when there are no frames.
  std::optional<std::size_t> step(std::int64_t frames);
  // An index within the history: negative is the first, past the end the last.
  std::size_t clamp(std::int64_t index) const;
  // Moves the clock on by `wallMs` of wall time while playing.
  Tick advance(std::int64_t wallMs);

 private:
  std::size_t m_frameCount = 0;
  std::int64_t m_firstMs = 0;
  std::int64_t m_lastMs = 0;
  std::size_t m_index = 0;
  std::int64_t m_timeMs = 0;
  double m_playMs = 0;  // the playback clock, in cluster time
  int m_speed = kSpeeds.front();
  bool m_playing = false;
};

}  // namespace hetsched
