#include "job_story_dialog.h"

#include "base/model/job.h"
#include "base/model/job_prediction.h"
#include "base/model/job_story.h"
#include "base/model/topology.h"
#include "job_story_strip.h"
#include "job_style.h"
#include "theme.h"
#include "wait_reason_text.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace hetsched {

namespace {

QString stateText(JobState state) {
  switch (state) {
    case JobState::Queued: return JobStoryDialog::tr("waiting");
    case JobState::Running: return JobStoryDialog::tr("running");
    case JobState::Completed: return JobStoryDialog::tr("finished");
    case JobState::Unschedulable: return JobStoryDialog::tr("refused: fits no node");
  }
  return {};
}

QString qosText(Qos qos) {
  switch (qos) {
    case Qos::LatencySensitive: return JobStoryDialog::tr("latency-sensitive");
    case Qos::BestEffort: return JobStoryDialog::tr("best effort");
    case Qos::Burstable: return JobStoryDialog::tr("burstable");
    case Qos::Guaranteed: return JobStoryDialog::tr("guaranteed");
  }
  return {};
}

}  // namespace

JobStoryDialog::JobStoryDialog(QWidget* parent)
    : QDialog(parent),
      m_heading(new QLabel(this)),
      m_form(new QFormLayout),
      m_strip(new JobStoryStrip(this)),
      m_events(new QTableWidget(0, 3, this)) {
  setWindowTitle(tr("Job story"));
  setAccessibleName(tr("Job story"));
  auto* layout = new QVBoxLayout(this);
  QFont headingFont = m_heading->font();
  headingFont.setBold(true);
  headingFont.setPointSizeF(headingFont.pointSizeF() * 1.2);
  m_heading->setFont(headingFont);
  m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_heading);
  m_form->setLabelAlignment(Qt::AlignRight);
  const QString labels[RowCount] = {tr("State"),        tr("Kind"),
                                    tr("Priority"),     tr("Owner / team"),
                                    tr("Request"),      tr("Submitted"),
                                    tr("Started"),      tr("Ended"),
                                    tr("Waited"),       tr("Ran"),
                                    tr("Estimate"),     tr("Predicted start"),
                                    tr("Why it waits"), tr("Nodes and devices")};
  for (const QString& label : labels) {
    auto* value = new QLabel(this);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    m_form->addRow(label, value);
    m_values.push_back(value);
  }
  layout->addLayout(m_form);
  layout->addWidget(m_strip);
  m_events->setHorizontalHeaderLabels({tr("Time"), tr("Event"), tr("Where")});
  m_events->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_events->setSelectionMode(QAbstractItemView::NoSelection);
  m_events->setFocusPolicy(Qt::NoFocus);
  m_events->verticalHeader()->hide();
  m_events->verticalHeader()->setDefaultSectionSize(m_events->fontMetrics().height() + 6);
  m_events->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_events->horizontalHeader()->setStretchLastSection(true);
  m_events->setAccessibleName(tr("The job's events"));
  layout->addWidget(m_events, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(520, 640);
}

void JobStoryDialog::setTopology(const Topology& topology) { m_topology = topology; }

QString JobStoryDialog::devicesText(const std::vector<std::uint32_t>& devices) const {
  // "gpu-3 (slots 0, 1)", node by node.
  std::map<std::uint32_t, QStringList> slotsOf;
  std::vector<std::uint32_t> sorted = devices;
  std::ranges::sort(sorted);
  for (const std::uint32_t d : sorted) {
    if (d >= m_topology.devices.size()) {
      slotsOf[UINT32_MAX] << QString::number(d);
      continue;
    }
    slotsOf[m_topology.devices[d].node] << QString::number(m_topology.devices[d].slot);
  }
  QStringList parts;
  for (const auto& [node, list] : slotsOf) {
    const QString name =
        node < m_topology.nodes.size() ? QString::fromStdString(m_topology.nodes[node].name) : tr("device");
    parts << (list.size() == 1 ? tr("%1 (slot %2)").arg(name, list.front())
                               : tr("%1 (slots %2)").arg(name, list.join(QStringLiteral(", "))));
  }
  return parts.join(QStringLiteral("; "));
}

QString JobStoryDialog::requestText() const {
  const JobRequests& r = m_story.job.spec.requests;
  QStringList parts;
  parts << tr("%1 CPU cores").arg(QString::number(r.cpuMilli / 1000.0, 'g', 4));
  parts << tr("%1 GiB memory").arg(QString::number(static_cast<double>(r.memoryMib) / 1024.0, 'g', 4));
  if (r.gpuCount > 0) parts << (r.gpuCount == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(r.gpuCount));
  if (r.gpuMilli > 0) parts << tr("%1 % of one GPU").arg(QString::number(r.gpuMilli / 10.0, 'g', 4));
  if (r.tpuCount > 0) parts << (r.tpuCount == 1 ? tr("1 TPU") : tr("%1 TPUs").arg(r.tpuCount));
  return parts.join(QStringLiteral(", "));
}

