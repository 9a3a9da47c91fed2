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
    long long turn;           // counts lsx_arm calls: a coroutine is charged once per turn it runs in
    double time_limit;        // seconds one turn may last; 0 = none
    long long deadline_ns;    // CLOCK_MONOTONIC time the turn must end by; 0 until its first hook call
    size_t message_length;    // bytes of message before the traceback (set by the handler)
    size_t handled_length;    // total length of the handler's result, to recognise it
    lsx_dispatch_fn dispatch;
    lsx_release_fn release;
    void *host;
    lua_State *main;
    int object_cache;         // registry index of the object cache (an integer key: no hashing)
    unsigned long long serial;  // numbers the host slots in the order they are made (`pairs` orders them by it)
    char memory_position[LUA_IDSIZE + 24];  // "file:line:" when the allocator last refused
    char kill_message[LUA_IDSIZE + 160];    // the kill's message, raised again by every catcher
} lsx_sandbox;

#define SB(L) (*(lsx_sandbox **)lua_getextraspace(L))

/// Registry keys: the addresses of these variables.
extern char lsx_box_metatable_key;
/// Pushes the object cache: host object -> its userdata, weak values (one userdata per live
/// object), kept at an integer index of the registry (`object_cache`).
#define lsx_push_object_cache(L) lua_rawgeti((L), LUA_REGISTRYINDEX, SB(L)->object_cache)

/// Pushes a slot userdata holding `box`, with the metatable the registry holds under `key`.
void lsx_push_slot(lua_State *L, void *box, const void *metatable_key);
/// The serial of the host slot at `index` (host objects and functions are numbered in the order
/// their userdata are made), or 0 for any other value.
unsigned long long lsx_slot_serial(lua_State *L, int index);
/// `pairs` with a fixed order (pairs.c).
int lsx_pairs(lua_State *L);

/// Work in C is charged one instruction per this many bytes it reads or allocates.
#define LSX_BYTES_PER_INSTRUCTION 64
/// Allocations of at least this many bytes made while Lua runs are charged (budget.c).
#define LSX_CHARGED_BLOCK 4096

/// Charges a large allocation (the allocator cannot raise: an emptied budget kills at the next
/// hook call, which it makes the main thread's next instruction).
void lsx_charge_allocation(lsx_sandbox *sb, size_t growth);

/// Registry key of the weak table coroutine -> the turn it was last charged in.
extern char lsx_thread_turns_key;

/// Charges `cost` instructions of work done in C (where the count hook never looks) against the
/// budget. When the budget runs out the kill fires, naming `what` ("string.find"); after a kill
/// every call raises it again. Call only from C functions that Lua called.
void lsx_charge(lua_State *L, long long cost, const char *what);
/// Raises the kill again (budget.c).
int lsx_raise_kill(lua_State *L);
/// Raises the kill again if it has fired (a catcher's check: pcall, coroutine.resume, ...; and
/// every host call, before and after: inline, a flag read).
static inline void lsx_check_kill(lua_State *L) {
    if (SB(L)->killed) lsx_raise_kill(L);
}
/// Charges a coroutine (at `index`) the hook interval the first time it runs in a turn, and
/// gives it the current hook count: a coroutine that ends between two hook calls would else run
/// up to a whole interval uncharged, and one from an earlier turn may still carry a kill's count.
void lsx_charge_thread(lua_State *L, int index, const char *what);

/// Whether a message starts with a position, "chunk:line:" on its first line (state.c).
int lsx_has_position(const char *message, size_t length);

/// The body of a wrapper: calls the original (upvalue 1) with the arguments in place and returns
/// the number of results, which are then the whole stack.
int lsx_call_original(lua_State *L);

/// Replaces table[name] (the table at `table`) with a C closure of `wrapper` holding the original
/// as upvalue 1 and `what` (a static string naming it, "table.insert") as light userdata upvalue
/// 2, and remembers the original, so that the errors it raises name it.
void lsx_wrap_field(lua_State *L, int table, const char *name, lua_CFunction wrapper, const char *what);
/// Replaces table[name] with `f`, a function of the shim's own (no original to call).
void lsx_replace_field(lua_State *L, int table, const char *name, lua_CFunction f);
/// Wraps pcall, xpcall, coroutine.resume / wrap / close (protected.c). The global table is on top.
void lsx_wrap_catchers(lua_State *L);
/// Charges the library functions that work in C (guards.c). The global table is on top.
void lsx_guard_libraries(lua_State *L);
/// Installs the counted pattern functions string.find / match / gmatch / gsub (patterns.c).
/// The global table is on top.
void lsx_install_patterns(lua_State *L);

/// Calls the host dispatcher with the Lua arguments in place and raises its error afterwards.
int lsx_call_host(lua_State *L, void *box);

#endif
