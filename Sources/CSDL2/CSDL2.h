// SDL2 from the system (Debian: libsdl2-dev), for `choreo preview`'s window.
// SDL_MAIN_HANDLED: Choreo's own main runs; SDL's main wrapper is not used.
#define SDL_MAIN_HANDLED 1
#include <SDL.h>
#include <SDL_syswm.h>

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
