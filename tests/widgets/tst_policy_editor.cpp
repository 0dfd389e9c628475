// The policy editor: form <-> JSON for every sample policy, every proto
// field has an editor, the engine's messages land at their fields.
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_diff.h"
#include "engine/policy/policy_loader.h"
#include "widgets/policy_editor.h"
#include "widgets/policy_form.h"

#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <cstddef>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/message_differencer.h>
#include <string>
#include <variant>

using namespace hetsched;

namespace {

// Every field path of a message type, repeated fields named once.
void fieldPaths(const google::protobuf::Descriptor* d, const QString& prefix, QStringList& out) {
  for (int i = 0; i < d->field_count(); ++i) {
    const auto* f = d->field(i);
    const QString path = prefix + QString::fromStdString(std::string(f->name()));
    if (f->message_type() && !f->is_repeated()) fieldPaths(f->message_type(), path + QLatin1Char('.'), out);
    else out << path;
  }
}

}  // namespace

class TestPolicyEditor : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void everyProtoFieldHasAnEditor() {
    PolicyForm form;
    QStringList paths;
    fieldPaths(v1::Policy::descriptor(), {}, paths);
    QVERIFY(paths.size() >= 19);
    for (const QString& path : paths) QVERIFY2(form.editorFor(path), qPrintable(path));
  }

  void samplesRoundTrip_data() {
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(HETSCHED_POLICY_DIR));
    const auto files = dir.entryList({QStringLiteral("*.json")});
    QVERIFY(files.size() >= 13);  // a missing directory fails, never passes empty
    for (const QString& f : files) QTest::newRow(qPrintable(f)) << dir.filePath(f);
  }
  void samplesRoundTrip() {
    QFETCH(QString, file);
    auto loaded = loadPolicyFile(file.toStdString());
    QVERIFY(std::holds_alternative<v1::Policy>(loaded));
    const v1::Policy& want = std::get<v1::Policy>(loaded);

    PolicyEditor editor;
    QString error;
    QVERIFY2(editor.loadFile(file, &error), qPrintable(error));
    QVERIFY(editor.errors().empty());
    // JSON -> form: the form holds exactly the file's policy.
    QVERIFY(google::protobuf::util::MessageDifferencer::Equivalent(editor.form()->policy(), want));
    // form -> JSON: an edit in the form rewrites the JSON, which parses back
    // to the form's policy.
    auto* description = qobject_cast<QLineEdit*>(editor.form()->editorFor(QStringLiteral("description")));
    QVERIFY(description);
    description->setText(description->text() + QStringLiteral(" (edited)"));
    Q_EMIT description->textEdited(description->text());
    auto reparsed = parsePolicyJson(editor.jsonEdit()->toPlainText().toStdString());
    QVERIFY(std::holds_alternative<v1::Policy>(reparsed));
    v1::Policy expected = want;
    expected.set_description(want.description() + " (edited)");
    QVERIFY(google::protobuf::util::MessageDifferencer::Equivalent(std::get<v1::Policy>(reparsed), expected));
    QCOMPARE(editor.jsonEdit()->toPlainText(), QString::fromStdString(policyToJson(editor.form()->policy())));
  }

  void invalidValueShowsFieldPath() {
    PolicyEditor editor;
    auto* weights = qobject_cast<QLineEdit*>(editor.form()->editorFor(QStringLiteral("placement.weights")));
    QVERIFY(weights);
    weights->setText(QStringLiteral("3, 1, 1, 0"));
    Q_EMIT weights->textEdited(weights->text());
    QCOMPARE(editor.form()->errorText(QStringLiteral("placement.weights")),
             QStringLiteral("placement.weights[3]: must be > 0"));
    QVERIFY(!editor.errorList()
                 ->findItems(QStringLiteral("placement.weights[3]: must be > 0"), Qt::MatchExactly)
                 .isEmpty());
    // Fixed in the JSON instead: the form follows and the message goes.
    QString json = editor.jsonEdit()->toPlainText();
    json.replace(QRegularExpression(QStringLiteral("\"weights\": \\[[^\\]]*\\]")),
                 QStringLiteral("\"weights\": [3, 1]"));
    editor.jsonEdit()->setPlainText(json);
    QVERIFY(editor.errors().empty());
    QCOMPARE(weights->text(), QStringLiteral("3, 1"));
    QVERIFY(editor.form()->errorText(QStringLiteral("placement.weights")).isEmpty());
  }

  // SLO targets: an unset one shows its default and stays unset; a changed
  // one is the policy's; one the engine refuses is marked at its field, and
  // the diff names it.
  void sloTargets() {
    PolicyEditor editor;
    v1::Policy p = builtinPolicies().front();
    editor.setBasePolicy(p, QStringLiteral("test"));
    p.mutable_slo()->set_middle_wait_s(900);
    editor.setPolicy(p);
    auto* high = qobject_cast<QDoubleSpinBox*>(editor.form()->editorFor(QStringLiteral("slo.high_wait_s")));
    auto* middle = qobject_cast<QDoubleSpinBox*>(editor.form()->editorFor(QStringLiteral("slo.middle_wait_s")));
    QVERIFY(high && middle);
    QCOMPARE(high->value(), 300.0);
    QCOMPARE(middle->value(), 900.0);
    QVERIFY(!editor.form()->policy().slo().has_high_wait_s());
    QCOMPARE(editor.form()->policy().slo().middle_wait_s(), 900.0);
    QCOMPARE(editor.diffTable()->rowCount(), 1);
    QCOMPARE(editor.diffTable()->item(0, 0)->text(), QStringLiteral("slo.middle_wait_s"));
    high->setValue(-5);
    QCOMPARE(editor.form()->errorText(QStringLiteral("slo.high_wait_s")),
             QStringLiteral("slo.high_wait_s: must be > 0 seconds (unset it for the default)"));
    high->setValue(120);
    QVERIFY(editor.errors().empty());
    QCOMPARE(editor.form()->policy().slo().high_wait_s(), 120.0);
    middle->setValue(1800);  // back at the default: unset again
    QVERIFY(!editor.form()->policy().slo().has_middle_wait_s());
    // For a person to look at: the SLO section, scrolled into view.
    if (qEnvironmentVariableIsSet("HETSCHED_SCREENSHOT_DIR")) {
      editor.resize(1300, 700);
      editor.show();
      if (auto* scroll = editor.findChild<QScrollArea*>()) scroll->ensureWidgetVisible(middle);
      QVERIFY(editor.grab().save(
          QDir(qEnvironmentVariable("HETSCHED_SCREENSHOT_DIR")).filePath(QStringLiteral("policy-slo.png"))));
    }
  }

  void invalidJsonKeepsForm() {
    PolicyEditor editor;
    const v1::Policy before = editor.policy();
    editor.jsonEdit()->setPlainText(QStringLiteral("{ \"name\": "));
    QCOMPARE(editor.errors().size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(editor.errors().front().field), QStringLiteral("json"));
    QVERIFY(google::protobuf::util::MessageDifferencer::Equivalent(editor.form()->policy(), before));
  }

  void diffAgainstBase() {
    PolicyEditor editor;
    const auto builtins = builtinPolicies();
    editor.setPolicy(builtins.front());
    editor.setBasePolicy(builtins.front(), QStringLiteral("test"));
    QCOMPARE(editor.diffTable()->rowCount(), 0);
    auto* vnodes = qobject_cast<QSpinBox*>(editor.form()->editorFor(QStringLiteral("placement.virtual_nodes")));
    vnodes->setValue(42);
    QCOMPARE(editor.diffTable()->rowCount(), 1);
    QCOMPARE(editor.diffTable()->item(0, 0)->text(), QStringLiteral("placement.virtual_nodes"));
    QCOMPARE(editor.diffTable()->item(0, 2)->text(), QStringLiteral("42"));
  }

  void renderScreenshot() {
    PolicyEditor editor;
    const auto builtins = builtinPolicies();
    for (const v1::Policy& p : builtins)
      if (p.name() == "weighted-round-robin") editor.setPolicy(p);
    auto* weights = qobject_cast<QLineEdit*>(editor.form()->editorFor(QStringLiteral("placement.weights")));
    weights->setText(QStringLiteral("3, 0, 1"));
    Q_EMIT weights->textEdited(weights->text());
    editor.resize(1300, 900);
    editor.show();
    QVERIFY(editor.grab().save(QStringLiteral("policy-editor.png")));
  }
};

QTEST_MAIN(TestPolicyEditor)
#include "tst_policy_editor.moc"
