// QueuePanel and its model: service order, columns, and item-model rules.
#include "widgets/queue_panel.h"
#include "widgets/queue_table_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace hetsched;

namespace {
std::vector<QueuedJobPrediction> sampleQueue() {
  return {{7, "bert-serve", JobKind::Inference, PriorityClass::High, 65'000, 125'000},
          {3, "resnet-train", JobKind::Training, PriorityClass::Middle, 5'000, -1},
          {9, "etl-nightly", JobKind::Batch, PriorityClass::Low, 1'000, 3'723'000}};
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
    const QRect row1 = panel.table()->visualRect(panel.model()->index(1, QueueTableModel::Name));
    QTest::mouseClick(panel.table()->viewport(), Qt::LeftButton, {}, row1.center());
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).value<JobId>(), JobId{3});
    panel.setQueue({});
    QCOMPARE(panel.summaryText(), QStringLiteral("No jobs waiting."));
  }
};

QTEST_MAIN(TestQueuePanel)
#include "tst_queue_panel.moc"
