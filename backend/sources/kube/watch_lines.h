#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace hetsched {

// A watch response is newline-delimited JSON arriving in chunks that need
// not end at event boundaries: this keeps the partial line between chunks
// and hands out whole ones, skipping blank lines.
class WatchLines {
 public:
  using OnLine = std::function<bool(std::string_view line)>;

  // False when `onLine` asked to stop.
  bool feed(std::string_view chunk, const OnLine& onLine);
  // The last line, when the stream ended without a newline.
  void finish(const OnLine& onLine);

 private:
  std::string m_pending;
};

}  // namespace hetsched
