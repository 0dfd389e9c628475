// A stand-in for NVIDIA's libnvidia-ml.so.1 that the host tests build and
// load through HostReaderOptions::nvmlLibrary: the nvml* functions
// NvmlLibrary calls, with NVML's documented signatures and return codes,
// answering for the GPUs described by HETSCHED_FAKE_NVML at nvmlInit_v2:
//
//   GPU;GPU;...   GPU = NAME|MEMORY_MIB|MODE
//   MODE = plain        a GPU without MIG (nvmlDeviceGetMigMode: disabled)
//        | unsupported  MIG calls answer NVML_ERROR_NOT_SUPPORTED
//        | mig=P+P+...  MIG mode with 7 slices and one instance per
//                       profile P ("3g.20gb", "1c.3g.20gb")
//
// Built twice: fake_nvml, and fake_nvml_no_mig without the MIG functions
// (FAKE_NVML_NO_MIG), as a driver older than MIG (R450) is.
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

namespace {

constexpr int kSuccess = 0;
constexpr int kUninitialized = 1;
constexpr int kInvalidArgument = 2;
constexpr int kNotSupported = 3;
constexpr int kInsufficientSize = 7;
constexpr unsigned long long kMib = 1024ull * 1024ull;
#ifndef FAKE_NVML_NO_MIG
// Only the MIG functions use these, and fake_nvml_no_mig leaves them out.
constexpr int kNotFound = 6;
constexpr unsigned int kSlices = 7;
#endif

enum class Mode { Plain, Unsupported, Mig };

struct Device {
  std::string name;
  Mode mode = Mode::Plain;
  unsigned long long memoryTotal = 0;
  unsigned long long memoryUsed = 0;
  unsigned int utilization = 0;  // percent
  unsigned int milliwatts = 0;
  unsigned int celsius = 0;
  std::vector<Device*> instances;
  // A MIG instance only.
  bool isInstance = false;
  unsigned int gpuInstanceId = 0;
  unsigned int computeInstanceId = 0;
  unsigned int gpuSlices = 0;
  unsigned int computeSlices = 0;
};

std::deque<Device> g_devices;  // stable addresses: the handles
std::vector<Device*> g_gpus;
bool g_initialised = false;

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string::size_type start = 0;
  while (start <= text.size()) {
    const auto end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return parts;
}

// "1c.3g.20gb" -> compute 1, GPU 3, 20 GB; "3g.20gb" -> 3, 3, 20.
bool parseProfile(const std::string& profile, unsigned int* compute, unsigned int* gpu, unsigned int* gb) {
  const auto parts = split(profile, '.');
  if (parts.size() < 2 || parts.size() > 3) return false;
  std::size_t i = 0;
  *compute = 0;
  if (parts.size() == 3) *compute = static_cast<unsigned int>(std::atoi(parts[i++].c_str()));
  *gpu = static_cast<unsigned int>(std::atoi(parts[i++].c_str()));
  *gb = static_cast<unsigned int>(std::atoi(parts[i].c_str()));
  if (*compute == 0) *compute = *gpu;
  return *gpu > 0 && *gb > 0;
}

bool load(const char* spec) {
  g_devices.clear();
  g_gpus.clear();
  if (!spec) return true;
  for (const std::string& gpu : split(spec, ';')) {
    if (gpu.empty()) continue;
    const auto fields = split(gpu, '|');
    if (fields.size() != 3) return false;
    Device& d = g_devices.emplace_back();
    d.name = fields[0];
    d.memoryTotal = std::strtoull(fields[1].c_str(), nullptr, 10) * kMib;
    d.utilization = 40 + static_cast<unsigned int>(g_gpus.size());
    d.milliwatts = 250000;
    d.celsius = 55;
    d.memoryUsed = d.memoryTotal / 4;
    g_gpus.push_back(&d);
    if (fields[2] == "plain") continue;
    if (fields[2] == "unsupported") {
      d.mode = Mode::Unsupported;
      continue;
    }
    if (fields[2].rfind("mig=", 0) != 0) return false;
    d.mode = Mode::Mig;
    d.utilization = 0;  // NVML reports none for a GPU in MIG mode
    Device* parent = &d;
    for (const std::string& profile : split(fields[2].substr(4), '+')) {
      Device& m = g_devices.emplace_back();
      unsigned int gb = 0;
      if (!parseProfile(profile, &m.computeSlices, &m.gpuSlices, &gb)) return false;
      // An instance has a little less than its nominal GB, as on an A100
      // (3g.20gb: 19968 MiB).
      m.memoryTotal = gb * 1024ull * 39ull / 40ull * kMib;
      m.isInstance = true;
      m.name = parent->name + " MIG " + profile;
      m.gpuInstanceId = static_cast<unsigned int>(parent->instances.size()) + 1;
      m.memoryUsed = m.memoryTotal / 10 * (parent->instances.size() + 1);
      parent->instances.push_back(&m);
    }
  }
  return true;
}

Device* deviceOf(void* handle) {
  for (Device& d : g_devices)
    if (&d == handle) return &d;
  return nullptr;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) int nvmlInit_v2() {
  if (!load(std::getenv("HETSCHED_FAKE_NVML"))) return kInvalidArgument;
  g_initialised = true;
  return kSuccess;
}

__attribute__((visibility("default"))) int nvmlShutdown() {
  g_initialised = false;
  return kSuccess;
}

__attribute__((visibility("default"))) int nvmlDeviceGetCount_v2(unsigned int* count) {
  if (!g_initialised) return kUninitialized;
  if (!count) return kInvalidArgument;
  *count = static_cast<unsigned int>(g_gpus.size());
  return kSuccess;
}

__attribute__((visibility("default"))) int nvmlDeviceGetHandleByIndex_v2(unsigned int index, void** device) {
  if (!g_initialised) return kUninitialized;
  if (!device || index >= g_gpus.size()) return kInvalidArgument;
  *device = g_gpus[index];
  return kSuccess;
}

__attribute__((visibility("default"))) int nvmlDeviceGetName(void* device, char* name, unsigned int length) {
  const Device* d = deviceOf(device);
  if (!d || !name) return kInvalidArgument;
  if (d->name.size() + 1 > length) return kInsufficientSize;
  std::memcpy(name, d->name.c_str(), d->name.size() + 1);
  return kSuccess;
}

struct Utilization {
  unsigned int gpu;
  unsigned int memory;
};

__attribute__((visibility("default"))) int nvmlDeviceGetUtilizationRates(void* device, Utilization* utilization) {
  const Device* d = deviceOf(device);
  if (!d || !utilization) return kInvalidArgument;
  if (d->isInstance || d->mode == Mode::Mig) return kNotSupported;
  utilization->gpu = d->utilization;
  utilization->memory = d->utilization / 2;
  return kSuccess;
}

struct Memory {
  unsigned long long total;
  unsigned long long free;
  unsigned long long used;
};

__attribute__((visibility("default"))) int nvmlDeviceGetMemoryInfo(void* device, Memory* memory) {
  const Device* d = deviceOf(device);
  if (!d || !memory) return kInvalidArgument;
  memory->total = d->memoryTotal;
  memory->used = d->memoryUsed;
  memory->free = d->memoryTotal - d->memoryUsed;
  return kSuccess;
}

__attribute__((visibility("default"))) int nvmlDeviceGetPowerUsage(void* device, unsigned int* milliwatts) {
  const Device* d = deviceOf(device);
  if (!d || !milliwatts) return kInvalidArgument;
  if (d->isInstance) return kNotSupported;
  *milliwatts = d->milliwatts;
  return kSuccess;
}

__attribute__((visibility("default"))) int nvmlDeviceGetTemperature(void* device, int sensor, unsigned int* celsius) {
  const Device* d = deviceOf(device);
  if (!d || !celsius || sensor != 0) return kInvalidArgument;
  if (d->isInstance) return kNotSupported;
  *celsius = d->celsius;
  return kSuccess;
}

#ifndef FAKE_NVML_NO_MIG

__attribute__((visibility("default"))) int nvmlDeviceGetMigMode(void* device, unsigned int* current,
                                                                unsigned int* pending) {
  const Device* d = deviceOf(device);
  if (!d || !current || !pending || d->isInstance) return kInvalidArgument;
  if (d->mode == Mode::Unsupported) return kNotSupported;
  *current = *pending = d->mode == Mode::Mig ? 1 : 0;
  return kSuccess;
}

__attribute__((visibility("default"))) int nvmlDeviceGetMaxMigDeviceCount(void* device, unsigned int* count) {
  const Device* d = deviceOf(device);
  if (!d || !count) return kInvalidArgument;
  if (d->mode == Mode::Unsupported) return kNotSupported;
  *count = d->mode == Mode::Mig ? kSlices : 0;
  return kSuccess;
}

__attribute__((visibility("default"))) int nvmlDeviceGetMigDeviceHandleByIndex(void* device, unsigned int index,
                                                                               void** mig) {
  const Device* d = deviceOf(device);
  if (!d || !mig || d->isInstance) return kInvalidArgument;
  if (d->mode != Mode::Mig) return kNotSupported;
  if (index >= kSlices) return kInvalidArgument;
  if (index >= d->instances.size()) return kNotFound;
  *mig = d->instances[index];
  return kSuccess;
}

__attribute__((visibility("default"))) int nvmlDeviceGetGpuInstanceId(void* device, unsigned int* id) {
  const Device* d = deviceOf(device);
  if (!d || !id) return kInvalidArgument;
  if (!d->isInstance) return kNotSupported;
  *id = d->gpuInstanceId;
  return kSuccess;
}

__attribute__((visibility("default"))) int nvmlDeviceGetComputeInstanceId(void* device, unsigned int* id) {
  const Device* d = deviceOf(device);
  if (!d || !id) return kInvalidArgument;
  if (!d->isInstance) return kNotSupported;
  *id = d->computeInstanceId;
  return kSuccess;
}

struct Attributes {
  unsigned int multiprocessorCount;
  unsigned int sharedCopyEngineCount;
  unsigned int sharedDecoderCount;
  unsigned int sharedEncoderCount;
  unsigned int sharedJpegCount;
  unsigned int sharedOfaCount;
  unsigned int gpuInstanceSliceCount;
  unsigned int computeInstanceSliceCount;
  unsigned long long memorySizeMB;
};

__attribute__((visibility("default"))) int nvmlDeviceGetAttributes_v2(void* device, Attributes* attributes) {
  const Device* d = deviceOf(device);
  if (!d || !attributes) return kInvalidArgument;
  *attributes = {};
  attributes->multiprocessorCount = d->isInstance ? 14 * d->computeSlices : 108;
  attributes->gpuInstanceSliceCount = d->gpuSlices;
  attributes->computeInstanceSliceCount = d->computeSlices;
  attributes->memorySizeMB = d->memoryTotal / kMib;
  return kSuccess;
}

#endif

}  // extern "C"
