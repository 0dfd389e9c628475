// The console's push path against a real gateway on loopback: the policy in
// force becomes the editor's diff base, a confirmed push starts a canary
// whose arms the live panel shows from the frame stream, Promote and Roll
// back, a stale version and a viewer token refused with the reason shown,
// and a declined confirmation that changes nothing.
#include "base/model/frame.h"
#include "builtin_policy.h"
#include "cluster_connection.h"
#include "gateway_control.h"
#include "policy_pages.h"
#include "policy_service.pb.h"
#include "serve/client/cluster_client.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "widgets/canary_progress.h"
#include "widgets/live_policy_panel.h"
#include "widgets/policy_editor.h"
#include "widgets/policy_form.h"
#include "widgets/promote_dialog.h"
#include "widgets/whatif_view.h"

#include <QCheckBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

using namespace hetsched;

namespace {

constexpr const char* kOperator = "operator-token-carol";
constexpr const char* kViewer = "viewer-token-dave";

// The console's policy pages on one connection, frames fed as the main
// window feeds them, every confirmation answered by `answer`.
struct Console {
  explicit Console(const std::string& target, const char* token) {
    ClientOptions options;
    options.bearerToken = token;
    connection = std::make_unique<ClusterConnection>(QString::fromStdString(target), options);
    control = std::make_unique<GatewayControl>(*connection);
    pages = std::make_unique<PolicyPages>(control.get(), &host);
    pages->setConfirm([this](const QString& title, const QString& text) {
      asked << title;
      lastQuestion = text;
      return answer;
    });
    pages->setAskPromote(
        [this](const v1::GetPolicyResponse&, const std::vector<ArmSummary>& arms, const CanaryProgress& progress) {
          asked << QStringLiteral("Promote");
          promoteArms = arms;
          promoteProgress = progress;
          PromoteAnswer a;
          a.promote = answer;
          a.override = overridePromote;
          a.minS = progress.minS;
          a.minStarts = progress.minStarts;
          return a;
        });
    QObject::connect(&frames, &QTimer::timeout, &host, [this] {
      if (auto frame = connection->takeFrame()) pages->setFrame(*frame);
    });
    frames.start(20);
    connection->start();
  }
  bool waitForState() {
    return QTest::qWaitFor([this] { return pages->gatewayState() != nullptr; }, 10000);
  }
  bool waitForChange(const QString& action) {
    QSignalSpy changed(pages.get(), &PolicyPages::policyChanged);
    return changed.wait(10000) && changed.front().front().toString() == action;
  }

  QWidget host;
  std::unique_ptr<ClusterConnection> connection;
  std::unique_ptr<GatewayControl> control;
  std::unique_ptr<PolicyPages> pages;
  std::vector<ArmSummary> promoteArms;
  CanaryProgress promoteProgress;
  bool overridePromote = false;
  QTimer frames;
  QStringList asked;
  QString lastQuestion;
  bool answer = true;
};

}  // namespace

class TestPolicyPush : public QObject {
  Q_OBJECT

  std::unique_ptr<Gateway> m_gateway;

 private Q_SLOTS:
  void init() {
    SimOptions sim;
    sim.shape = defaultClusterShape(4, 4, 2);
    sim.warmupS = 0.0;
    sim.nodeFailuresPerHour = 0.0;
    GatewayOptions options;
    options.speed = 200.0;  // plenty of arrivals per second of test
    options.tokens.add(kOperator, Role::Operator, "carol");
    options.tokens.add(kViewer, Role::Viewer, "dave");
    m_gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
  }

  void cleanup() { m_gateway.reset(); }

