// cairo from the system (Debian: libcairo2-dev).
#include <cairo.h>
#include <cairo-svg.h>
