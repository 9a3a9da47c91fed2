// SDL2 from the system (Debian: libsdl2-dev), for `choreo preview`'s window.
// SDL_MAIN_HANDLED: Choreo's own main runs; SDL's main wrapper is not used.
#define SDL_MAIN_HANDLED 1
#include <SDL.h>
