// QueuePanel and its model: service order, columns, and item-model rules.
#include "base/model/device_kind.h"
#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/job_timeline.h"
#include "widgets/queue_panel.h"
#include "widgets/queue_table_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <vector>

using namespace hetsched;

namespace {
QueuedJobPrediction queued(JobId id, const char* name, JobKind kind, PriorityClass priority, std::int64_t submitMs,
                           std::int64_t startMs) {
  QueuedJobPrediction q;
  q.id = id;
  q.name = name;
  q.kind = kind;
  q.priority = priority;
  q.submitMs = submitMs;
  q.predictedStartMs = startMs;
  return q;
}

std::vector<QueuedJobPrediction> sampleQueue() {
  return {queued(7, "bert-serve", JobKind::Inference, PriorityClass::High, 65'000, 125'000),
          queued(3, "resnet-train", JobKind::Training, PriorityClass::Middle, 5'000, -1),
          queued(9, "etl-nightly", JobKind::Batch, PriorityClass::Low, 1'000, 3'723'000)};
}
}  // namespace

class TestQueuePanel : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void modelPassesTheTester() {
    QueueTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setQueue(sampleQueue());
    model.setQueue({});
    model.setQueue(sampleQueue());
    QCOMPARE(model.rowCount(), 3);
  }

  void columnsAndOrder() {
    QueueTableModel model;
    model.setQueue(sampleQueue());
    QCOMPARE(model.columnCount(), int(QueueTableModel::ColumnCount));
    QCOMPARE(model.headerData(QueueTableModel::PredictedStart, Qt::Horizontal).toString(),
             QStringLiteral("Predicted start"));
    // Rows keep the given (service) order.
    const auto cell = [&](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(cell(0, QueueTableModel::Position), QStringLiteral("1"));
    QCOMPARE(cell(0, QueueTableModel::Job), QStringLiteral("7"));
    QCOMPARE(cell(1, QueueTableModel::Job), QStringLiteral("3"));
    QCOMPARE(cell(2, QueueTableModel::Job), QStringLiteral("9"));
    QCOMPARE(cell(0, QueueTableModel::Name), QStringLiteral("bert-serve"));
    QCOMPARE(cell(0, QueueTableModel::Kind), QStringLiteral("Inference"));
    QCOMPARE(cell(0, QueueTableModel::Priority), QStringLiteral("High"));
    QCOMPARE(cell(0, QueueTableModel::Submitted), QStringLiteral("0:01:05"));
    QCOMPARE(cell(0, QueueTableModel::PredictedStart), QStringLiteral("0:02:05"));
    QCOMPARE(cell(1, QueueTableModel::PredictedStart), QStringLiteral("unknown"));
    QCOMPARE(cell(2, QueueTableModel::PredictedStart), QStringLiteral("1:02:03"));
    QCOMPARE(model.index(2, 0).data(QueueTableModel::JobIdRole).toULongLong(), 9ull);
    QCOMPARE(model.rowOfJob(3), 1);
    QCOMPARE(model.rowOfJob(42), -1);
  }

  // The live forecast's node and reason, worded by the console.
  void predictedNodeAndReason() {
    std::vector<QueuedJobPrediction> queue = sampleQueue();
    queue[0].predictedNode = 1;
    queue[0].reason.cause = WaitCause::Resources;
    queue[0].reason.kind = DeviceKind::Gpu;
    queue[0].reason.nodesOfKind = 20;
    queue[0].reason.nodesUp = 20;
    queue[0].reason.shortOn[static_cast<std::size_t>(ShortResource::Accelerator)] = 20;
    queue[0].reason.ahead = 12;
    queue[0].reason.aheadByClass = 3;
    queue[2].reason.cause = WaitCause::Queue;
    queue[2].reason.kind = DeviceKind::Cpu;
    queue[2].reason.nodesWithRoom = 2;
    queue[2].reason.ahead = 1;
    queue[2].reason.aged = true;
    queue[2].reason.agedClass = PriorityClass::Middle;
    QueueTableModel model;
    model.setNodeNames({QStringLiteral("gpu-000"), QStringLiteral("gpu-001")});
    model.setQueue(queue);
    const auto cell = [&](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(cell(0, QueueTableModel::PredictedNode), QStringLiteral("gpu-001"));
    QCOMPARE(cell(1, QueueTableModel::PredictedNode), QStringLiteral("–"));
    QCOMPARE(
        cell(0, QueueTableModel::Reason),
        QStringLiteral("No GPU node has room: GPU short on 20 of 20 nodes · 12 job(s) ahead (3 by priority class)"));
    QCOMPARE(cell(1, QueueTableModel::Reason), QStringLiteral("—"));
    QCOMPARE(cell(2, QueueTableModel::Reason),
             QStringLiteral("1 job(s) ahead · aged to Middle · room on 2 CPU node(s), but its turn has not come"));
    QCOMPARE(model.headerData(QueueTableModel::Reason, Qt::Horizontal).toString(), QStringLiteral("Why it waits"));
  }

  // A job the learned policy deferred while nodes had room says so, not
  // that its turn has not come.
  void deferredReason() {
    std::vector<QueuedJobPrediction> queue = sampleQueue();
    queue[1].reason.cause = WaitCause::Deferred;
    queue[1].reason.kind = DeviceKind::Gpu;
    queue[1].reason.nodesWithRoom = 3;
    QueueTableModel model;
    model.setQueue(queue);
    QCOMPARE(model.index(1, QueueTableModel::Reason).data().toString(),
             QStringLiteral("Deferred by the learned policy until GPU capacity is freed · first in line · room on 3 "
                            "GPU node(s)"));
  }

  // The learned policy's reservation: a job whose only room is a node kept
  // for the job that waited longest names that job and when it is due; the
  // job it is kept for says so after what is short.
  void reservedReasons() {
    std::vector<QueuedJobPrediction> queue = sampleQueue();
    queue[0].reason.cause = WaitCause::Reserved;
    queue[0].reason.kind = DeviceKind::Gpu;
    queue[0].reason.keptNode = 2;
    queue[0].reason.keptFor = 42;
    queue[0].reason.keptUntilMs = 3'723'000;
    queue[1].reason.cause = WaitCause::Resources;
    queue[1].reason.kind = DeviceKind::Gpu;
    queue[1].reason.nodesUp = 4;
    queue[1].reason.shortOn[static_cast<std::size_t>(ShortResource::Accelerator)] = 4;
    queue[1].reason.keptNode = 2;
    queue[1].reason.keptForIt = true;
    queue[1].reason.keptUntilMs = 3'723'000;
    QueueTableModel model;
    model.setQueue(queue);
    const auto cell = [&](int row) { return model.index(row, QueueTableModel::Reason).data().toString(); };
    QCOMPARE(cell(0), QStringLiteral("Room only on a node kept for job 42 (it has waited longest) until about 1:02:03; "
                                     "this job would still be running then · first in line"));
    QCOMPARE(cell(1), QStringLiteral("No GPU node has room: GPU short on 4 of 4 nodes · first in line · a node is kept "
                                     "for it (it has waited longest), expected to drain by 1:02:03"));
  }

  // A team over its quota, and a team the policy holds for having no queue.
  void quotaReasons() {
    std::vector<QueuedJobPrediction> queue = sampleQueue();
    queue[0].reason.cause = WaitCause::Quota;
    queue[0].reason.kind = DeviceKind::Gpu;
    queue[0].reason.quota = {"vision", false, 12000, 8000, 0, 2000};
    queue[1].reason.cause = WaitCause::Quota;
    queue[1].reason.kind = DeviceKind::Gpu;
    queue[1].reason.quota = {"platform", true, 0, 0, 0, 500};
    queue[2].reason.cause = WaitCause::Quota;
    queue[2].reason.kind = DeviceKind::Cpu;
    queue[2].reason.quota = {"ads", false, 1500, 2000, 250, 1000};
    QueueTableModel model;
    model.setQueue(queue);
    const auto cell = [&](int row) { return model.index(row, QueueTableModel::Reason).data().toString(); };
    QCOMPARE(cell(0), QStringLiteral("Team vision is over its GPU quota: uses 12 (8 guaranteed + 4 borrowed), asks 2, "
                                     "may borrow 0 more"));
    QCOMPARE(cell(1), QStringLiteral("Held: team platform has no queue in the policy, which holds such teams"));
    QCOMPARE(cell(2), QStringLiteral("Team ads is over its CPU quota: uses 1.5 (1.5 guaranteed + 0 borrowed), asks 1, "
                                     "may borrow 0.25 more"));
  }

  void panelSelectsAndFollows() {
    QueuePanel panel;
    panel.resize(700, 300);
    panel.setQueue(sampleQueue());
    QVERIFY2(panel.summaryText().startsWith(QStringLiteral("3 job")), qPrintable(panel.summaryText()));
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy spy(&panel, &QueuePanel::jobSelected);
    // Selection from elsewhere highlights without echoing back.
    const JobId outside[] = {42, 9};
    panel.setSelectedJobs(outside);
    QCOMPARE(panel.table()->currentIndex().row(), 2);
    QCOMPARE(spy.count(), 0);
    // A click on a row selects its job.
    const QRect row1 = panel.table()->visualRect(panel.sortedModel()->index(1, QueueTableModel::Name));
    QTest::mouseClick(panel.table()->viewport(), Qt::LeftButton, {}, row1.center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<JobId>(), JobId{3});
    panel.setQueue({});
    QCOMPARE(panel.summaryText(), QStringLiteral("No jobs waiting."));
  }

  // Issue 14: how long each job has waited, and any column sorts (numbers
  // as numbers, unknown predictions last); # brings service order back.
  void waitedColumnAndSorting() {
    QueuePanel panel;
    panel.setQueue(sampleQueue());
    panel.setNow(3'600'000);
    QSortFilterProxyModel* sorted = panel.sortedModel();
    const auto cell = [&](int row, int column) { return sorted->index(row, column).data().toString(); };
    QCOMPARE(cell(0, QueueTableModel::Waited), QStringLiteral("0:58:55"));  // submitted 0:01:05
    QCOMPARE(cell(0, QueueTableModel::Reason), QStringLiteral("—"));
    panel.table()->sortByColumn(QueueTableModel::Waited, Qt::DescendingOrder);
    QStringList byWait;
    for (int row = 0; row < 3; ++row) byWait << cell(row, QueueTableModel::Waited);
    QVERIFY2(byWait[0] >= byWait[1] && byWait[1] >= byWait[2], qPrintable(byWait.join(QLatin1Char(' '))));
    panel.table()->sortByColumn(QueueTableModel::PredictedStart, Qt::AscendingOrder);
    QCOMPARE(cell(2, QueueTableModel::PredictedStart), QStringLiteral("unknown"));
    QCOMPARE(cell(0, QueueTableModel::PredictedStart), QStringLiteral("0:02:05"));
    // The selection follows the job, not the row, under any order.
    const JobId outside[] = {3};
    panel.setSelectedJobs(outside);
    QCOMPARE(panel.table()->currentIndex().data(QueueTableModel::JobIdRole).toULongLong(), 3ull);
    panel.table()->sortByColumn(QueueTableModel::Position, Qt::AscendingOrder);
    QCOMPARE(cell(0, QueueTableModel::Job), QStringLiteral("7"));
  }
};

QTEST_MAIN(TestQueuePanel)
#include "tst_queue_panel.moc"
