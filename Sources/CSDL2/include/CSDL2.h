// SDL2 from the system (Debian: libsdl2-dev for the headers, libsdl2-2.0-0 at run time), for
// `choreo preview`'s window only. SDL_MAIN_HANDLED: Choreo's own main runs; SDL's main wrapper is
// not used.
//
// `choreo` does not link libSDL2: its run, trace, render and test commands would load it and the
// fifty libraries it needs (sound, Wayland, D-Bus, ...) at every start, 4.4 MiB of resident memory
// for nothing. The SDL functions the preview calls are defined in sdl_loader.c, each calling
// through a pointer that `choreo_sdl_load()` takes from libSDL2 with dlopen on first use.
#define SDL_MAIN_HANDLED 1
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

// Loads libSDL2 and resolves every function the preview calls; 1 on success (and at once after
// one), 0 with `choreo_sdl_load_error()` saying why. Call it before any other SDL function.
int choreo_sdl_load(void);
// Why the last `choreo_sdl_load()` failed, or NULL.
const char *choreo_sdl_load_error(void);

// The X11 id of an SDL window (for the X Present extension's vblank times), 0 when the window is
// not an X11 one. A C function: SDL_VERSION is a macro and the window info a union.
static inline uint32_t choreo_sdl_x11_window(SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo(window, &info) == SDL_TRUE && info.subsystem == SDL_SYSWM_X11) {
        return (uint32_t)info.info.x11.window;
    }
#endif
    return 0;
}
