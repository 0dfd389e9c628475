#include "policy_form.h"

#include "base/model/slo_targets.h"
#include "engine/sched/job_validation.h"
#include "hetsched.pb.h"
#include "parameter_slider.h"
#include "policy.pb.h"
#include "theme.h"
#include "weight_sliders.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSlider>
#include <QSpinBox>
#include <QStringList>
#include <QTableWidget>
#include <QVBoxLayout>
#include <array>
#include <cstddef>
#include <cstdint>
#include <google/protobuf/descriptor.h>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// Values the engine rejects must still be typeable, so that it can say why.
constexpr double kDoubleLimit = 1e9;

// slo's fields, by priority class (High, Middle, Low).
const std::array<QString, 3> kSloFields{QStringLiteral("slo.high_wait_s"), QStringLiteral("slo.middle_wait_s"),
                                        QStringLiteral("slo.low_wait_s")};

int enumValue(const QComboBox* box) { return box->currentData().toInt(); }
void setEnum(QComboBox* box, int value) { box->setCurrentIndex(std::max(0, box->findData(value))); }

}  // namespace

PolicyForm::PolicyForm(QWidget* parent)
    : QWidget(parent),
      m_name(new QLineEdit(this)),
      m_version(intBox(std::numeric_limits<int>::max())),
      m_description(new QLineEdit(this)),
      m_queueKind(enumBox(v1::QueueDiscipline::Kind_descriptor())),
      m_aging(doubleBox(kDoubleLimit)),
      m_backfill(intBox(100000)),
      m_placementKind(enumBox(v1::PlacementRule::Kind_descriptor())),
      m_routes(new QTableWidget(0, 2, this)),
      m_weights(new QLineEdit(this)),
      m_virtualNodes(intBox(1000000)),
      m_priorityFactor(doubleBox(kDoubleLimit)),
      m_resourceScore(doubleBox(kDoubleLimit)),
      m_externalScorer(new QLineEdit(this)),
      m_hybridWeights(new QLineEdit(this)),
      m_preemptEnabled(new QCheckBox(tr("Enabled"), this)),
      m_restartCost(doubleBox(kDoubleLimit)),
      m_keepProgress(new QCheckBox(tr("Resume from checkpoint"), this)),
      m_migrateEnabled(new QCheckBox(tr("Enabled"), this)),
      m_threshold(doubleBox(kDoubleLimit)),
      m_migrationCost(doubleBox(kDoubleLimit)),
      m_maxPerEvent(intBox(1000000)),
      m_dataGib(doubleBox(kDoubleLimit)),
      m_dataGibPerGpu(doubleBox(kDoubleLimit)),
      m_linkGibPerS(doubleBox(kDoubleLimit)),
      m_predictionWindow(doubleBox(kDoubleLimit)),
      m_maxPerTick(intBox(1000000)),
      m_historySamples(intBox(1000000)),
      m_canarySeconds(doubleBox(kDoubleLimit)),
      m_canaryStarts(intBox(1000000)) {
  auto* top = new QVBoxLayout(this);
  const auto group = [&](const QString& title) {
    auto* box = new QGroupBox(title, this);
    auto* form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    top->addWidget(box);
    return form;
  };
  QFormLayout* policy = group(tr("Policy"));
  addRow(policy, tr("Name"), m_name, QStringLiteral("name"));
  addRow(policy, tr("Version"), m_version, QStringLiteral("version"));
  addRow(policy, tr("Description"), m_description, QStringLiteral("description"));

  QFormLayout* queue = group(tr("Queue discipline"));
  addRow(queue, tr("Kind"), m_queueKind, QStringLiteral("queue.kind"));
  addRow(queue, tr("Aging interval (s)"), m_aging, QStringLiteral("queue.aging_interval_s"));
  addRow(queue, tr("Backfill depth"), m_backfill, QStringLiteral("queue.backfill_depth"));

  QFormLayout* placement = group(tr("Placement"));
  addRow(placement, tr("Kind"), m_placementKind, QStringLiteral("placement.kind"));
  m_routes->setHorizontalHeaderLabels({tr("Job kind"), tr("Device kind")});
  m_routes->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_routes->verticalHeader()->setVisible(false);
  m_routes->setMaximumHeight(110);
  m_routes->setAccessibleName(tr("Routes"));
  auto* routesBox = new QWidget(this);
  auto* routesLayout = new QVBoxLayout(routesBox);
  routesLayout->setContentsMargins(0, 0, 0, 0);
  routesLayout->addWidget(m_routes);
  auto* routeButtons = new QHBoxLayout;
  auto* addButton = new QPushButton(tr("Add route"), routesBox);
  auto* removeButton = new QPushButton(tr("Remove route"), routesBox);
  routeButtons->addWidget(addButton);
  routeButtons->addWidget(removeButton);
  routeButtons->addStretch();
  routesLayout->addLayout(routeButtons);
  addRow(placement, tr("Routes"), routesBox, QStringLiteral("placement.routes"));
  m_editors.insert(QStringLiteral("placement.routes"), m_routes);
  m_weights->setPlaceholderText(tr("comma-separated weight per node, e.g. 3, 1, 1"));
  addRow(placement, tr("Weights"), m_weights, QStringLiteral("placement.weights"));
  addRow(placement, tr("Virtual nodes"), m_virtualNodes, QStringLiteral("placement.virtual_nodes"));
  addRow(placement, tr("Priority factor"), m_priorityFactor, QStringLiteral("placement.priority_factor"));
  addRow(placement, tr("Resource score"), m_resourceScore, QStringLiteral("placement.resource_score"));
  addRow(placement, tr("External scorer"), m_externalScorer, QStringLiteral("placement.external_scorer"));
  // A trained network is thousands of numbers: shown by its checksum, carried
  // as loaded. A hybrid naming "hybrid:PATH" gets the file's text at push.
  m_hybridWeights->setReadOnly(true);
  m_hybridWeights->setPlaceholderText(tr("none (a hybrid policy carries them; push reads hybrid:PATH)"));
  addRow(placement, tr("Hybrid weights"), m_hybridWeights, QStringLiteral("placement.hybrid_weights"));

  QFormLayout* preemption = group(tr("Preemption"));
  addRow(preemption, QString(), m_preemptEnabled, QStringLiteral("preemption.enabled"));
  addRow(preemption, tr("Restart cost (s)"), m_restartCost, QStringLiteral("preemption.restart_cost_s"));
  addRow(preemption, QString(), m_keepProgress, QStringLiteral("preemption.keep_progress"));

  QFormLayout* migration = group(tr("Migration"));
  addRow(migration, QString(), m_migrateEnabled, QStringLiteral("migration.enabled"));
  addRow(migration, tr("Utilisation threshold"), m_threshold, QStringLiteral("migration.utilization_threshold"));
  addRow(migration, tr("Cost (s)"), m_migrationCost, QStringLiteral("migration.cost_s"));
  addRow(migration, tr("Max moves per event"), m_maxPerEvent, QStringLiteral("migration.max_per_event"));
  // Seed §2.4 opportunistic moves on every sampling tick.
  addRow(migration, tr("Data per job (GiB)"), m_dataGib, QStringLiteral("migration.data_gib"));
  addRow(migration, tr("Data per GPU (GiB)"), m_dataGibPerGpu, QStringLiteral("migration.data_gib_per_gpu"));
  addRow(migration, tr("Link (GiB/s)"), m_linkGibPerS, QStringLiteral("migration.link_gib_per_s"));
  addRow(migration, tr("Prediction window (s)"), m_predictionWindow, QStringLiteral("migration.prediction_window_s"));
  addRow(migration, tr("Max moves per tick"), m_maxPerTick, QStringLiteral("migration.max_per_tick"));
  addRow(migration, tr("History samples"), m_historySamples, QStringLiteral("migration.history_samples"));

  QFormLayout* canary = group(tr("Canary before promotion"));
  m_canarySeconds->setToolTip(tr("Promote only after the canary ran this long (0: the console's default)"));
  m_canaryStarts->setToolTip(tr("…or after the canary arm started this many jobs (0: the console's default)"));
  addRow(canary, tr("Minimum run time (s)"), m_canarySeconds, QStringLiteral("canary.min_duration_s"));
  addRow(canary, tr("Or minimum starts"), m_canaryStarts, QStringLiteral("canary.min_starts"));
  QFormLayout* slo = group(tr("SLO: target wait per class"));
  const std::array<QString, 3> sloLabels{tr("High priority (s)"), tr("Middle priority (s)"), tr("Low priority (s)")};
  for (std::size_t c = 0; c < m_sloWait.size(); ++c) {
    m_sloWait[c] = doubleBox(kDoubleLimit);
    m_sloWait[c]->setDecimals(1);
    m_sloWait[c]->setToolTip(tr("A job of this class waiting longer is an SLO violation in the what-if; at the "
                                "default (%1 s, the built-in job-wait alert) the policy leaves it unset")
                                 .arg(kDefaultTargetWaitS[c], 0, 'f', 0));
    addRow(slo, sloLabels[c], m_sloWait[c], kSloFields[c]);
    connect(m_sloWait[c], &QDoubleSpinBox::valueChanged, this, &PolicyForm::changed);
  }
  QFormLayout* quotas = group(tr("Team quotas"));
  m_quotaTeams = new QLineEdit(this);
  m_quotaTeams->setReadOnly(true);
  m_quotaTeams->setPlaceholderText(tr("none (add teams, guarantees and cohorts in the JSON tab)"));
  addRow(quotas, tr("Teams"), m_quotaTeams, QStringLiteral("quotas.teams"));
  m_unlistedTeams = enumBox(v1::Quotas::UnlistedTeams_descriptor());
  m_unlistedTeams->setToolTip(tr("Jobs of a team with no queue: admitted (ADMIT, also when unset) or held (HOLD)"));
  addRow(quotas, tr("Teams without a queue"), m_unlistedTeams, QStringLiteral("quotas.unlisted_teams"));
  m_fairShare = new QCheckBox(tr("Dominant resource fairness between teams"), this);
  addRow(quotas, QString(), m_fairShare, QStringLiteral("quotas.fair_share"));
  top->addStretch();
  addSliders();
  connect(m_unlistedTeams, &QComboBox::currentIndexChanged, this, &PolicyForm::changed);
  connect(m_fairShare, &QCheckBox::toggled, this, &PolicyForm::changed);

  connect(addButton, &QPushButton::clicked, this, [this] {
    addRoute(v1::JOB_KIND_UNSPECIFIED, v1::DEVICE_KIND_UNSPECIFIED);
    changed();
  });
  connect(removeButton, &QPushButton::clicked, this, [this] {
    if (m_routes->rowCount() == 0) return;
    const int row = m_routes->currentRow() >= 0 ? m_routes->currentRow() : m_routes->rowCount() - 1;
    m_routes->removeRow(row);
    changed();
  });
  for (auto* e : {m_name, m_description, m_weights, m_externalScorer})
    connect(e, &QLineEdit::textEdited, this, &PolicyForm::changed);
  for (auto* e : {m_version, m_backfill, m_virtualNodes, m_maxPerEvent, m_maxPerTick, m_historySamples, m_canaryStarts})
    connect(e, &QSpinBox::valueChanged, this, &PolicyForm::changed);
  for (auto* e : {m_aging, m_priorityFactor, m_resourceScore, m_restartCost, m_threshold, m_migrationCost, m_dataGib,
                  m_dataGibPerGpu, m_linkGibPerS, m_predictionWindow, m_canarySeconds})
    connect(e, &QDoubleSpinBox::valueChanged, this, &PolicyForm::changed);
  for (auto* e : {m_queueKind, m_placementKind})
    connect(e, &QComboBox::currentIndexChanged, this, &PolicyForm::changed);
  for (auto* e : {m_preemptEnabled, m_keepProgress, m_migrateEnabled})
    connect(e, &QCheckBox::toggled, this, &PolicyForm::changed);
}

