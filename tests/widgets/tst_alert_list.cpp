// The Alerts page: its model under QAbstractItemModelTester, newly firing
// alerts reported once (for notifications), acknowledging (asked of the
// owner, shown as the gateway reports it), and the rules editor refusing a
// bad rules file with the field named.
#include "serve/alert/alert.h"
#include "serve/alert/alert_rule.h"
#include "widgets/alert_list_model.h"
#include "widgets/alert_list_view.h"
#include "widgets/alert_rules_dialog.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <cstddef>
#include <cstdint>
#include <vector>

using namespace hetsched;

namespace {

Alert alert(std::uint64_t id, const char* rule, AlertRuleKind kind, AlertState state, const char* subject,
            double value) {
  Alert a;
  a.id = id;
  a.rule = rule;
  a.kind = kind;
  a.state = state;
  a.subject = subject;
  a.value = value;
  a.threshold = 85;
  a.sinceMs = 60'000;
  a.firedMs = state == AlertState::Pending ? 0 : 180'000;
  a.resolvedMs = state == AlertState::Resolved ? 240'000 : 0;
  return a;
}

AlertReport sampleReport() {
  AlertReport r;
  r.revision = 4;
  r.rules = defaultAlertRules();
  r.rulesOrigin = "built-in";
  r.alerts = {alert(1, "node-down", AlertRuleKind::NodeDown, AlertState::Firing, "gpu-003", 1),
              alert(2, "gpu-hot", AlertRuleKind::DeviceTemperature, AlertState::Firing, "gpu-007", 91),
              alert(3, "wait-high", AlertRuleKind::JobWait, AlertState::Pending, "high", 420),
              alert(4, "gpu-hot", AlertRuleKind::DeviceTemperature, AlertState::Resolved, "gpu-001", 87)};
  r.alerts[0].severity = AlertSeverity::Critical;
  return r;
}

}  // namespace

