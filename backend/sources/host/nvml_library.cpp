#include "nvml_library.h"

#include "base/model/mig_layout.h"
#include "gpu_reading.h"
#include "shared_library.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

// The handful of NVML types we use, declared from NVML's documented ABI
// (all calls return an int status, 0 = NVML_SUCCESS).
using NvmlReturn = int;
using NvmlDevice = void*;
struct NvmlUtilization {
  unsigned int gpu;
  unsigned int memory;
};
struct NvmlMemory {
  unsigned long long total;
  unsigned long long free;
  unsigned long long used;
};
// nvmlDeviceAttributes_t, as nvmlDeviceGetAttributes_v2 fills it.
struct NvmlAttributes {
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
constexpr NvmlReturn kSuccess = 0;
constexpr int kTemperatureGpu = 0;
constexpr unsigned int kNameLength = 96;  // NVML_DEVICE_NAME_V2_BUFFER_SIZE
constexpr unsigned int kMigEnabled = 1;   // NVML_DEVICE_MIG_ENABLE
constexpr std::uint64_t kMib = std::uint64_t{1024} * 1024;

}  // namespace

struct NvmlLibrary::Api {
  NvmlReturn (*init)() = nullptr;
  NvmlReturn (*shutdown)() = nullptr;
  NvmlReturn (*getCount)(unsigned int*) = nullptr;
  NvmlReturn (*getHandle)(unsigned int, NvmlDevice*) = nullptr;
  NvmlReturn (*getName)(NvmlDevice, char*, unsigned int) = nullptr;
  NvmlReturn (*getUtilization)(NvmlDevice, NvmlUtilization*) = nullptr;
  NvmlReturn (*getMemory)(NvmlDevice, NvmlMemory*) = nullptr;
  NvmlReturn (*getPower)(NvmlDevice, unsigned int*) = nullptr;
  NvmlReturn (*getTemperature)(NvmlDevice, int, unsigned int*) = nullptr;
  // MIG (R450 and later); null on older drivers.
  NvmlReturn (*getMigMode)(NvmlDevice, unsigned int*, unsigned int*) = nullptr;
  NvmlReturn (*getMaxMigCount)(NvmlDevice, unsigned int*) = nullptr;
  NvmlReturn (*getMigHandle)(NvmlDevice, unsigned int, NvmlDevice*) = nullptr;
  NvmlReturn (*getGpuInstanceId)(NvmlDevice, unsigned int*) = nullptr;
  NvmlReturn (*getComputeInstanceId)(NvmlDevice, unsigned int*) = nullptr;
  NvmlReturn (*getAttributes)(NvmlDevice, NvmlAttributes*) = nullptr;
};

namespace {

template <typename F>
bool resolve(const SharedLibrary& library, const char* name, F* out, std::string* why) {
  *out = reinterpret_cast<F>(library.symbol(name));
  if (!*out && why) *why = std::string("missing ") + name;
  return *out != nullptr;
}

// NVIDIA's profile name ("3g.20gb"; "1c.3g.20gb" when the compute instance
// holds fewer slices than its GPU instance). The memory part is the
// instance's share of the GPU rounded up to eighths, times the GPU's memory
// in whole GB, as NVIDIA's device plugin (go-nvlib) computes it: an A100's
// 19968 MiB instance of 40960 MiB is "20gb", not "19gb".
std::string profileName(const NvmlAttributes& a, std::uint64_t gpuMib) {
  const double share = gpuMib > 0 ? std::ceil(static_cast<double>(a.memorySizeMB) / gpuMib * 8.0) / 8.0 : 0.0;
  const auto gb = static_cast<unsigned long long>(std::lround(share * std::ceil(gpuMib / 1024.0)));
  std::string profile = std::to_string(a.gpuInstanceSliceCount) + "g." + std::to_string(gb) + "gb";
  if (a.computeInstanceSliceCount < a.gpuInstanceSliceCount)
    profile = std::to_string(a.computeInstanceSliceCount) + "c." + profile;
  return profile;
}

// Without nvmlDeviceGetAttributes_v2 (its first drivers): the profile NVML
// puts in a MIG device's name ("NVIDIA A100-SXM4-40GB MIG 3g.20gb"), and its
// slices from the profile's first number.
void profileFromName(const std::string& name, GpuReading& r) {
  const auto mig = parseMigModelName(name);
  r.migProfile = mig ? std::string(mig->profile) : "unknown";
  r.migSlices = 0;
  for (const char c : r.migProfile) {
    if (c < '0' || c > '9') break;
    r.migSlices = r.migSlices * 10 + static_cast<std::uint32_t>(c - '0');
  }
}

}  // namespace