void PolicyForm::addRow(QFormLayout* form, const QString& label, QWidget* editor, const QString& field) {
  editor->setObjectName(field);
  // The field path (what validation messages name), after any tooltip of its own.
  editor->setToolTip(editor->toolTip().isEmpty() ? field : QStringLiteral("%1 (%2)").arg(editor->toolTip(), field));
  auto* error = new QLabel(this);
  error->setObjectName(field + QStringLiteral(".error"));
  showAsError(error);
  error->setWordWrap(true);
  error->hide();
  auto* cell = new QWidget(this);
  auto* layout = new QVBoxLayout(cell);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(1);
  auto* line = new QHBoxLayout;
  line->addWidget(editor, 1);
  layout->addLayout(line);
  layout->addWidget(error);
  m_lines.insert(field, line);
  form->addRow(label, cell);
  // The label names the editor itself, not the cell around it (screen
  // readers, and the label's mnemonic focuses it).
  if (!label.isEmpty()) {
    editor->setAccessibleName(label);
    if (auto* caption = qobject_cast<QLabel*>(form->labelForField(cell))) caption->setBuddy(editor);
  }
  m_editors.insert(field, editor);
  m_errors.insert(field, error);
}

QDoubleSpinBox* PolicyForm::doubleBox(double max) {
  auto* box = new QDoubleSpinBox(this);
  box->setRange(-max, max);
  box->setDecimals(3);
  return box;
}

