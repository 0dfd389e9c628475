#include "history_convert.h"

#include "base/history/device_history.h"
#include "hetsched.pb.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

namespace hetsched {

namespace {

void put(const MetricSeries& series, v1::MetricSeries* out) {
  out->mutable_min()->Assign(series.min.begin(), series.min.end());
  out->mutable_max()->Assign(series.max.begin(), series.max.end());
}

bool take(const v1::MetricSeries& in, std::uint32_t points, MetricSeries* out) {
  if (in.min_size() != static_cast<int>(points) || in.max_size() != static_cast<int>(points)) return false;
  out->min.assign(in.min().begin(), in.min().end());
  out->max.assign(in.max().begin(), in.max().end());
  return true;
}

}  // namespace

void toProto(const HistoryRequest& request, v1::GetDeviceHistoryRequest* out) {
  out->mutable_devices()->Assign(request.devices.begin(), request.devices.end());
  out->set_from_ms(request.fromMs);
  out->set_to_ms(request.toMs);
  out->set_points(request.points);
}

HistoryRequest fromProto(const v1::GetDeviceHistoryRequest& request) {
  HistoryRequest out;
  out.devices.assign(request.devices().begin(), request.devices().end());
  out.fromMs = request.from_ms();
  out.toMs = request.to_ms();
  out.points = request.points();
  return out;
}

void toProto(const DeviceHistory& history, v1::GetDeviceHistoryResponse* out) {
  out->set_from_ms(history.fromMs);
  out->set_to_ms(history.toMs);
  out->set_points(history.points);
  out->set_frames_read(history.framesRead);
  out->mutable_devices()->Reserve(static_cast<int>(history.devices.size()));
  for (const DeviceSeries& series : history.devices) {
    v1::DeviceSeries* d = out->add_devices();
    d->set_device(series.device);
    put(series.of(SeriesMetric::Utilization), d->mutable_utilization());
    put(series.of(SeriesMetric::Memory), d->mutable_memory_used());
    put(series.of(SeriesMetric::Power), d->mutable_power_watts());
    put(series.of(SeriesMetric::Temperature), d->mutable_temperature_c());
    for (const JobSpan& span : series.jobs) {
      v1::JobSpan* j = d->add_jobs();
      j->set_job(span.job);
      j->set_start_ms(span.startMs);
      j->set_end_ms(span.endMs);
    }
    d->set_jobs_left_out(series.jobsLeftOut);
  }
}

std::variant<DeviceHistory, std::string> fromProto(const v1::GetDeviceHistoryResponse& in) {
  if (in.points() > HistoryLimits::kMaxPoints) return std::string("points: more than the limit");
  if (in.devices_size() > static_cast<int>(HistoryLimits::kMaxDevices))
    return std::string("devices: more than the limit");
  if (in.to_ms() < in.from_ms()) return std::string("to_ms: before from_ms");
  DeviceHistory out;
  out.fromMs = in.from_ms();
  out.toMs = in.to_ms();
  out.points = in.points();
  out.framesRead = in.frames_read();
  out.devices.resize(static_cast<std::size_t>(in.devices_size()));
  for (int i = 0; i < in.devices_size(); ++i) {
    const v1::DeviceSeries& d = in.devices(i);
    DeviceSeries& series = out.devices[static_cast<std::size_t>(i)];
    series.device = d.device();
    const std::array<const v1::MetricSeries*, kSeriesMetricCount> wire{&d.utilization(), &d.memory_used(),
                                                                       &d.power_watts(), &d.temperature_c()};
    for (std::size_t m = 0; m < kSeriesMetricCount; ++m) {
      if (!take(*wire[m], out.points, &series.metrics[m]))
        return "devices[" + std::to_string(i) + "]: a series without one value per point";
    }
    if (d.jobs_size() > static_cast<int>(HistoryLimits::kMaxJobSpans))
      return "devices[" + std::to_string(i) + "].jobs: more than the limit";
    for (const v1::JobSpan& j : d.jobs()) series.jobs.push_back({j.job(), j.start_ms(), j.end_ms()});
    series.jobsLeftOut = d.jobs_left_out();
  }
  return out;
}

}  // namespace hetsched
