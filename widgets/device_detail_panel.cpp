#include "device_detail_panel.h"

#include "base/model/device_model.h"
#include "base/model/frame.h"
#include "base/model/gpu_allocation.h"
#include "base/model/job_prediction.h"
#include "base/model/topology.h"
#include "device_teams.h"
#include "device_text.h"
#include "job_style.h"
#include "metric.h"
#include "theme.h"
#include "wait_reason_text.h"

#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

namespace hetsched {

DeviceDetailPanel::DeviceDetailPanel(QWidget* parent)
    : QWidget(parent),
      m_empty(new QLabel(tr("Select a device in the heatmap to see its details."), this)),
      m_details(new QWidget(this)),
      m_form(new QFormLayout(m_details)) {
  auto* layout = new QVBoxLayout(this);
  auto* heading = new QLabel(tr("Device details"), this);
  QFont headingFont = heading->font();
  headingFont.setBold(true);
  headingFont.setPointSizeF(headingFont.pointSizeF() * 1.15);
  heading->setFont(headingFont);
  layout->addWidget(heading);
  m_empty->setWordWrap(true);
  m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  layout->addWidget(m_empty);
  layout->addWidget(m_details);
  layout->addStretch(1);

  m_form->setContentsMargins(0, 0, 0, 0);
  m_form->setLabelAlignment(Qt::AlignRight);
  const QString labels[RowCount] = {
      tr("Node"),        tr("Node state"), tr("Kind"),      tr("Model"),       tr("Partition"),   tr("Peak"),
      tr("TDP"),         tr("Memory"),     tr("Bandwidth"), tr("Utilization"), tr("Memory used"), tr("Power"),
      tr("Temperature"), tr("Job"),        tr("Allocated"), tr("Held by"),     tr("Team"),        tr("Next predicted")};
  for (const QString& label : labels) {
    auto* value = new QLabel(m_details);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    value->setWordWrap(true);
    m_form->addRow(label, value);
    m_values.push_back(value);
  }
  m_form->setRowVisible(Partition, false);
  refresh();
}

void DeviceDetailPanel::setTopology(const Topology& topology) {
  setTopology(std::make_shared<const Topology>(topology));
}

void DeviceDetailPanel::setTopology(std::shared_ptr<const Topology> topology) {
  if (!topology) return;
  m_topology = std::move(topology);
  m_mig = MigLayout::of(*m_topology);
  // Only a cluster with MIG GPUs has partitions to name.
  m_form->setRowVisible(Partition, !m_mig.empty());
  if (m_frame && !frameMatches(*m_topology, *m_frame)) m_frame.reset();
  if (m_device && static_cast<std::size_t>(*m_device) >= m_topology->devices.size()) m_device.reset();
  refresh();
}

void DeviceDetailPanel::setFrame(const Frame& frame) {
  if (!frameMatches(*m_topology, frame)) return;
  // Never handed out, so refilling it in place is safe and does not allocate.
  if (!m_ownFrame) m_ownFrame = std::make_shared<Frame>();
  *m_ownFrame = frame;
  m_frame = m_ownFrame;
  refresh();
}

void DeviceDetailPanel::setFrame(std::shared_ptr<const Frame> frame) {
  if (!frame || !frameMatches(*m_topology, *frame)) return;
  m_frame = std::move(frame);
  refresh();
}

void DeviceDetailPanel::setPredictions(std::shared_ptr<const QueuePredictions> predictions) {
  m_predictions = std::move(predictions);
  refresh();
}

void DeviceDetailPanel::setJobNames(JobNames names) {
  m_jobNames = std::move(names);
  refresh();
}

void DeviceDetailPanel::setAllocation(std::shared_ptr<const GpuAllocation> allocation) {
  m_allocation = std::move(allocation);
  refresh();
}

void DeviceDetailPanel::setTeams(std::shared_ptr<const DeviceTeams> teams) {
  m_teams = std::move(teams);
  refresh();
}

void DeviceDetailPanel::setDevice(std::optional<int> device) {
  if (device && (*device < 0 || static_cast<std::size_t>(*device) >= m_topology->devices.size())) device.reset();
  m_device = device;
  refresh();
}

void DeviceDetailPanel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitRows();
}

// QFormLayout (Qt 6.4) shares the height of adjacent rows whose values wrap
// between them, clipping the longer one (a MIG instance's model and its
// partition); so each value asks for the lines it needs at its width.
void DeviceDetailPanel::fitRows() {
  for (QLabel* value : m_values) value->setMinimumHeight(std::max(0, value->heightForWidth(value->width())));
}