QSpinBox* PolicyForm::intBox(int max) {
  auto* box = new QSpinBox(this);
  box->setRange(0, max);
  return box;
}

QComboBox* PolicyForm::enumBox(const google::protobuf::EnumDescriptor* descriptor) {
  auto* box = new QComboBox(this);
  for (int i = 0; i < descriptor->value_count(); ++i)
    box->addItem(QString::fromStdString(std::string(descriptor->value(i)->name())), descriptor->value(i)->number());
  return box;
}

void PolicyForm::addRoute(int jobKind, int deviceKind) {
  const int row = m_routes->rowCount();
  m_routes->insertRow(row);
  QComboBox* job = enumBox(v1::JobKind_descriptor());
  QComboBox* device = enumBox(v1::DeviceKind_descriptor());
  setEnum(job, jobKind);
  setEnum(device, deviceKind);
  job->setAccessibleName(tr("Job kind of route %1").arg(row + 1));
  device->setAccessibleName(tr("Device kind of route %1").arg(row + 1));
  m_routes->setCellWidget(row, 0, job);
  m_routes->setCellWidget(row, 1, device);
  connect(job, &QComboBox::currentIndexChanged, this, &PolicyForm::changed);
  connect(device, &QComboBox::currentIndexChanged, this, &PolicyForm::changed);
}