  void pushCanaryPromoteRollback() {
    Console c(m_gateway->address(), kOperator);
    QVERIFY(c.waitForState());
    const std::string initial = c.pages->gatewayState()->active().spec().name();
    QCOMPARE(c.pages->editor()->basePolicy().name(), initial);  // the diff is against what is in force
    // The What-if tab opens with the gateway's policy as its baseline.
    QCOMPARE(c.pages->whatif()->policies().size(), std::size_t{1});
    QCOMPARE(c.pages->whatif()->policies().front().name(), initial);
    c.pages->whatif()->clearPolicies();  // and a list the operator emptied stays empty

    v1::Policy candidate = test::builtinPolicy("sjf");
    // The policy's own bound: one job started by the canary is enough here.
    candidate.mutable_canary()->set_min_starts(1);
    c.pages->confirmPush(candidate, 40);
    QVERIFY(c.waitForChange(QStringLiteral("push")));
    QCOMPARE(c.asked, QStringList{QStringLiteral("Push policy")});
    QVERIFY(c.lastQuestion.contains(QStringLiteral("40")));
    auto state = c.pages->gatewayState();
    QVERIFY(state->has_candidate());
    QCOMPARE(state->candidate().spec().name(), std::string("sjf"));
    QCOMPARE(state->canary_percent(), 40u);
    QVERIFY(c.pages->livePanel()->promoteButton()->isEnabled());
    QVERIFY(c.pages->whatif()->policies().empty());
    c.pages->addPolicyInForce();  // the operator's button: the gateway's policy
    QCOMPARE(c.pages->whatif()->policies().front().name(), initial);

    // The canary split, observed in the console: both arms get arrivals.
    QTableWidget* arms = c.pages->livePanel()->armsTable();
    QTRY_VERIFY_WITH_TIMEOUT(arms->rowCount() == 2 && arms->item(1, 3)->text().toULongLong() > 0 &&
                                 arms->item(0, 3)->text().toULongLong() > 0,
                             15000);
    QCOMPARE(arms->item(1, 1)->text().toULongLong(), state->candidate().version());
    QCOMPARE(arms->item(1, 2)->text(), QStringLiteral("sjf"));

    // Promote once the canary arm has started a job (the policy's bound).
    QTRY_VERIFY_WITH_TIMEOUT(arms->item(1, 4)->text().toULongLong() + arms->item(1, 6)->text().toULongLong() >= 1,
                             15000);
    c.pages->confirmPromote();
    QVERIFY(c.waitForChange(QStringLiteral("promote")));
    QCOMPARE(c.promoteArms.size(), std::size_t{2});  // the question had both arms
    QCOMPARE(c.promoteProgress.minStarts, 1u);
    QVERIFY(c.promoteProgress.met());
    state = c.pages->gatewayState();
    QVERIFY(!state->has_candidate());
    QCOMPARE(state->active().spec().name(), std::string("sjf"));
    QCOMPARE(c.pages->editor()->basePolicy().name(), std::string("sjf"));
    QVERIFY(!c.pages->livePanel()->promoteButton()->isEnabled());

    c.pages->confirmRollback(1);
    QVERIFY(c.waitForChange(QStringLiteral("rollback")));
    state = c.pages->gatewayState();
    QCOMPARE(state->active().spec().name(), initial);
    QCOMPARE(state->active().source_version(), 1u);
    QCOMPARE(c.asked.size(), 3);
  }

  // Issue 13: the editor started on the built-in "fcfs" and a one-field
  // change showed eight differences from the policy in force.
  void editorOpensOnThePolicyInForce() {
    Console c(m_gateway->address(), kOperator);
    QVERIFY(c.waitForState());
    const v1::Policy inForce = c.pages->gatewayState()->active().spec();
    QCOMPARE(c.pages->editor()->policy().name(), inForce.name());
    QCOMPARE(c.pages->editor()->diffTable()->rowCount(), 0);
    v1::Policy changed = c.pages->editor()->policy();
    changed.mutable_queue()->set_backfill_depth(changed.queue().backfill_depth() + 3);
    c.pages->editor()->form()->setPolicy(changed);
    Q_EMIT c.pages->editor()->form()->edited();
    QCOMPARE(c.pages->editor()->diffTable()->rowCount(), 1);
    QVERIFY(c.pages->editor()->touched());
  }

  // Issue 13: promote was possible seconds after a push.
  void youngCanaryIsNotPromotedWithoutOverride() {
    Console c(m_gateway->address(), kOperator);
    QVERIFY(c.waitForState());
    c.pages->confirmPush(test::builtinPolicy("sjf"), 50);  // default bounds: 10 min or 50 starts
    QVERIFY(c.waitForChange(QStringLiteral("push")));
    QTableWidget* arms = c.pages->livePanel()->armsTable();
    QTRY_VERIFY_WITH_TIMEOUT(arms->rowCount() == 2, 10000);
    QSignalSpy refused(c.pages.get(), &PolicyPages::promoteRefused);
    QSignalSpy changed(c.pages.get(), &PolicyPages::policyChanged);
    c.pages->confirmPromote();
    QCOMPARE(refused.size(), 1);
    QVERIFY2(refused.front().front().toString().contains(QStringLiteral("override")),
             qPrintable(refused.front().front().toString()));
    QVERIFY(!c.promoteProgress.met());
    QCOMPARE(c.promoteProgress.minS, kDefaultCanaryMinS);
    QVERIFY(!changed.wait(500));
    QVERIFY(c.pages->gatewayState()->has_candidate());
    // The confirmation compared both arms, live.
    QCOMPARE(c.promoteArms.size(), std::size_t{2});
    QCOMPARE(c.promoteArms[1].policyName, std::string("sjf"));
    // An explicit override goes through.
    c.overridePromote = true;
    c.pages->confirmPromote();
    QVERIFY(c.waitForChange(QStringLiteral("promote")));
    QVERIFY(!c.pages->gatewayState()->has_candidate());
  }