bool DeviceDetailPanel::showsEmptyState() const { return !m_details->isVisibleTo(this); }

QString DeviceDetailPanel::displayedText() const {
  if (showsEmptyState()) return m_empty->text();
  QStringList lines;
  for (int row = 0; row < RowCount; ++row) {
    if (row == Partition && m_mig.empty()) continue;
    const auto* label = qobject_cast<QLabel*>(m_form->itemAt(row, QFormLayout::LabelRole)->widget());
    lines << label->text() + QStringLiteral(": ") + m_values[static_cast<std::size_t>(row)]->text();
  }
  return lines.join(QLatin1Char('\n'));
}

void DeviceDetailPanel::refresh() {
  m_empty->setVisible(!m_device);
  m_details->setVisible(m_device.has_value());
  if (!m_device) return;

  const auto device = static_cast<std::size_t>(*m_device);
  const DeviceInfo& info = m_topology->devices[device];
  const NodeInfo& node = m_topology->nodes[info.node];
  const DeviceModel& model = m_topology->models[info.model];
  auto set = [this](Row row, const QString& text) { m_values[row]->setText(text); };
  set(Node, tr("%1, slot %2").arg(QString::fromStdString(node.name), QString::number(info.slot)));
  const bool haveFrame = m_frame != nullptr;
  const bool up = haveFrame && m_frame->nodeUp[info.node] != 0;
  set(State, haveFrame ? nodeStateText(up) : tr("unknown"));
  m_values[State]->setStyleSheet(
      haveFrame && !up ? QStringLiteral("color: %1; font-weight: bold;")
                             .arg(Theme::isDark(palette()) ? QStringLiteral("#ff8a80") : QStringLiteral("#b3261e"))
                       : QString());
  set(Kind, kindName(model.kind));
  set(Model, QString::fromStdString(model.name));
  const QString partition = m_mig.empty() ? QString() : partitionText(*m_topology, m_mig, device);
  set(Partition, partition.isEmpty() ? tr("—") : partition);
  set(Peak, tr("%1 TFLOPS").arg(QString::number(model.peakTflops, 'g', 4)));
  set(Tdp, tr("%1 W").arg(QString::number(model.tdpWatts, 'f', 0)));
  set(MemorySize, tr("%1 GiB").arg(QString::number(static_cast<double>(model.memoryMib) / 1024.0, 'g', 4)));
  set(Bandwidth, tr("%1 GB/s").arg(QString::number(model.memoryBandwidthGbps, 'g', 5)));
  const Row metricRows[] = {Utilization, MemoryUsed, Power, Temperature};
  for (std::size_t i = 0; i < kMetrics.size(); ++i) {
    set(metricRows[i], haveFrame ? formatMetric(kMetrics[i], metricValue(*m_frame, device, kMetrics[i])) : tr("—"));
  }
  set(Job, haveFrame ? jobText(m_frame->job[device], m_jobNames) : tr("—"));
  const bool haveAllocation = m_allocation && m_allocation->deviceCount() == m_topology->devices.size();
  set(Allocated, haveAllocation ? allocationText(*m_allocation, device) : tr("—"));
  const QStringList holders = haveAllocation ? shareLines(*m_allocation, device, m_jobNames) : QStringList();
  set(HeldBy, holders.isEmpty() ? tr("—") : holders.join(QLatin1Char('\n')));
  const bool haveTeams = m_teams && m_teams->deviceCount() == m_topology->devices.size();
  set(Team, haveTeams ? teamsText(*m_teams, haveAllocation ? m_allocation.get() : nullptr, device) : tr("—"));
  // Predictions come in order of start: the first on this device is next.
  const JobPrediction* next = nullptr;
  if (m_predictions)
    for (const JobPrediction& p : m_predictions->jobs)
      if (p.startMs >= 0 && std::ranges::find(p.devices, static_cast<std::uint32_t>(device)) != p.devices.end()) {
        next = &p;
        break;
      }
  set(NextPredicted, next ? tr("%1 at %2").arg(jobText(next->job, m_jobNames), clockText(next->startMs)) : tr("—"));
  m_values[NextPredicted]->setToolTip(next ? waitReasonText(next->reason) : QString());
  fitRows();
}

}  // namespace hetsched
