#include "snapshot_taker.h"

#include "data/embed/job_map_builder.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "data/store/store_error.h"
#include "serve/client/cluster_client.h"
#include "serve/client/snapshot_fetcher.h"

#include <QFileInfo>
#include <QMetaObject>
#include <chrono>
#include <cstddef>
#include <grpcpp/support/status.h>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace hetsched {

SnapshotTaker::SnapshotTaker(std::shared_ptr<grpc::Channel> channel, std::string bearerToken, QObject* parent)
    : QObject(parent), m_channel(std::move(channel)), m_bearerToken(std::move(bearerToken)) {}

SnapshotTaker::~SnapshotTaker() {
  m_cancel->store(true);
  if (m_thread.joinable()) m_thread.join();
}

void SnapshotTaker::start(const QString& path, const QString& name, double historySeconds,
                          std::shared_ptr<const embed::JobMapModel> embedder) {
  if (m_thread.joinable()) return;  // one snapshot per taker
  const bool exists = QFileInfo::exists(path);
  const QString receiving = tr("Receiving the snapshot from the gateway…");
  const QString saving = tr("Saving into %1…").arg(QFileInfo(path).fileName());
  const QString training = tr("Training the job embedder…");
  m_thread = std::thread([this, cancel = m_cancel, channel = m_channel, token = m_bearerToken,
                          file = path.toStdString(), exists, name = name.toStdString(), historySeconds, receiving,
                          saving, training, path, embedder = std::move(embedder)] {
    const auto post = [this](auto fn) { QMetaObject::invokeMethod(this, std::move(fn), Qt::QueuedConnection); };
    const auto fail = [&](const std::string& message) {
      post([this, m = QString::fromStdString(message)] { Q_EMIT failed(m); });
    };
    // An existing file must be a sound snapshot store before anything is
    // fetched; a new one is created only once there is something to save.
    std::optional<SnapshotStore> store;
    if (exists) {
      auto opened = SnapshotStore::open(file, OpenMode::ReadWrite);
      if (auto* e = std::get_if<StoreError>(&opened)) return fail(e->message);
      store.emplace(std::get<SnapshotStore>(std::move(opened)));
    }
    post([this, receiving] { Q_EMIT progress(0, receiving); });
    SnapshotFetcher fetcher(channel, std::chrono::minutes(10), token);
    int lastPerMille = -1;
    auto fetched = fetcher.fetch(historySeconds, [&](const FetchProgress& p) {
      const std::size_t total = p.jobCount + p.frameCount;
      const int perMille = total == 0 ? 500 : static_cast<int>(500 * (p.jobsReceived + p.framesReceived) / total);
      if (perMille != lastPerMille) {
        lastPerMille = perMille;
        post([this, perMille, receiving] { Q_EMIT progress(perMille, receiving); });
      }
      return !cancel->load();
    });
    if (auto* e = std::get_if<RpcError>(&fetched)) {
      if (e->code == static_cast<int>(grpc::StatusCode::CANCELLED) && cancel->load())
        return post([this] { Q_EMIT cancelled(); });
      return fail(e->message);
    }
    SnapshotData data = std::get<SnapshotData>(std::move(fetched));
    data.name = name.empty() ? data.topology.clusterName : name;
    data.embedder = embedder;
    if (!data.embedder) {
      post([this, training] { Q_EMIT progress(500, training); });
      data.embedder = embed::trainJobMapModel(data.jobs, data.topology, {});
    }
    if (!store) {
      auto opened = SnapshotStore::open(file, OpenMode::Create);
      if (auto* e = std::get_if<StoreError>(&opened)) return fail(e->message);
      store.emplace(std::get<SnapshotStore>(std::move(opened)));
    }
    auto saved = store->save(data, [&](std::size_t done, std::size_t total) {
      const int perMille = 500 + static_cast<int>(total == 0 ? 500 : 500 * done / total);
      if (perMille != lastPerMille) {
        lastPerMille = perMille;
        post([this, perMille, saving] { Q_EMIT progress(perMille, saving); });
      }
      return !cancel->load();
    });
    if (auto* e = std::get_if<StoreError>(&saved)) {
      if (e->code == StoreErrorCode::Cancelled) return post([this] { Q_EMIT cancelled(); });
      return fail(e->message);
    }
    const qlonglong id = std::get<SnapshotId>(saved);
    post([this, id, path] { Q_EMIT finished(id, path); });
  });
}

}  // namespace hetsched
