// A kubeconfig (hetschedd --source kubernetes --kubeconfig FILE): YAML read
// with yaml-cpp into the context to connect as. Input: the context name, a
// NUL byte, the YAML (without a NUL: all YAML, current-context).
#include "sources/kube/kube_config.h"
#include "fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using namespace hetsched;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view all = fuzz::text(data, size);
  const std::size_t cut = all.find('\0');
  const std::string context(cut == std::string_view::npos ? std::string_view() : all.substr(0, cut));
  const std::string yaml(cut == std::string_view::npos ? all : all.substr(cut + 1));
  // Relative file references resolve against a folder that does not exist:
  // parsing must not read them.
  (void)parseKubeconfig(yaml, context, "/nonexistent/hetsched-fuzz");
  (void)kubeconfigContexts(yaml);
  (void)decodeBase64(yaml);
  return 0;
}