// Ranges an operator tunes within; a value typed beyond one widens it.
void PolicyForm::addSliders() {
  addSlider(QStringLiteral("queue.aging_interval_s"), new ParameterSlider(m_aging, 0.0, 3600.0, 10.0, this));
  addSlider(QStringLiteral("queue.backfill_depth"), new ParameterSlider(m_backfill, 0, 2048, 1, this));
  addSlider(QStringLiteral("placement.virtual_nodes"), new ParameterSlider(m_virtualNodes, 0, 500, 1, this));
  addSlider(QStringLiteral("placement.priority_factor"), new ParameterSlider(m_priorityFactor, 0.0, 10.0, 0.05, this));
  addSlider(QStringLiteral("placement.resource_score"), new ParameterSlider(m_resourceScore, 0.0, 10.0, 0.05, this));
  addSlider(QStringLiteral("preemption.restart_cost_s"), new ParameterSlider(m_restartCost, 0.0, 3600.0, 5.0, this));
  addSlider(QStringLiteral("migration.utilization_threshold"), new ParameterSlider(m_threshold, 0.0, 1.0, 0.01, this));
  addSlider(QStringLiteral("migration.cost_s"), new ParameterSlider(m_migrationCost, 0.0, 600.0, 1.0, this));
  addSlider(QStringLiteral("migration.max_per_event"), new ParameterSlider(m_maxPerEvent, 0, 64, 1, this));
  addSlider(QStringLiteral("migration.data_gib"), new ParameterSlider(m_dataGib, 0.0, 200.0, 1.0, this));
  addSlider(QStringLiteral("migration.data_gib_per_gpu"), new ParameterSlider(m_dataGibPerGpu, 0.0, 200.0, 1.0, this));
  addSlider(QStringLiteral("migration.link_gib_per_s"), new ParameterSlider(m_linkGibPerS, 0.0, 100.0, 0.5, this));
  addSlider(QStringLiteral("migration.prediction_window_s"),
            new ParameterSlider(m_predictionWindow, 0.0, 3600.0, 10.0, this));
  addSlider(QStringLiteral("migration.max_per_tick"), new ParameterSlider(m_maxPerTick, 0, 64, 1, this));
  addSlider(QStringLiteral("migration.history_samples"), new ParameterSlider(m_historySamples, 0, 64, 1, this));
  addSlider(QStringLiteral("canary.min_duration_s"), new ParameterSlider(m_canarySeconds, 0.0, 7200.0, 60.0, this));
  addSlider(QStringLiteral("canary.min_starts"), new ParameterSlider(m_canaryStarts, 0, 1000, 10, this));
  // One step up to twice each class's default (a target must be > 0):
  // seconds for High, minutes for Low.
  const std::array<double, 3> sloSteps{10.0, 60.0, 600.0};
  for (std::size_t c = 0; c < m_sloWait.size(); ++c)
    addSlider(kSloFields[c],
              new ParameterSlider(m_sloWait[c], sloSteps[c], 2.0 * kDefaultTargetWaitS[c], sloSteps[c], this));
  // The weights are a list: a slider per listed weight, under the field.
  m_weightSliders = new WeightSliders(m_weights, this);
  m_weights->parentWidget()->layout()->addWidget(m_weightSliders);
  connect(m_weightSliders, &WeightSliders::edited, this, &PolicyForm::changed);
}