class TestAlertList : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void modelPassesTheTester() {
    AlertListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReport(sampleReport());
    QCOMPARE(model.rowCount(), 4);
    model.setReport({});
    QCOMPARE(model.rowCount(), 0);
  }

  void rowsSayWhatFires() {
    AlertListModel model;
    model.setReport(sampleReport());
    const auto text = [&](int row, int column) { return model.index(row, column).data().toString(); };
    QCOMPARE(text(0, AlertListModel::State), QStringLiteral("firing"));
    QCOMPARE(text(0, AlertListModel::Severity), QStringLiteral("critical"));
    QCOMPARE(text(0, AlertListModel::Subject), QStringLiteral("gpu-003"));
    QCOMPARE(text(1, AlertListModel::Value), QStringLiteral("91 °C (above 85)"));
    QCOMPARE(text(2, AlertListModel::Subject), QStringLiteral("high priority"));
    QCOMPARE(text(2, AlertListModel::Fired), QString());
    QCOMPARE(text(3, AlertListModel::Fired), QStringLiteral("0:03:00, resolved 0:04:00"));
    QCOMPARE(text(0, AlertListModel::Since), QStringLiteral("0:01:00"));
  }

  // An alert is announced once, when it begins to fire, unless acknowledged.
  // Acknowledge only asks; the row greys when the gateway's report says so.
  void newlyFiringOnce() {
    AlertListView view;
    QSignalSpy counts(&view, &AlertListView::unacknowledgedChanged);
    QSignalSpy asked(&view, &AlertListView::acknowledgeRequested);
    AlertReport r = sampleReport();
    QCOMPARE(view.setReport(r).size(), std::size_t{2});
    QCOMPARE(counts.last().at(0).toInt(), 2);
    QCOMPARE(view.setReport(r).size(), std::size_t{0});
    view.table()->selectionModel()->select(view.model()->index(1, 0),
                                           QItemSelectionModel::Select | QItemSelectionModel::Rows);
    view.acknowledgeSelected();
    QCOMPARE(asked.size(), 1);
    QCOMPARE(asked.last().at(0).value<std::vector<std::uint64_t>>(), std::vector<std::uint64_t>{2});
    QVERIFY(!view.model()->isAcknowledged(2));  // not until the gateway says so
    r.alerts[1].acknowledgedBy = "olga";
    r.alerts[1].acknowledgedWallMs = 1'700'000'000'000;
    view.setReport(r);
    QVERIFY(view.model()->isAcknowledged(2));
    QCOMPARE(counts.last().at(0).toInt(), 1);
    QVERIFY(view.model()->index(1, AlertListModel::State).data().toString().contains(QStringLiteral("acknowledged")));
    QVERIFY(
        view.model()->index(1, AlertListModel::Rule).data(Qt::ToolTipRole).toString().contains(QStringLiteral("olga")));
    QVERIFY(
        view.model()->index(1, AlertListModel::AcknowledgedBy).data().toString().startsWith(QStringLiteral("olga, ")));
    QCOMPARE(view.model()->index(0, AlertListModel::AcknowledgedBy).data().toString(), QString());
    // The pending one fires; the acknowledged one stays quiet.
    r.alerts[2].state = AlertState::Firing;
    const auto fresh = view.setReport(r);
    QCOMPARE(fresh.size(), std::size_t{1});
    QCOMPARE(fresh[0].id, std::uint64_t{3});
    // All: the firing and pending ones nobody acknowledged, not the resolved one.
    view.acknowledgeAll();
    QCOMPARE(asked.last().at(0).value<std::vector<std::uint64_t>>(), (std::vector<std::uint64_t>{1, 3}));
    for (Alert& a : r.alerts) a.acknowledgedBy = "olga";
    view.setReport(r);
    QCOMPARE(view.model()->unacknowledgedFiring(), std::size_t{0});
    QCOMPARE(counts.last().at(0).toInt(), 0);
    // Nothing left to acknowledge: the button says nothing more.
    view.acknowledgeAll();
    QCOMPARE(asked.size(), 2);
  }

  void readOnlyInReplay() {
    AlertListView view;
    QPushButton* edit = nullptr;
    for (QPushButton* b : view.findChildren<QPushButton*>())
      if (b->text() == QStringLiteral("Edit &rules…")) edit = b;
    QVERIFY(edit);
    QVERIFY(edit->isEnabled());
    QSignalSpy asked(&view, &AlertListView::editRulesRequested);
    edit->click();
    QCOMPARE(asked.size(), 1);
    view.setReport(sampleReport());
    view.setReadOnly(QStringLiteral("Replaying a snapshot"));
    QVERIFY(!edit->isEnabled());
    QCOMPARE(edit->toolTip(), QStringLiteral("Replaying a snapshot"));
    // Nor can alerts be acknowledged there.
    QSignalSpy acknowledge(&view, &AlertListView::acknowledgeRequested);
    view.acknowledgeAll();
    QCOMPARE(acknowledge.size(), 0);
    for (QPushButton* b : view.findChildren<QPushButton*>())
      if (b->text().startsWith(QStringLiteral("&Acknowledge")) || b->text().startsWith(QStringLiteral("Acknowledge")))
        QVERIFY(!b->isEnabled());
  }

  void rulesDialogChecksBeforeSending() {
    AlertRulesDialog dialog(defaultAlertRules());
    QSignalSpy apply(&dialog, &AlertRulesDialog::applyRequested);
    QVERIFY(dialog.editor()->toPlainText().contains(QStringLiteral("\"node-down\"")));
    dialog.apply();
    QCOMPARE(apply.size(), 1);
    QCOMPARE(apply.at(0).at(0).value<std::vector<AlertRule>>().size(), defaultAlertRules().size());
    dialog.editor()->setPlainText(QStringLiteral(R"({"rules": [{"name": "x", "kind": "node_down", "for_s": -3}]})"));
    dialog.apply();
    QCOMPARE(apply.size(), 1);
    bool shown = false;
    for (QLabel* label : dialog.findChildren<QLabel*>())
      shown |= label->isVisibleTo(&dialog) && label->text().contains(QStringLiteral("rules[0].for_s"));
    QVERIFY(shown);
  }
};

QTEST_MAIN(TestAlertList)
#include "tst_alert_list.moc"
