// The console in Korean (issue 13): every page of a live cluster, a replay,
// a finished what-if, the overview, the menus and the dialogs are rendered
// with the Korean translation, every text on screen is read back (labels,
// buttons, tabs, combo items, table headers and cells, tooltips, plot
// axes, legends and tick labels), and a text that is one of the English
// source strings of translations/hetsched_ko.ts (with its %1 filled in any
// way), or an English phrase of three words or more, fails the test: it
// reached the screen untranslated.
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "connect_dialog.h"
#include "data/store/snapshot_data.h"
#include "data/store/snapshot_store.h"
#include "engine/policy/builtin_policies.h"
#include "main_window.h"
#include "policy.pb.h"
#include "policy_pages.h"
#include "policy_service.pb.h"
#include "replay_controller.h"
#include "saved_connection_model.h"
#include "serve/client/cluster_client.h"
#include "serve/gateway/gateway.h"
#include "serve/gateway/token_store.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "store_test_data.h"
#include "usecases/whatif/whatif_source.h"
#include "whatif_runner.h"
#include "widgets/canary_progress.h"
#include "widgets/embedding_map_view.h"
#include "widgets/help_window.h"
#include "widgets/promote_dialog.h"
#include "widgets/qcustomplot_include.h"
#include "widgets/shortcuts_dialog.h"
#include "widgets/submit_job_dialog.h"
#include "widgets/whatif_view.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTranslator>
#include <QXmlStreamReader>
#include <memory>
#include <string>
#include <variant>

using namespace hetsched;

namespace {

QString normalised(QString text) {
  if (Qt::mightBeRichText(text)) text = QTextDocumentFragment::fromHtml(text).toPlainText();
  text.remove(QRegularExpression(QStringLiteral("&(?=[^&\\s])")));  // mnemonics
  return text.simplified();
}

// One English source string as a pattern that matches it with any values
// in its place markers.
struct Source {
  QString text;
  QRegularExpression pattern;
};

// The sources of a .ts file worth looking for: a word of three letters or
// more outside the markers, and a translation that differs.
QList<Source> sourcesOf(const QString& tsFile) {
  QFile file(tsFile);
  if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(tsFile));
  QList<Source> out;
  QXmlStreamReader xml(&file);
  QString source;
  while (!xml.atEnd()) {
    xml.readNext();
    if (!xml.isStartElement()) continue;
    if (xml.name() == QLatin1String("source")) source = xml.readElementText();
    if (xml.name() != QLatin1String("translation")) continue;
    const QString translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
    const QString text = normalised(source);
    if (normalised(translation) == text) continue;  // "CPU", "JSON": the same in Korean
    QString bare = text;
    bare.remove(QRegularExpression(QStringLiteral("%L?[0-9n]")));
    if (!bare.contains(QRegularExpression(QStringLiteral("[A-Za-z]{3,}")))) continue;
    QString regex = QRegularExpression::escape(text);
    regex.replace(QRegularExpression(QStringLiteral("%L?[0-9n]")), QStringLiteral(".+?"));
    out.push_back({text, QRegularExpression(QStringLiteral("^") + regex + QStringLiteral("$"))});
  }
  return out;
}

// Proper names and data that stay in Latin letters in Korean too.
bool allowedEnglish(const QString& text) {
  static const QStringList kept{QStringLiteral("HetSched"), QStringLiteral("Alibaba"), QStringLiteral("Okabe"),
                                QStringLiteral("ATC'23"),   QStringLiteral("Weight*"), QStringLiteral("nginx"),
                                QStringLiteral("t-SNE"),    QStringLiteral("Qt ")};
  return std::ranges::any_of(kept, [&](const QString& k) { return text.contains(k); });
}

struct Finding {
  QString where;
  QString text;
};

class Collector {
 public:
  explicit Collector(const QList<Source>* sources) : m_sources(sources) {}

  void add(const QString& where, const QString& raw) {
    for (const QString& line : raw.split(QLatin1Char('\n'))) {
      const QString text = normalised(line);
      if (text.isEmpty() || m_seen.contains(text)) continue;
      m_seen.insert(text);
      ++m_checked;
      for (const Source& s : *m_sources) {
        if (s.pattern.match(text).hasMatch()) {
          m_findings.push_back({where, text + QStringLiteral("  ← \"") + s.text + QLatin1Char('"')});
          break;
        }
      }
      static const QRegularExpression phrase(QStringLiteral("\\b[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,}){2,}\\b"));
      if (phrase.match(text).hasMatch() && !allowedEnglish(text))
        m_findings.push_back({where, text + QStringLiteral("  ← English phrase")});
    }
  }

  void addModel(const QString& where, const QAbstractItemModel* model) {
    if (!model) return;
    for (int c = 0; c < model->columnCount(); ++c)
      add(where + QStringLiteral(" header"), model->headerData(c, Qt::Horizontal).toString());
    for (int r = 0; r < std::min(model->rowCount(), 60); ++r) {
      for (int c = 0; c < model->columnCount(); ++c) {
        const QModelIndex i = model->index(r, c);
        add(where, i.data(Qt::DisplayRole).toString());
        add(where + QStringLiteral(" tooltip"), i.data(Qt::ToolTipRole).toString());
      }
    }
  }

