#include "snapshot_menu.h"

#include "cluster_connection.h"
#include "job_map_worker.h"
#include "replay_controller.h"
#include "snapshot_taker.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>

namespace hetsched {

namespace {

const QString kRecentKey = QStringLiteral("snapshots/recent");
constexpr int kRecentMax = 8;

QString fileFilter() {
  return SnapshotMenu::tr("HetSched snapshots (*.hsnap);;All files (*)");
}

}  // namespace

SnapshotMenu::SnapshotMenu(QMenu* file, ClusterConnection* connection, ReplayController* replay, QWidget* window)
    : QObject(window), m_connection(connection), m_replay(replay), m_window(window) {
  file->addAction(tr("&Take snapshot…"), QKeySequence(Qt::CTRL | Qt::Key_S), this, &SnapshotMenu::askAndTake);
  file->addAction(tr("&Open snapshot…"), QKeySequence::Open, this, &SnapshotMenu::askAndOpen);
  m_recent = file->addMenu(tr("&Recent files"));
  rebuildRecent();
  // Remembered once it opened: a file that failed is not offered again.
  connect(m_replay, &ReplayController::entered, this, [this] { remember(m_replay->file()); });
}

QStringList SnapshotMenu::recentFiles() { return QSettings().value(kRecentKey).toStringList(); }

void SnapshotMenu::remember(const QString& path) {
  QStringList list = recentFiles();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  list.removeAll(absolute);
  list.prepend(absolute);
  while (list.size() > kRecentMax) list.removeLast();
  QSettings().setValue(kRecentKey, list);
  rebuildRecent();
}

void SnapshotMenu::rebuildRecent() {
  m_recent->clear();
  const QStringList list = recentFiles();
  for (const QString& path : list)
    m_recent->addAction(QFileInfo(path).fileName(), this, [this, path] { open(path); })->setToolTip(path);
  m_recent->setEnabled(!list.isEmpty());
}

void SnapshotMenu::askAndOpen() {
  const QString path = QFileDialog::getOpenFileName(m_window, tr("Open snapshot"), {}, fileFilter());
  if (!path.isEmpty()) open(path);
}

void SnapshotMenu::open(const QString& path) {
  m_replay->openFile(path);
}

void SnapshotMenu::askAndTake() {
  const QString path = QFileDialog::getSaveFileName(m_window, tr("Take snapshot"), {}, fileFilter(), nullptr,
                                                    QFileDialog::DontConfirmOverwrite);
  if (!path.isEmpty()) takeSnapshot(path);
}

void SnapshotMenu::setJobMapWorker(JobMapWorker* worker) { m_jobMapWorker = worker; }

void SnapshotMenu::takeSnapshot(const QString& path) {
  if (m_taker) return;  // one at a time
  m_taker = new SnapshotTaker(m_connection->channel(), m_connection->bearerToken(), this);
  m_progress = new QProgressDialog(tr("Taking a snapshot…"), tr("Cancel"), 0, 1000, m_window);
  m_progress->setWindowTitle(tr("Take snapshot"));
  m_progress->setMinimumDuration(0);
  m_progress->setAttribute(Qt::WA_DeleteOnClose);
  connect(m_progress, &QProgressDialog::canceled, m_taker, &SnapshotTaker::cancel);
  connect(m_taker, &SnapshotTaker::progress, m_progress, [this](int perMille, const QString& stage) {
    m_progress->setLabelText(stage);
    m_progress->setValue(perMille);
  });
  const auto done = [this] {
    if (m_progress) m_progress->close();
    m_taker->deleteLater();
  };
  connect(m_taker, &SnapshotTaker::finished, this, [this, done](qlonglong id, const QString& saved) {
    done();
    remember(saved);
    Q_EMIT snapshotSaved(saved, id);
  });
  connect(m_taker, &SnapshotTaker::cancelled, this, done);
  connect(m_taker, &SnapshotTaker::failed, this, [this, done](const QString& message) {
    done();
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Take snapshot"), tr("The snapshot was not saved."),
                                QMessageBox::Ok, m_window);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    Q_EMIT snapshotFailed(message);
  });
  m_progress->show();
  m_taker->start(path, {}, 0, m_jobMapWorker ? m_jobMapWorker->model() : nullptr);
}

}  // namespace hetsched
