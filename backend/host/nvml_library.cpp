#include "nvml_library.h"

#include "shared_library.h"

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
constexpr NvmlReturn kSuccess = 0;
constexpr int kTemperatureGpu = 0;
constexpr unsigned int kNameLength = 96;  // NVML_DEVICE_NAME_V2_BUFFER_SIZE

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
};

namespace {

template <typename F>
bool resolve(const SharedLibrary& library, const char* name, F* out, std::string* why) {
  *out = reinterpret_cast<F>(library.symbol(name));
  if (!*out && why) *why = std::string("missing ") + name;
  return *out != nullptr;
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
  }
  return out;
}

}  // namespace hetsched