std::unique_ptr<NvmlLibrary> NvmlLibrary::open(const std::string& soname, std::string* why) {
  auto library = SharedLibrary::open(soname, why);
  if (!library) return nullptr;
  auto api = std::make_unique<Api>();
  const bool ok = resolve(*library, "nvmlInit_v2", &api->init, why) &&
                  resolve(*library, "nvmlShutdown", &api->shutdown, why) &&
                  resolve(*library, "nvmlDeviceGetCount_v2", &api->getCount, why) &&
                  resolve(*library, "nvmlDeviceGetHandleByIndex_v2", &api->getHandle, why) &&
                  resolve(*library, "nvmlDeviceGetName", &api->getName, why) &&
                  resolve(*library, "nvmlDeviceGetUtilizationRates", &api->getUtilization, why) &&
                  resolve(*library, "nvmlDeviceGetMemoryInfo", &api->getMemory, why) &&
                  resolve(*library, "nvmlDeviceGetPowerUsage", &api->getPower, why) &&
                  resolve(*library, "nvmlDeviceGetTemperature", &api->getTemperature, why);
  if (!ok || api->init() != kSuccess) {
    if (ok && why) *why = "nvmlInit_v2 failed (no driver or no GPU)";
    return nullptr;
  }
  // Optional: without them every GPU reads whole.
  resolve(*library, "nvmlDeviceGetMigMode", &api->getMigMode, nullptr);
  resolve(*library, "nvmlDeviceGetMaxMigDeviceCount", &api->getMaxMigCount, nullptr);
  resolve(*library, "nvmlDeviceGetMigDeviceHandleByIndex", &api->getMigHandle, nullptr);
  resolve(*library, "nvmlDeviceGetGpuInstanceId", &api->getGpuInstanceId, nullptr);
  resolve(*library, "nvmlDeviceGetComputeInstanceId", &api->getComputeInstanceId, nullptr);
  resolve(*library, "nvmlDeviceGetAttributes_v2", &api->getAttributes, nullptr);
  std::unique_ptr<NvmlLibrary> lib(new NvmlLibrary(std::move(library), std::move(api)));
  unsigned int count = 0;
  if (lib->m_api->getCount(&count) != kSuccess) count = 0;
  for (unsigned int i = 0; i < count; ++i) {
    NvmlDevice device = nullptr;
    if (lib->m_api->getHandle(i, &device) != kSuccess) continue;
    char name[kNameLength] = {};
    if (lib->m_api->getName(device, name, kNameLength) != kSuccess) name[0] = '\0';
    lib->m_devices.push_back(device);
    lib->m_names.emplace_back(name[0] ? name : "NVIDIA GPU");
  }
  return lib;
}

NvmlLibrary::NvmlLibrary(std::unique_ptr<SharedLibrary> library, std::unique_ptr<Api> api)
    : m_library(std::move(library)), m_api(std::move(api)) {}

// Shut NVML down before m_library unloads it.
NvmlLibrary::~NvmlLibrary() { m_api->shutdown(); }

bool NvmlLibrary::readsMig() const { return m_api->getMigMode && m_api->getMaxMigCount && m_api->getMigHandle; }

std::vector<GpuReading> NvmlLibrary::read() const {
  std::vector<GpuReading> out;
  out.reserve(m_devices.size());
  for (std::size_t i = 0; i < m_devices.size(); ++i) {
    GpuReading r;
    r.name = m_names[i];
    NvmlUtilization util{};
    if (m_api->getUtilization(m_devices[i], &util) == kSuccess) r.utilization = util.gpu / 100.0;
    NvmlMemory memory{};
    if (m_api->getMemory(m_devices[i], &memory) == kSuccess) {
      r.memoryTotalBytes = memory.total;
      r.memoryUsedBytes = memory.used;
    }
    unsigned int milliwatts = 0;
    if (m_api->getPower(m_devices[i], &milliwatts) == kSuccess) r.powerWatts = milliwatts / 1000.0;
    unsigned int celsius = 0;
    if (m_api->getTemperature(m_devices[i], kTemperatureGpu, &celsius) == kSuccess) r.temperatureC = celsius;
    out.push_back(std::move(r));
    if (readsMig()) readMigInstances(i, out);
  }
  return out;
}

// NVML reports memory per MIG instance but no utilisation, power or
// temperature (those stay the whole GPU's), so an instance reads only its
// memory. A GPU whose MIG calls fail (NOT_SUPPORTED on GPUs without MIG) is
// a whole GPU.
void NvmlLibrary::readMigInstances(std::size_t gpu, std::vector<GpuReading>& out) const {
  unsigned int current = 0;
  unsigned int pending = 0;
  unsigned int maxCount = 0;
  if (m_api->getMigMode(m_devices[gpu], &current, &pending) != kSuccess || current != kMigEnabled) return;
  if (m_api->getMaxMigCount(m_devices[gpu], &maxCount) != kSuccess || maxCount == 0) return;
  const auto parent = static_cast<int>(out.size() - 1);
  // nvmlDeviceGetMaxMigDeviceCount is the GPU's slice count: 7 on an A100 or
  // H100 (seven 1g instances), 4 on an A30.
  out.back().migSlices = maxCount;
  const std::uint64_t gpuMib = out.back().memoryTotalBytes / kMib;
  for (unsigned int index = 0; index < maxCount; ++index) {
    NvmlDevice mig = nullptr;
    // NOT_FOUND: no instance at this index (indices can have gaps).
    if (m_api->getMigHandle(m_devices[gpu], index, &mig) != kSuccess) continue;
    GpuReading r;
    r.migParent = parent;
    char name[kNameLength] = {};
    if (m_api->getName(mig, name, kNameLength) != kSuccess) name[0] = '\0';
    NvmlAttributes attributes{};
    if (m_api->getAttributes && m_api->getAttributes(mig, &attributes) == kSuccess) {
      r.migProfile = profileName(attributes, gpuMib);
      r.migSlices = attributes.computeInstanceSliceCount;
      r.multiprocessors = attributes.multiprocessorCount;
    } else {
      profileFromName(name, r);
    }
    r.name = migModelName(m_names[gpu], r.migProfile);
    NvmlMemory memory{};
    if (m_api->getMemory(mig, &memory) == kSuccess) {
      r.memoryTotalBytes = memory.total;
      r.memoryUsedBytes = memory.used;
    }
    unsigned int id = 0;
    if (m_api->getGpuInstanceId && m_api->getGpuInstanceId(mig, &id) == kSuccess) r.gpuInstanceId = id;
    if (m_api->getComputeInstanceId && m_api->getComputeInstanceId(mig, &id) == kSuccess) r.computeInstanceId = id;
    out.push_back(std::move(r));
  }
}

}  // namespace hetsched