  void addPlot(const QString& where, QCustomPlot* plot) {
    for (QCPAxisRect* rect : plot->axisRects()) {
      for (QCPAxis* axis : rect->axes()) {
        add(where + QStringLiteral(" axis"), axis->label());
        if (auto text = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker()))
          for (const QString& t : text->ticks()) add(where + QStringLiteral(" ticks"), t);
      }
    }
    for (int i = 0; i < plot->plottableCount(); ++i) add(where + QStringLiteral(" legend"), plot->plottable(i)->name());
    for (int i = 0; i < plot->itemCount(); ++i)
      if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)); t && t->visible()) add(where, t->text());
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i) {
      if (auto* t = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i))) add(where, t->text());
      if (auto* s = qobject_cast<QCPColorScale*>(plot->plotLayout()->elementAt(i))) add(where, s->axis()->label());
    }
  }

  // Everything a visible widget under `root` shows.
  void addWidgets(const QString& page, QWidget* root) {
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (QWidget* w : widgets) {
      if (!w->isVisible()) continue;
      const QString where = page + QStringLiteral(" / ") + QString::fromLatin1(w->metaObject()->className());
      add(where + QStringLiteral(" tooltip"), w->toolTip());
      add(where + QStringLiteral(" accessible"), w->accessibleName());
      add(where + QStringLiteral(" accessible"), w->accessibleDescription());
      if (w->isWindow()) add(where + QStringLiteral(" title"), w->windowTitle());
      if (auto* l = qobject_cast<QLabel*>(w)) add(where, l->text());
      if (auto* b = qobject_cast<QAbstractButton*>(w)) add(where, b->text());
      if (auto* g = qobject_cast<QGroupBox*>(w)) add(where, g->title());
      if (auto* t = qobject_cast<QTabWidget*>(w)) {
        for (int i = 0; i < t->count(); ++i) {
          add(where, t->tabText(i));
          add(where, t->tabToolTip(i));
        }
      }
      if (auto* c = qobject_cast<QComboBox*>(w)) {
        for (int i = 0; i < c->count(); ++i) {
          add(where, c->itemText(i));
          add(where + QStringLiteral(" tooltip"), c->itemData(i, Qt::ToolTipRole).toString());
        }
      }
      if (auto* e = qobject_cast<QLineEdit*>(w)) add(where, e->placeholderText());
      if (auto* s = qobject_cast<QSpinBox*>(w)) add(where, s->suffix() + s->specialValueText());
      if (auto* s = qobject_cast<QDoubleSpinBox*>(w)) add(where, s->suffix() + s->specialValueText());
      if (auto* v = qobject_cast<QAbstractItemView*>(w)) addModel(where, v->model());
      if (auto* p = qobject_cast<QCustomPlot*>(w)) addPlot(where, p);
    }
  }

  void addMenus(const QMenuBar* bar) {
    for (QAction* top : bar->actions()) {
      add(QStringLiteral("menu"), top->text());
      if (!top->menu()) continue;
      QList<QMenu*> menus{top->menu()};
      while (!menus.isEmpty()) {
        QMenu* m = menus.takeFirst();
        for (QAction* a : m->actions()) {
          add(QStringLiteral("menu ") + normalised(top->text()), a->text());
          add(QStringLiteral("menu tooltip"), a->toolTip());
          if (a->menu()) menus << a->menu();
        }
      }
    }
  }

  const QList<Finding>& findings() const { return m_findings; }
  int checked() const { return m_checked; }

 private:
  const QList<Source>* m_sources;
  QSet<QString> m_seen;
  QList<Finding> m_findings;
  int m_checked = 0;
};

const std::string kToken = "korean-test-operator";

}  // namespace

class TestKorean : public QObject {
  Q_OBJECT