  // The promote dialog itself: both arms side by side, Promote off until a
  // bound is met or the override is ticked.
  void promoteDialogComparesArmsAndGates() {
    v1::GetPolicyResponse state;
    state.mutable_active()->set_version(1);
    state.mutable_candidate()->set_version(2);
    state.mutable_candidate()->mutable_spec()->set_name("sjf");
    state.set_canary_percent(30);
    ArmSummary active{1, "live-default", 11, 3, 120, 400, 9, 12.5, 300, 6021, 7033};
    ArmSummary canary{2, "sjf", 7, 1, 17, 90, 4, 3.5, 300, 5011, 4099};
    const CanaryProgress young{60.0, 8, 600.0, 50};
    PromoteDialog dialog(state, {active, canary}, young);
    // Preemptions and migrations per arm too (the engine counts them since issue 11).
    for (const QString& want :
         {QStringLiteral("live-default"), QStringLiteral("sjf"), QStringLiteral("120"), QStringLiteral("17"),
          QStringLiteral("12.5"), QStringLiteral("3.5"), QStringLiteral("6021"), QStringLiteral("7033"),
          QStringLiteral("5011"), QStringLiteral("4099")})
      QVERIFY2(dialog.comparisonText().contains(want), qPrintable(want));
    QVERIFY(!dialog.promoteButton()->isEnabled());
    dialog.overrideBox()->setChecked(true);
    QVERIFY(dialog.promoteButton()->isEnabled());
    dialog.overrideBox()->setChecked(false);
    dialog.minStartsBox()->setValue(8);  // lowered in the dialog: met
    QVERIFY(dialog.promoteButton()->isEnabled());
    QVERIFY(!dialog.answer().override);
  }

  void staleVersionIsRefusedAndShown() {
    Console a(m_gateway->address(), kOperator);
    Console b(m_gateway->address(), kOperator);
    QVERIFY(a.waitForState());
    QVERIFY(b.waitForState());
    a.pages->confirmPush(test::builtinPolicy("sjf"), 10);
    QVERIFY(a.waitForChange(QStringLiteral("push")));
    // b still believes version 1 is the latest.
    QSignalSpy refused(b.pages.get(), &PolicyPages::pushUnavailable);
    b.pages->confirmPush(test::builtinPolicy("fcfs"), 10);
    QVERIFY(refused.wait(10000));
    QVERIFY2(refused.front().front().toString().contains(QStringLiteral("version")),
             qPrintable(refused.front().front().toString()));
    // b refreshed: it now sees a's candidate, and nothing of its own.
    QTRY_VERIFY_WITH_TIMEOUT(b.pages->gatewayState()->version() == a.pages->gatewayState()->version(), 10000);
    QCOMPARE(b.pages->gatewayState()->candidate().spec().name(), std::string("sjf"));
  }

  void viewerTokenCannotPush() {
    Console c(m_gateway->address(), kViewer);
    QVERIFY(c.waitForState());  // reads are open
    QSignalSpy refused(c.pages.get(), &PolicyPages::pushUnavailable);
    c.pages->confirmPush(test::builtinPolicy("sjf"), 10);
    QVERIFY(refused.wait(10000));
    QVERIFY(refused.front().front().toString().contains(QStringLiteral("operator token")));
    Console check(m_gateway->address(), kOperator);
    QVERIFY(check.waitForState());
    QCOMPARE(check.pages->gatewayState()->version(), 1u);
  }

  void declinedConfirmationChangesNothing() {
    Console c(m_gateway->address(), kOperator);
    QVERIFY(c.waitForState());
    c.answer = false;
    QSignalSpy changed(c.pages.get(), &PolicyPages::policyChanged);
    c.pages->confirmPush(test::builtinPolicy("sjf"), 50);
    QCOMPARE(c.asked.size(), 1);
    QVERIFY(!changed.wait(500));
    c.pages->livePanel()->refreshRequested();
    QTest::qWait(300);
    QCOMPARE(c.pages->gatewayState()->version(), 1u);
  }

  void noGatewayNoPush() {
    QWidget host;
    PolicyPages pages(nullptr, &host);
    bool asked = false;
    pages.setConfirm([&](const QString&, const QString&) { return asked = true; });
    QSignalSpy refused(&pages, &PolicyPages::pushUnavailable);
    pages.confirmPush(test::builtinPolicy("sjf"), 10);
    QCOMPARE(refused.size(), 1);
    QVERIFY(!asked);
  }
};

QTEST_MAIN(TestPolicyPush)
#include "tst_policy_push.moc"
