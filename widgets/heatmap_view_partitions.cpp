// HeatmapView: GPUs split into MIG partitions (base/model/mig_layout.h), framed
// with their instances and labelled, from the topology alone.
#include "heatmap_overlay.h"
#include "heatmap_view.h"

#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace hetsched {

void HeatmapView::updatePartitionMarks() {
  std::vector<HeatmapOverlay::Run> gpus;
  std::vector<HeatmapOverlay::PartitionLabel> labels;
  // Merged bands show one device for many nodes: a frame there would claim
  // a partitioning for the wrong GPU.
  if (!m_mig.empty() && !m_bands.aggregated()) {
    for (std::size_t d = 0; d < m_topology->devices.size(); ++d) {
      const int row = m_bands.bandOfRow(m_layout.rowOfDevice(d));
      const auto slot = static_cast<int>(m_topology->devices[d].slot);
      if (m_mig.inMigMode(d)) {
        gpus.push_back({row, slot, static_cast<int>(m_topology->devices[m_mig.lastInstance(d)].slot)});
        labels.push_back({row, slot, tr("MIG"), tr("MIG")});
      } else if (m_mig.isInstance(d)) {
        const std::string_view profile = m_mig.profileOf(*m_topology, d);
        const QString text = QString::fromUtf8(profile.data(), static_cast<qsizetype>(profile.size()));
        labels.push_back({row, slot, text, text.section(QLatin1Char('.'), 0, -2)});
      }
    }
  }
  m_overlay->setPartitions(std::move(gpus), std::move(labels));
}

}  // namespace hetsched
