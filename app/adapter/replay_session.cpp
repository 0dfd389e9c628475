#include "replay_session.h"

#include "data/store/snapshot_store.h"

#include <QMetaObject>
#include <QThread>

namespace hetsched {

// What only the worker thread touches.
struct ReplaySession::Worker {
  std::optional<SnapshotStore> store;
  SnapshotId snapshot = 0;
  std::size_t frameCount = 0;
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
  onWorker([this] { m_worker->store.reset(); });
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
    auto opened = SnapshotStore::open(path, OpenMode::ReadOnly);
    if (auto* e = std::get_if<StoreError>(&opened)) {
      toOwner([this, message = QString::fromStdString(e->message)] { Q_EMIT failed(message); });
      return;
    }
    m_worker->store.emplace(std::get<SnapshotStore>(std::move(opened)));
    auto listedOrError = m_worker->store->list();
    if (auto* e = std::get_if<StoreError>(&listedOrError)) {
      toOwner([this, message = QString::fromStdString(e->message)] { Q_EMIT failed(message); });
      return;
    }
    const auto& list = std::get<std::vector<SnapshotInfo>>(listedOrError);
    QList<SnapshotInfo> snapshots(list.begin(), list.end());
    toOwner([this, snapshots] { Q_EMIT listed(snapshots); });
  });
}

void ReplaySession::load(SnapshotId id) {
  onWorker([this, id] {
    if (!m_worker->store) return;
    auto meta = m_worker->store->loadMeta(id);
    if (auto* e = std::get_if<StoreError>(&meta)) {
      toOwner([this, message = QString::fromStdString(e->message)] { Q_EMIT failed(message); });
      return;
    }
    auto shared = std::make_shared<const SnapshotMeta>(std::get<SnapshotMeta>(std::move(meta)));
    m_worker->snapshot = id;
    m_worker->frameCount = shared->info.frameCount;
    toOwner([this, shared] {
      m_meta = shared;
      Q_EMIT loaded(shared);
    });
  });
}

void ReplaySession::seekIndex(std::size_t index) { request({false, static_cast<std::int64_t>(index)}); }

void ReplaySession::seekTime(std::int64_t simTimeMs) { request({true, simTimeMs}); }

void ReplaySession::requestHistory(const HistoryRequest& request) {
  onWorker([this, request] {
    Worker& w = *m_worker;
    if (!w.store) return;
    auto history = w.store->deviceHistory(w.snapshot, request);
    if (auto* e = std::get_if<HistoryError>(&history)) {
      toOwner([this, message = QString::fromStdString(e->message())] { Q_EMIT historyFailed(message); });
      return;
    }
    auto shared = std::make_shared<const DeviceHistory>(std::get<DeviceHistory>(std::move(history)));
    toOwner([this, shared] { Q_EMIT historyReady(shared); });
  });
}

void ReplaySession::request(Request r) {
  std::lock_guard lock(m_requestMutex);
  m_pending = r;
  if (std::exchange(m_drainQueued, true)) return;  // the queued drain will take it
  onWorker([this] { drain(); });
}

void ReplaySession::drain() {
  Request r;
  {
    std::lock_guard lock(m_requestMutex);
    m_drainQueued = false;
    if (!m_pending) return;
    r = *std::exchange(m_pending, std::nullopt);
  }
  Worker& w = *m_worker;
  if (!w.store || w.frameCount == 0) return;
  std::size_t index = 0;
  if (r.byTime) {
    auto at = w.store->indexAt(w.snapshot, r.value);
    if (auto* e = std::get_if<StoreError>(&at)) {
      toOwner([this, message = QString::fromStdString(e->message)] { Q_EMIT failed(message); });
      return;
    }
    index = std::get<std::size_t>(at);
  } else {
    index = std::min(static_cast<std::size_t>(std::max<std::int64_t>(r.value, 0)), w.frameCount - 1);
  }
  auto frame = std::make_shared<Frame>();
  if (auto e = w.store->frameIndex(w.snapshot, index, frame.get())) {
    toOwner([this, message = QString::fromStdString(e->message)] { Q_EMIT failed(message); });
    return;
  }
  std::shared_ptr<const Frame> result = std::move(frame);
  toOwner([this, index, result] { Q_EMIT frameReady(index, result); });
}

}  // namespace hetsched