  QList<Source> m_sources;
  QTemporaryDir m_dir;
  QString m_snapshot;
  std::unique_ptr<Gateway> m_gateway;

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.path());
    QCoreApplication::setOrganizationName(QStringLiteral("HetSchedTest"));
    const QLocale korean(QLocale::Korean, QLocale::SouthKorea);
    QLocale::setDefault(korean);
    auto* ours = new QTranslator(qApp);
    QVERIFY2(ours->load(QStringLiteral(HETSCHED_KO_QM)), HETSCHED_KO_QM);  // a missing file fails, never skips
    QCoreApplication::installTranslator(ours);
    auto* qt = new QTranslator(qApp);
    QVERIFY(qt->load(korean, QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)));
    QCoreApplication::installTranslator(qt);
    m_sources = sourcesOf(QStringLiteral(HETSCHED_KO_TS));
    QVERIFY(m_sources.size() > 300);

    m_snapshot = m_dir.filePath(QStringLiteral("korean.hsnap"));
    auto store = SnapshotStore::open(m_snapshot.toStdString(), OpenMode::Create);
    QVERIFY(std::holds_alternative<SnapshotStore>(store));
    QVERIFY(std::holds_alternative<SnapshotId>(std::get<SnapshotStore>(store).save(test::simSnapshot(4, 12))));

    SimOptions sim;
    sim.shape = defaultClusterShape(3, 3, 2);
    sim.warmupS = 1200;
    GatewayOptions options;
    options.speed = 30;
    options.tokens.add(kToken, Role::Operator, "korean-test");
    m_gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
  }

  void cleanupTestCase() { m_gateway.reset(); }

  void everyPageIsKorean() {
    Collector collector(&m_sources);
    MainWindow window;
    ClientOptions options;
    options.bearerToken = kToken;
    ClusterWorkspace* ws =
        window.addCluster(std::make_unique<ClusterConnection>(QString::fromStdString(m_gateway->address()), options),
                          QStringLiteral("서울"));
    window.resize(1400, 900);
    window.show();
    QTRY_VERIFY_WITH_TIMEOUT(ws->lastFrame() && ws->policyPages()->gatewayState(), 15000);
    // The job map is drawn once its worker finishes (a few seconds).
    QTRY_VERIFY_WITH_TIMEOUT(!ws->jobMap()->points().empty(), 120000);
    ws->rebuildTimeline();

    // A small what-if, so the results side has something to say.
    WhatifView* whatif = ws->policyPages()->whatif();
    WhatifSource source;
    source.nodes = 8;
    source.jobs = 300;
    whatif->setSource(source);
    whatif->clearPolicies();
    for (const v1::Policy& p : builtinPolicies())
      if (p.name() == "fcfs" || p.name() == "sjf") whatif->addPolicy(p, QStringLiteral("x"));
    QSignalSpy finished(ws->policyPages()->runner(), &WhatifRunner::finished);
    QVERIFY(whatif->run());
    QVERIFY(finished.wait(120000));

    const QStringList pages = ClusterWorkspace::tabNames() << QStringLiteral("overview");
    // HETSCHED_SHOTS=DIR keeps a picture of each page, for looking at.
    const QString shots = qEnvironmentVariable("HETSCHED_SHOTS");
    for (const QString& page : pages) {
      window.showTab(page);
      QTest::qWait(200);
      collector.addWidgets(page, &window);
      if (!shots.isEmpty())
        QVERIFY(window.grab().save(shots + QStringLiteral("/ko-test-") + page + QStringLiteral(".png")));
    }
    collector.addMenus(window.menuBar());

    // Dialogs a page opens.
    SubmitJobDialog submit;
    submit.show();
    collector.addWidgets(QStringLiteral("submit dialog"), &submit);
    QSettings settings(m_dir.filePath(QStringLiteral("c.ini")), QSettings::IniFormat);
    SavedConnectionModel saved(&settings);
    ConnectDialog connect(&saved, 0);
    connect.show();
    collector.addWidgets(QStringLiteral("connect dialog"), &connect);
    const auto state = ws->policyPages()->gatewayState();
    v1::GetPolicyResponse withCanary = *state;
    *withCanary.mutable_candidate() = state->active();
    PromoteDialog promote(withCanary, ws->lastFrame()->queue.arms, CanaryProgress{30, 2, 600, 50});
    promote.show();
    collector.addWidgets(QStringLiteral("promote dialog"), &promote);
    ShortcutsDialog shortcuts(window.menuBar());
    shortcuts.show();
    collector.addWidgets(QStringLiteral("shortcuts"), &shortcuts);
    HelpWindow help;
    help.show();
    collector.addWidgets(QStringLiteral("help"), &help);

    // The same cluster replaying a snapshot: the banner, the read-only
    // policy panel, the disabled controls' reasons.
    QSignalSpy entered(ws->replay(), &ReplayController::entered);
    ws->replay()->openFile(m_snapshot);
    QVERIFY(entered.wait(10000));
    QTest::qWait(300);
    for (const QString& page : {QStringLiteral("cluster"), QStringLiteral("policies")}) {
      window.showTab(page);
      QTest::qWait(100);
      collector.addWidgets(QStringLiteral("replay ") + page, &window);
      if (!shots.isEmpty())
        QVERIFY(window.grab().save(shots + QStringLiteral("/ko-test-replay-") + page + QStringLiteral(".png")));
    }
    collector.addMenus(window.menuBar());

    QStringList report;
    for (const Finding& f : collector.findings()) report << f.where + QStringLiteral(": ") + f.text;
    report.removeDuplicates();
    QVERIFY2(collector.checked() > 400, qPrintable(QString::number(collector.checked())));
    QVERIFY2(report.isEmpty(),
             qPrintable(QStringLiteral("%1 untranslated:\n").arg(report.size()) + report.join(QLatin1Char('\n'))));
  }
};

QTEST_MAIN(TestKorean)
#include "tst_korean.moc"
