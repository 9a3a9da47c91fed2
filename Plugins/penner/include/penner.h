/* penner: Robert Penner's easing equations as a Choreo timing-provider plugin (libpenner.so).
 * The library's only export is choreo_plugin_entry (choreo_plugin.h). */
#ifndef PENNER_H
#define PENNER_H
#include "choreo_plugin.h"
const choreo_plugin_descriptor *choreo_plugin_entry(void);
#endif
