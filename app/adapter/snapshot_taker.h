#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <string>
#include <thread>

namespace grpc {
class Channel;
}

namespace hetsched {

namespace embed {
struct JobMapModel;
}

// "Take snapshot": fetches a live gateway's snapshot and saves it into a
// file, on a worker thread, with progress and a cancel flag the GUI sets.
// The file is checked before the fetch, so a file that is not a snapshot
// store is refused untouched; a cancelled save writes nothing. The job
// map's embedder goes with it, so a replay maps jobs as the console did.
class SnapshotTaker : public QObject {
  Q_OBJECT
 public:
  // bearerToken: the connection's, for gateways whose reads need one.
  explicit SnapshotTaker(std::shared_ptr<grpc::Channel> channel, std::string bearerToken = {},
                         QObject* parent = nullptr);
  ~SnapshotTaker() override;

  // `embedder` is the console's job map model; without one (no map drawn
  // yet) the model the first map would train on the snapshot's jobs is
  // saved, or none when there are too few jobs to train one.
  void start(const QString& path, const QString& name, double historySeconds = 0,
             std::shared_ptr<const embed::JobMapModel> embedder = {});
  void cancel() { m_cancel->store(true); }

 Q_SIGNALS:
  // Per mille of the whole job (the fetch is the first half, the save the second).
  void progress(int perMille, const QString& stage);
  void finished(qlonglong snapshotId, const QString& path);
  void failed(const QString& message);
  void cancelled();

 private:
  std::shared_ptr<grpc::Channel> m_channel;
  std::string m_bearerToken;
  std::shared_ptr<std::atomic<bool>> m_cancel = std::make_shared<std::atomic<bool>>(false);
  std::thread m_thread;
};

}  // namespace hetsched
