// Private to the shim: the per-state sandbox struct shared by state.c, boxes.c and sandbox.c.
#ifndef CLUASHIM_INTERNAL_H
#define CLUASHIM_INTERNAL_H
#include "CLuaShim.h"

/// Everything the shim keeps per Lua state. Reached through `lua_getextraspace`, which Lua copies
/// into every coroutine, so each thread of the state finds the same struct.
typedef struct lsx_sandbox {
    size_t used;              // bytes currently allocated through `capped_alloc`
    size_t limit;             // cap while Lua frames are innermost; 0 = none
    const size_t *host_used;  // bytes of host objects charged to the same cap (NULL: none)
    int in_lua;               // 1 while Lua (or the C library under it) is innermost
    long long budget;         // instructions left in this run
    int hook_count;           // instructions between hook calls while not killed
    int killed;               // sticky: set when the budget ran out, cleared by lsx_arm
    size_t message_length;    // bytes of message before the traceback (set by the handler)
    size_t handled_length;    // total length of the handler's result, to recognise it
    lsx_dispatch_fn dispatch;
    lsx_release_fn release;
    void *host;
    lua_State *main;
    char memory_position[LUA_IDSIZE + 24];  // "file:line:" when the allocator last refused
} lsx_sandbox;

#define SB(L) (*(lsx_sandbox **)lua_getextraspace(L))

/// Registry keys: the addresses of these variables.
extern char lsx_box_metatable_key;
extern char lsx_object_cache_key;

/// Pushes an 8-byte userdata holding `box`, with the metatable the registry holds under `key`.
void lsx_push_slot(lua_State *L, void *box, const void *metatable_key);

/// Calls the host dispatcher with the Lua arguments in place and raises its error afterwards.
int lsx_call_host(lua_State *L, void *box);

#endif