void PolicyForm::addSlider(const QString& field, QSlider* slider) {
  slider->setObjectName(field + QStringLiteral(".slider"));
  if (QWidget* editor = m_editors.value(field)) {
    slider->setAccessibleName(tr("%1 slider").arg(editor->accessibleName()));
    slider->setToolTip(editor->toolTip());
  }
  m_lines.value(field)->addWidget(slider, 1);
  m_sliders.insert(field, slider);
}

QSlider* PolicyForm::sliderFor(const QString& field) const { return m_sliders.value(field); }

void PolicyForm::changed() {
  if (!m_updating) Q_EMIT edited();
}

void PolicyForm::setPolicy(const v1::Policy& p) {
  m_updating = true;
  m_name->setText(QString::fromStdString(p.name()));
  m_version->setValue(static_cast<int>(std::min<std::uint32_t>(p.version(), std::numeric_limits<int>::max())));
  m_description->setText(QString::fromStdString(p.description()));
  setEnum(m_queueKind, p.queue().kind());
  m_aging->setValue(p.queue().aging_interval_s());
  m_backfill->setValue(static_cast<int>(p.queue().backfill_depth()));
  const v1::PlacementRule& pl = p.placement();
  setEnum(m_placementKind, pl.kind());
  m_routes->setRowCount(0);
  for (const auto& r : pl.routes()) addRoute(r.job_kind(), r.device_kind());
  QStringList weights;
  for (const std::uint32_t w : pl.weights()) weights << QString::number(w);
  m_weights->setText(weights.join(QStringLiteral(", ")));
  m_virtualNodes->setValue(static_cast<int>(pl.virtual_nodes()));
  m_priorityFactor->setValue(pl.priority_factor());
  m_resourceScore->setValue(pl.resource_score());
  m_externalScorer->setText(QString::fromStdString(pl.external_scorer()));
  m_hybridWeightsText = pl.hybrid_weights();
  m_quotas = p.quotas();
  QStringList teams;
  for (const v1::TeamQuota& t : m_quotas.teams()) teams << QString::fromStdString(t.team());
  m_quotaTeams->setText(
      teams.isEmpty()
          ? QString()
          : tr("%n team(s): %1", nullptr, static_cast<int>(teams.size())).arg(teams.join(QStringLiteral(", "))));
  setEnum(m_unlistedTeams, m_quotas.unlisted_teams());
  m_fairShare->setChecked(m_quotas.fair_share());
  const auto checksum = m_hybridWeightsText.rfind("checksum ");
  m_hybridWeights->setText(m_hybridWeightsText.empty() ? QString()
                           : checksum == std::string::npos
                               ? tr("%1 bytes").arg(m_hybridWeightsText.size())
                               : QString::fromStdString(m_hybridWeightsText.substr(
                                     checksum, m_hybridWeightsText.find('\n', checksum) - checksum)));
  m_preemptEnabled->setChecked(p.preemption().enabled());
  m_restartCost->setValue(p.preemption().restart_cost_s());
  m_keepProgress->setChecked(p.preemption().keep_progress());
  m_migrateEnabled->setChecked(p.migration().enabled());
  m_threshold->setValue(p.migration().utilization_threshold());
  m_migrationCost->setValue(p.migration().cost_s());
  m_maxPerEvent->setValue(static_cast<int>(p.migration().max_per_event()));
  m_dataGib->setValue(p.migration().data_gib());
  m_dataGibPerGpu->setValue(p.migration().data_gib_per_gpu());
  m_linkGibPerS->setValue(p.migration().link_gib_per_s());
  m_predictionWindow->setValue(p.migration().prediction_window_s());
  m_maxPerTick->setValue(static_cast<int>(p.migration().max_per_tick()));
  m_historySamples->setValue(static_cast<int>(p.migration().history_samples()));
  m_canarySeconds->setValue(p.canary().min_duration_s());
  m_canaryStarts->setValue(static_cast<int>(p.canary().min_starts()));
  const v1::SloTargets& slo = p.slo();
  const std::array<std::optional<double>, 3> targets{
      slo.has_high_wait_s() ? std::optional(slo.high_wait_s()) : std::nullopt,
      slo.has_middle_wait_s() ? std::optional(slo.middle_wait_s()) : std::nullopt,
      slo.has_low_wait_s() ? std::optional(slo.low_wait_s()) : std::nullopt};
  for (std::size_t c = 0; c < m_sloWait.size(); ++c)
    m_sloWait[c]->setValue(targets[c].value_or(kDefaultTargetWaitS[c]));
  m_updating = false;
}

