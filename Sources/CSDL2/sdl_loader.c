// The SDL functions `choreo preview` calls, resolved from libSDL2 at run time (see CSDL2.h).
#include "CSDL2.h"
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

// Each function the preview calls: return type, name, parameters, arguments.
#define CHOREO_SDL_FUNCTIONS(F) \
    F(int, SDL_InitSubSystem, (Uint32 flags), (flags)) \
    F(SDL_bool, SDL_SetHint, (const char *name, const char *value), (name, value)) \
    F(const char *, SDL_GetCurrentVideoDriver, (void), ()) \
    F(SDL_Window *, SDL_CreateWindow, (const char *title, int x, int y, int w, int h, Uint32 flags), (title, x, y, w, h, flags)) \
    F(SDL_Renderer *, SDL_CreateRenderer, (SDL_Window *window, int index, Uint32 flags), (window, index, flags)) \
    F(SDL_Texture *, SDL_CreateTexture, (SDL_Renderer *renderer, Uint32 format, int access, int w, int h), (renderer, format, access, w, h)) \
    F(int, SDL_SetTextureBlendMode, (SDL_Texture *texture, SDL_BlendMode mode), (texture, mode)) \
    F(int, SDL_GetWindowDisplayIndex, (SDL_Window *window), (window)) \
    F(int, SDL_GetCurrentDisplayMode, (int index, SDL_DisplayMode *mode), (index, mode)) \
    F(int, SDL_LockTexture, (SDL_Texture *texture, const SDL_Rect *rect, void **pixels, int *pitch), (texture, rect, pixels, pitch)) \
    F(int, SDL_RenderCopy, (SDL_Renderer *renderer, SDL_Texture *texture, const SDL_Rect *source, const SDL_Rect *target), (renderer, texture, source, target)) \
    F(int, SDL_PollEvent, (SDL_Event *event), (event)) \
    F(const char *, SDL_GetKeyName, (SDL_Keycode key), (key)) \
    F(const char *, SDL_GetError, (void), ()) \
    F(SDL_bool, SDL_GetWindowWMInfo, (SDL_Window *window, SDL_SysWMinfo *info), (window, info))

#define CHOREO_SDL_PROCEDURES(P) \
    P(SDL_QuitSubSystem, (Uint32 flags), (flags)) \
    P(SDL_DestroyWindow, (SDL_Window *window), (window)) \
    P(SDL_DestroyRenderer, (SDL_Renderer *renderer), (renderer)) \
    P(SDL_DestroyTexture, (SDL_Texture *texture), (texture)) \
    P(SDL_UnlockTexture, (SDL_Texture *texture), (texture)) \
    P(SDL_RenderPresent, (SDL_Renderer *renderer), (renderer))

#define POINTER(type, name, parameters, arguments) static type (SDLCALL *choreo_##name) parameters;
#define PROCEDURE_POINTER(name, parameters, arguments) static void (SDLCALL *choreo_##name) parameters;
CHOREO_SDL_FUNCTIONS(POINTER)
CHOREO_SDL_PROCEDURES(PROCEDURE_POINTER)

static void *library;
static const char *loadError;

int choreo_sdl_load(void) {
    if (library != NULL) return 1;
    void *handle = dlopen("libSDL2-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        loadError = dlerror();
        return 0;
    }
#define RESOLVE(name) \
    *(void **)&choreo_##name = dlsym(handle, #name); \
    if (choreo_##name == NULL) { loadError = "libSDL2 has no " #name; dlclose(handle); return 0; }
#define RESOLVE_FUNCTION(type, name, parameters, arguments) RESOLVE(name)
#define RESOLVE_PROCEDURE(name, parameters, arguments) RESOLVE(name)
    CHOREO_SDL_FUNCTIONS(RESOLVE_FUNCTION)
    CHOREO_SDL_PROCEDURES(RESOLVE_PROCEDURE)
    library = handle;
    loadError = NULL;
    return 1;
}

const char *choreo_sdl_load_error(void) { return loadError; }

// Loads the library for a function called before `choreo_sdl_load()` (the preview window calls
// that first, and reports its failure; a key name asked for with no window gets here), and stops
// with the reason if it cannot: there is no SDL function to call.
static void require_library(void) {
    if (library != NULL || choreo_sdl_load()) return;
    fprintf(stderr, "choreo: cannot load SDL2 (%s); install libsdl2-2.0-0\n", loadError);
    abort();
}

// The definitions `choreo` links instead of libSDL2's: each calls the function resolved above.
#define TRAMPOLINE(type, name, parameters, arguments) \
    type SDLCALL name parameters { require_library(); return choreo_##name arguments; }
#define PROCEDURE_TRAMPOLINE(name, parameters, arguments) \
    void SDLCALL name parameters { require_library(); choreo_##name arguments; }
CHOREO_SDL_FUNCTIONS(TRAMPOLINE)
CHOREO_SDL_PROCEDURES(PROCEDURE_TRAMPOLINE)
