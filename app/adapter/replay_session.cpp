#include "replay_session.h"

#include "base/history/device_history.h"
#include "base/model/frame.h"
#include "data/store/snapshot_data.h"
#include "data/store/store_error.h"
#include "device_history_meta.h"
#include "usecases/replay/replay_source.h"

#include <QMetaObject>
#include <QThread>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

// What only the worker thread touches.
struct ReplaySession::Worker {
  std::optional<ReplaySource> source;
};

ReplaySession::ReplaySession(QObject* parent)
    : QObject(parent), m_thread(new QThread(this)), m_context(new QObject), m_worker(std::make_unique<Worker>()) {
  qRegisterMetaType<QList<SnapshotInfo>>();
  qRegisterMetaType<std::shared_ptr<const SnapshotMeta>>();
  qRegisterMetaType<std::shared_ptr<const Frame>>();
  qRegisterMetaType<std::shared_ptr<const DeviceHistory>>();
  m_thread->setObjectName(QStringLiteral("replay"));
  m_context->moveToThread(m_thread);
  m_thread->start();
}

ReplaySession::~ReplaySession() {
  // Close the store on its own thread, then let the thread finish; results
  // still queued for this object die with it.
  onWorker([this] { m_worker->source.reset(); });
  m_thread->quit();
  m_thread->wait();
  delete m_context;
}

template <typename F>
void ReplaySession::onWorker(F&& fn) {
  QMetaObject::invokeMethod(m_context, std::forward<F>(fn), Qt::QueuedConnection);
}

template <typename F>
void ReplaySession::toOwner(F&& fn) {
  QMetaObject::invokeMethod(this, std::forward<F>(fn), Qt::QueuedConnection);
}

void ReplaySession::open(const QString& path) {
  m_path = path;
  onWorker([this, path = path.toStdString()] {
    auto opened = ReplaySource::open(path);
    if (auto* e = std::get_if<StoreError>(&opened)) return fail(*e);
    m_worker->source.emplace(std::get<ReplaySource>(std::move(opened)));
    auto listedOrError = m_worker->source->snapshots();
    if (auto* e = std::get_if<StoreError>(&listedOrError)) return fail(*e);
    const auto& list = std::get<std::vector<SnapshotInfo>>(listedOrError);
    QList<SnapshotInfo> snapshots(list.begin(), list.end());
    toOwner([this, snapshots] { Q_EMIT listed(snapshots); });
  });
}

void ReplaySession::load(SnapshotId id) {
  onWorker([this, id] {
    if (!m_worker->source) return;
    auto meta = m_worker->source->load(id);
    if (auto* e = std::get_if<StoreError>(&meta)) return fail(*e);
    auto shared = std::make_shared<const SnapshotMeta>(std::get<SnapshotMeta>(std::move(meta)));
    toOwner([this, shared] {
      m_meta = shared;
      Q_EMIT loaded(shared);
    });
  });
}

void ReplaySession::fail(const StoreError& error) {
  toOwner([this, message = QString::fromStdString(error.message)] { Q_EMIT failed(message); });
}

void ReplaySession::seekIndex(std::size_t index) {
  request({.by = ReplaySeek::By::Index, .value = static_cast<std::int64_t>(index)});
}

void ReplaySession::seekTime(std::int64_t simTimeMs) { request({.by = ReplaySeek::By::Time, .value = simTimeMs}); }

void ReplaySession::requestHistory(const HistoryRequest& request) {
  onWorker([this, request] {
    if (!m_worker->source) return;
    auto history = m_worker->source->history(request);
    if (auto* e = std::get_if<HistoryError>(&history)) {
      toOwner([this, message = QString::fromStdString(e->message())] { Q_EMIT historyFailed(message); });
      return;
    }
    auto shared = std::make_shared<const DeviceHistory>(std::get<DeviceHistory>(std::move(history)));
    toOwner([this, shared] { Q_EMIT historyReady(shared); });
  });
}

void ReplaySession::request(ReplaySeek seek) {
  std::lock_guard lock(m_requestMutex);
  m_pending = seek;
  if (std::exchange(m_drainQueued, true)) return;  // the queued drain will take it
  onWorker([this] { drain(); });
}

void ReplaySession::drain() {
  ReplaySeek seek;
  {
    std::lock_guard lock(m_requestMutex);
    m_drainQueued = false;
    if (!m_pending) return;
    seek = *m_pending;
    m_pending.reset();
  }
  std::optional<ReplaySource>& loaded = m_worker->source;
  ReplaySource* source = loaded ? &*loaded : nullptr;
  if (!source || source->frameCount() == 0) return;  // nothing loaded to show
  auto got = source->frame(seek);
  if (auto* e = std::get_if<StoreError>(&got)) return fail(*e);
  auto& f = std::get<ReplayFrame>(got);
  const std::size_t index = f.index;
  std::shared_ptr<const Frame> result = std::make_shared<const Frame>(std::move(f.frame));
  toOwner([this, index, result] { Q_EMIT frameReady(index, result); });
}

}  // namespace hetsched