v1::Policy PolicyForm::policy() const {
  v1::Policy p;
  p.set_name(m_name->text().toStdString());
  p.set_version(static_cast<std::uint32_t>(m_version->value()));
  p.set_description(m_description->text().toStdString());
  auto* q = p.mutable_queue();
  q->set_kind(static_cast<v1::QueueDiscipline::Kind>(enumValue(m_queueKind)));
  q->set_aging_interval_s(m_aging->value());
  q->set_backfill_depth(static_cast<std::uint32_t>(m_backfill->value()));
  auto* pl = p.mutable_placement();
  pl->set_kind(static_cast<v1::PlacementRule::Kind>(enumValue(m_placementKind)));
  for (int row = 0; row < m_routes->rowCount(); ++row) {
    auto* r = pl->add_routes();
    r->set_job_kind(static_cast<v1::JobKind>(enumValue(qobject_cast<QComboBox*>(m_routes->cellWidget(row, 0)))));
    r->set_device_kind(static_cast<v1::DeviceKind>(enumValue(qobject_cast<QComboBox*>(m_routes->cellWidget(row, 1)))));
  }
  // A weight that is not a number becomes 0, which the engine rejects at
  // its index: the operator sees which entry is wrong.
  const QStringList weights =
      m_weights->text().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts);
  for (const QString& w : weights) pl->add_weights(w.toUInt());
  pl->set_virtual_nodes(static_cast<std::uint32_t>(m_virtualNodes->value()));
  pl->set_priority_factor(m_priorityFactor->value());
  pl->set_resource_score(m_resourceScore->value());
  pl->set_external_scorer(m_externalScorer->text().toStdString());
  pl->set_hybrid_weights(m_hybridWeightsText);
  auto* pre = p.mutable_preemption();
  pre->set_enabled(m_preemptEnabled->isChecked());
  pre->set_restart_cost_s(m_restartCost->value());
  pre->set_keep_progress(m_keepProgress->isChecked());
  auto* m = p.mutable_migration();
  m->set_enabled(m_migrateEnabled->isChecked());
  m->set_utilization_threshold(m_threshold->value());
  m->set_cost_s(m_migrationCost->value());
  m->set_max_per_event(static_cast<std::uint32_t>(m_maxPerEvent->value()));
  m->set_data_gib(m_dataGib->value());
  m->set_data_gib_per_gpu(m_dataGibPerGpu->value());
  m->set_link_gib_per_s(m_linkGibPerS->value());
  m->set_prediction_window_s(m_predictionWindow->value());
  m->set_max_per_tick(static_cast<std::uint32_t>(m_maxPerTick->value()));
  m->set_history_samples(static_cast<std::uint32_t>(m_historySamples->value()));
  auto* c = p.mutable_canary();
  c->set_min_duration_s(m_canarySeconds->value());
  c->set_min_starts(static_cast<std::uint32_t>(m_canaryStarts->value()));
  // A target at its default stays unset: the policy follows the default.
  const auto target = [&](std::size_t c) -> std::optional<double> {
    const double v = m_sloWait[c]->value();
    return v == kDefaultTargetWaitS[c] ? std::nullopt : std::optional(v);
  };
  if (const auto v = target(0)) p.mutable_slo()->set_high_wait_s(*v);
  if (const auto v = target(1)) p.mutable_slo()->set_middle_wait_s(*v);
  if (const auto v = target(2)) p.mutable_slo()->set_low_wait_s(*v);
  v1::Quotas quotas = m_quotas;
  quotas.set_unlisted_teams(static_cast<v1::Quotas::UnlistedTeams>(enumValue(m_unlistedTeams)));
  quotas.set_fair_share(m_fairShare->isChecked());
  if (quotas.ByteSizeLong() > 0) *p.mutable_quotas() = std::move(quotas);
  return p;
}

void PolicyForm::showErrors(const std::vector<FieldError>& errors) {
  QHash<QString, QString> byField;
  static const QRegularExpression index(QStringLiteral("\\[\\d+\\].*$"));
  for (const FieldError& e : errors) {
    QString field = QString::fromStdString(e.field);
    field.remove(index);
    if (!byField.contains(field)) byField.insert(field, QString::fromStdString(e.message()));
  }
  for (auto it = m_errors.begin(); it != m_errors.end(); ++it) {
    const QString text = byField.value(it.key());
    it.value()->setText(text);
    it.value()->setVisible(!text.isEmpty());
  }
}

QWidget* PolicyForm::editorFor(const QString& field) const { return m_editors.value(field); }

QString PolicyForm::errorText(const QString& field) const {
  const QLabel* label = m_errors.value(field);
  return label ? label->text() : QString();
}

}  // namespace hetsched
