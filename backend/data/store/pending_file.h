#pragma once

#include "store_error.h"

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

// A new snapshot file is written under a temporary name in the target's own
// folder and renamed into place only once complete, so that no reader, crash
// or kill -9 ever finds it half made. The temporary file (and any SQLite
// journal beside it) is removed unless it was published.
class PendingFile {
 public:
  // Makes an empty temporary file beside `target`, after removing what
  // earlier saves to `target` left behind when their process died.
  // `replaceEmpty`: the target exists and is empty (a file made by `touch`
  // or an older HetSched that was killed), and publishing may replace it.
  static std::variant<PendingFile, StoreError> create(const std::string& target, bool replaceEmpty);

  PendingFile(PendingFile&& other) noexcept;
  PendingFile& operator=(PendingFile&& other) noexcept;
  PendingFile(const PendingFile&) = delete;
  PendingFile& operator=(const PendingFile&) = delete;
  ~PendingFile();

  const std::string& path() const { return m_temp; }
  const std::string& target() const { return m_target; }

  // Flushes the file to disk, renames it onto the target and flushes the
  // folder. Refuses to replace a file that appeared at the target since
  // create(). After success the temporary name is gone and nothing is
  // removed on destruction.
  std::optional<StoreError> publish();

 private:
  PendingFile(std::string temp, std::string target, bool replaceEmpty)
      : m_temp(std::move(temp)), m_target(std::move(target)), m_replaceEmpty(replaceEmpty) {}
  void discard();

  std::string m_temp;  // empty once published or moved from
  std::string m_target;
  bool m_replaceEmpty = false;
};

// The leftovers of a save of `target` by a process that is gone: temporary
// files and their journals. Exposed for tests.
void removeAbandonedPendingFiles(const std::string& target);

}  // namespace hetsched
