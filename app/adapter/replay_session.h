#pragma once

#include "base/history/device_history.h"
#include "base/model/frame.h"
#include "data/store/snapshot_data.h"
#include "data/store/store_error.h"
#include "device_history_meta.h"  // IWYU pragma: keep (the metatype its signals carry)
#include "usecases/replay/replay_source.h"

#include <QList>
#include <QObject>
#include <QString>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

class QThread;

namespace hetsched {

// A snapshot file opened for replay. Its ReplaySource (the replay use case's
// frames, backend/usecases/replay) lives on this session's own worker thread
// (a store is one per thread); every call here
// returns at once and answers with a queued signal on the caller's thread.
// Frame requests are latest-wins: while one decodes, newer ones replace each
// other, so dragging a slider never queues up work or blocks the GUI.
class ReplaySession : public QObject {
  Q_OBJECT
 public:
  explicit ReplaySession(QObject* parent = nullptr);
  ~ReplaySession() override;

  // Opens the file read-only and lists its snapshots: listed or failed.
  void open(const QString& path);
  // Loads one snapshot's topology and jobs: loaded or failed.
  void load(SnapshotId id);
  // The frame at a history index, or the last one at or before a cluster
  // time: frameReady (or failed).
  void seekIndex(std::size_t index);
  void seekTime(std::int64_t simTimeMs);
  // Devices' series over the loaded snapshot's history, read by the same
  // use case a gateway answers with: historyReady or historyFailed.
  void requestHistory(const HistoryRequest& request);

  QString path() const { return m_path; }
  std::shared_ptr<const SnapshotMeta> meta() const { return m_meta; }

 Q_SIGNALS:
  void listed(const QList<hetsched::SnapshotInfo>& snapshots);
  void loaded(std::shared_ptr<const hetsched::SnapshotMeta> meta);
  void frameReady(qulonglong index, std::shared_ptr<const hetsched::Frame> frame);
  void failed(const QString& message);
  void historyReady(std::shared_ptr<const hetsched::DeviceHistory> history);
  void historyFailed(const QString& message);

 private:
  struct Worker;
  void request(ReplaySeek seek);
  // On the worker: the store's words, to the owner as failed().
  void fail(const StoreError& error);
  void drain();
  template <typename F>
  void onWorker(F&& fn);
  template <typename F>
  void toOwner(F&& fn);

  QThread* m_thread;
  QObject* m_context;                // lives on m_thread: the target of worker calls
  std::unique_ptr<Worker> m_worker;  // touched only on m_thread
  QString m_path;
  std::shared_ptr<const SnapshotMeta> m_meta;
  std::mutex m_requestMutex;
  std::optional<ReplaySeek> m_pending;
  bool m_drainQueued = false;
};

}  // namespace hetsched

Q_DECLARE_METATYPE(QList<hetsched::SnapshotInfo>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::SnapshotMeta>)
Q_DECLARE_METATYPE(std::shared_ptr<const hetsched::Frame>)