QString JobStoryDialog::eventText(const JobEvent& event) const {
  switch (event.kind) {
    case JobEvent::Kind::Submitted: return tr("submitted, waiting");
    case JobEvent::Kind::Started: return tr("started");
    case JobEvent::Kind::Preempted: return tr("preempted, back in the queue");
    case JobEvent::Kind::Migrated: return tr("migrated to other devices");
    case JobEvent::Kind::NodeLost: return tr("its node went down, back in the queue");
    case JobEvent::Kind::Finished: return tr("finished");
    case JobEvent::Kind::Refused: return tr("refused: fits no node");
  }
  return {};
}

void JobStoryDialog::setStory(const JobStory& story) {
  m_story = story;
  const Job& job = story.job;
  m_heading->setText(tr("Job #%1 %2").arg(QString::number(job.id), QString::fromStdString(job.spec.name)));
  setWindowTitle(tr("Job #%1 — story").arg(job.id));
  auto set = [this](Row row, const QString& text) { m_values[static_cast<std::size_t>(row)]->setText(text); };
  const bool started = job.state == JobState::Running || job.state == JobState::Completed;
  set(State, stateText(job.state));
  set(Kind, jobKindName(job.spec.kind));
  set(Priority, tr("%1 · QoS %2%3")
                    .arg(priorityName(job.spec.priority), qosText(job.spec.qos),
                         job.spec.interruptible ? tr(" · may be preempted") : QString()));
  // Not every source knows who runs a job: say so rather than leave a blank.
  set(Owner, job.spec.owner.empty() && job.spec.team.empty() ? tr("not reported by this cluster's source")
                                                             : ownerText(job.spec));
  set(Request, requestText());
  set(Submitted, clockText(job.submitTimeMs));
  // The first start: a preempted or moved job started more than once.
  const auto first = std::ranges::find(story.events, JobEvent::Kind::Started, &JobEvent::kind);
  set(Started, first != story.events.end() ? clockText(first->atMs) : tr("not yet"));
  set(Ended, job.state == JobState::Completed ? clockText(job.endTimeMs) : tr("not yet"));
  set(Waited, durationText(story.waitedMs));
  set(Ran, durationText(story.ranMs));
  set(Estimate, job.spec.estimatedRuntimeS > 0
                    ? durationText(static_cast<std::int64_t>(job.spec.estimatedRuntimeS * 1000))
                    : tr("none given"));
  const bool waiting = job.state == JobState::Queued;
  set(PredictedStart, !waiting                      ? tr("—")
                      : story.predictedStartMs >= 0 ? clockText(story.predictedStartMs)
                                                    : tr("no prediction yet"));
  set(WaitReason, !waiting                                       ? tr("—")
                  : story.waitReason.cause == WaitCause::Unknown ? tr("no prediction yet")
                                                                 : waitReasonText(story.waitReason));
  set(Placement, started ? devicesText(job.devices) : tr("none yet"));
  m_strip->setStory(story);

  m_events->setRowCount(static_cast<int>(story.events.size()));
  for (std::size_t i = 0; i < story.events.size(); ++i) {
    const JobEvent& e = story.events[i];
    const auto row = static_cast<int>(i);
    m_events->setItem(row, 0, new QTableWidgetItem(clockText(e.atMs)));
    m_events->setItem(row, 1, new QTableWidgetItem(eventText(e)));
    m_events->setItem(row, 2, new QTableWidgetItem(devicesText(e.devices)));
  }
}

QString JobStoryDialog::displayedText() const {
  QStringList lines{m_heading->text()};
  for (int row = 0; row < RowCount; ++row) {
    const auto* label = qobject_cast<QLabel*>(m_form->itemAt(row, QFormLayout::LabelRole)->widget());
    lines << label->text() + QStringLiteral(": ") + m_values[static_cast<std::size_t>(row)]->text();
  }
  for (int row = 0; row < m_events->rowCount(); ++row)
    lines << QStringLiteral("%1 %2 %3")
                 .arg(m_events->item(row, 0)->text(), m_events->item(row, 1)->text(), m_events->item(row, 2)->text());
  return lines.join(QLatin1Char('\n'));
}

}  // namespace hetsched
