#include "choreo_plugin.h"

int choreo_plugin_host_abi_version(void) { return CHOREO_PLUGIN_ABI_VERSION; }
