// giflib from the system (Debian: libgif-dev). It ships no pkg-config file, so the module map
// links it by name.
#include <gif_lib.h>
