#include "snapshot_menu.h"

#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "job_map_worker.h"
#include "main_window.h"
#include "replay_controller.h"
#include "snapshot_taker.h"

#include <QAction>
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

QString fileFilter() { return SnapshotMenu::tr("HetSched snapshots (*.hsnap);;All files (*)"); }

}  // namespace

SnapshotMenu::SnapshotMenu(QMenu* file, MainWindow* window) : QObject(window), m_window(window) {
  m_take = file->addAction(tr("&Take snapshot…"), QKeySequence(Qt::CTRL | Qt::Key_S), this, &SnapshotMenu::askAndTake);
  m_take->setObjectName(QStringLiteral("takeSnapshot"));
  m_open = file->addAction(tr("&Open snapshot…"), QKeySequence::Open, this, &SnapshotMenu::askAndOpen);
  m_open->setObjectName(QStringLiteral("openSnapshot"));
  m_recent = file->addMenu(tr("&Recent files"));
  rebuildRecent();
}

void SnapshotMenu::update(ClusterWorkspace* workspace) {
  ClusterWorkspace* target = workspace ? workspace : m_window->workspace();
  const QString reason = !target              ? tr("Open a cluster first.")
                         : target->inReplay() ? target->readOnlyReason()
                                              : QString();
  m_take->setEnabled(reason.isEmpty());
  m_take->setToolTip(reason.isEmpty() ? tr("Save the live cluster's state and recent history to a file") : reason);
  m_open->setEnabled(target != nullptr);
  m_recent->setEnabled(target != nullptr && !recentFiles().isEmpty());
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

// Remembered once it opened: a file that failed is not offered again.
void SnapshotMenu::watch(ClusterWorkspace* workspace) {
  if (m_watched.contains(workspace)) return;
  m_watched.insert(workspace);
  connect(workspace, &QObject::destroyed, this, [this, workspace] { m_watched.remove(workspace); });
  ReplayController* replay = workspace->replay();
  connect(replay, &ReplayController::entered, this, [this, replay] { remember(replay->file()); });
}

void SnapshotMenu::open(const QString& path) {
  ClusterWorkspace* workspace = m_window->workspace();
  if (!workspace) return;
  watch(workspace);
  m_window->showWorkspace(workspace);
  workspace->replay()->openFile(path);
}

void SnapshotMenu::askAndTake() {
  const QString path = QFileDialog::getSaveFileName(m_window, tr("Take snapshot"), {}, fileFilter(), nullptr,
                                                    QFileDialog::DontConfirmOverwrite);
  if (!path.isEmpty()) takeSnapshot(path);
}

void SnapshotMenu::takeSnapshot(const QString& path) {
  if (m_taker) return;  // one at a time
  ClusterWorkspace* workspace = m_window->workspace();
  if (!workspace || workspace->inReplay()) return;
  m_taker = new SnapshotTaker(workspace->connection()->channel(), workspace->connection()->bearerToken(), this);
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
  });
  m_progress->show();
  m_taker->start(path, {}, 0, workspace->jobMapWorker()->model());
}

}  // namespace hetsched
