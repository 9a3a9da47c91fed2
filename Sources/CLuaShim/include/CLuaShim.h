// CLuaShim: the small C layer between Lua 5.4 and Swift (design: lua-embedding.md §3–§4).
//
// Why C at all: `lua_error` longjmps, and a longjmp must never unwind a Swift frame. Everything that
// can raise runs here, under `lua_pcall`, or in C functions that Lua calls; Swift calls only the
// non-raising part of the API. The pieces:
//   - a per-state sandbox struct reached through `lua_getextraspace` (no globals);
//   - a counting allocator whose cap applies only while Lua frames are innermost (`in_lua`), so
//     allocating pushes made from Swift never fail;
//   - `lsx_trampoline`, the one C closure behind every Swift function visible to Lua: it calls the
//     host dispatcher and raises the host's error only after the Swift frames have returned;
//   - `lsx_pcall` / `lsx_load` with a traceback handler and the kind of failure recorded;
//   - a count hook with a sticky kill, and the sandboxed library set (`lsx_open_sandbox`).
#ifndef CLUASHIM_H
#define CLUASHIM_H

#ifdef __cplusplus
extern "C" {
#endif
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stddef.h>

/// Runs a host function. `box` is the opaque pointer given to `lsx_pushfunction`. Returns the number
/// of results (the top n values), -1 with an error message on top that the trampoline prefixes
/// with `file:line:`, or -2 with an error value on top that is raised unchanged.
typedef int (*lsx_dispatch_fn)(lua_State *L, void *box);
/// Releases a box pointer when its userdata is collected. Must not touch the Lua state.
typedef void (*lsx_release_fn)(void *box);

/// How the last `lsx_pcall` or `lsx_load` failed.
typedef enum lsx_failure {
    LSX_OK = 0,
    LSX_SYNTAX = 1,        ///< the chunk did not compile (load only)
    LSX_RUNTIME = 2,       ///< any other Lua error
    LSX_MEMORY = 3,        ///< the allocator refused (memory limit) or malloc failed in Lua
    LSX_INSTRUCTIONS = 4,  ///< the instruction budget ran out (the kill is sticky until re-armed)
} lsx_failure;

/// Creates a state with the counting allocator. `host` is handed back by `lsx_host` (the VM);
/// `dispatch` and `release` are the host's callbacks. Returns NULL if the state cannot be created.
lua_State *lsx_newstate(size_t memory_limit, void *host, lsx_dispatch_fn dispatch, lsx_release_fn release);
/// Opens the sandboxed libraries (see sandbox.c). `print_box` and `require_box` are host function
/// boxes for print's output and require's module loader. Returns LUA_OK, or an error on top.
int lsx_open_sandbox(lua_State *L, void *print_box, void *require_box);
/// Closes the state (finalizers run, boxes are released) and frees the sandbox struct.
void lsx_close(lua_State *L);

void *lsx_host(lua_State *L);
void lsx_set_memory_limit(lua_State *L, size_t limit);
size_t lsx_memory_limit(lua_State *L);
size_t lsx_memory_in_use(lua_State *L);
/// Counts `*counter` (bytes of host objects made for the script) against the memory limit with
/// the Lua heap. The counter must stay valid while the state is open; NULL stops counting it.
void lsx_set_host_counter(lua_State *L, const size_t *counter);
/// Runs a step of the garbage collector worth `kilobytes` of allocation (called from host code).
void lsx_gc_step(lua_State *L, int kilobytes);
/// Re-arms the instruction budget (and the time limit, counted from the turn's first hook call)
/// and clears a previous kill.
void lsx_arm(lua_State *L, long long instructions);
/// Seconds of wall-clock time one turn may last before the count hook kills it with "time limit
/// exceeded"; 0 for none. Checked when the hook runs (every 1000 instructions), counted from its
/// first run in the turn.
void lsx_set_time_limit(lua_State *L, double seconds);
/// Charges host work done for the script (a callback the engine makes) to the budget armed by
/// `lsx_arm`, without raising: the count hook sees the smaller budget at its next call and kills
/// as usual. Safe to call from Swift.
void lsx_charge_host(lua_State *L, long long instructions);

/// Loads a text chunk (`mode "t"`) with the memory cap on. Returns a `lsx_failure`; on failure
/// the message is on top.
int lsx_load(lua_State *L, const char *text, size_t length, const char *chunkname);
/// Calls the function below the `nargs` arguments with a traceback handler and the memory cap on.
/// Returns a `lsx_failure`. On LSX_RUNTIME / LSX_INSTRUCTIONS the top is one string: the message
/// (`lsx_message_length` bytes, with `file:line:` where Lua gave one), a newline and the traceback.
/// On LSX_MEMORY the top is Lua's "not enough memory"; `lsx_memory_position` tells where.
int lsx_pcall(lua_State *L, int nargs, int nresults);
/// `lsx_pcall` for a caller that pushed the handler itself (`lsx_pushmessagehandler`, then the
/// function, then the `nargs` arguments), sparing the two stack rotations: the hot path of Lua
/// timing curves. The handler stays below the results or the error; the caller pops it with them.
int lsx_pcall_handled(lua_State *L, int nargs, int nresults);
/// Pushes `lsx_pcall`'s message handler (a light C function: no allocation).
void lsx_pushmessagehandler(lua_State *L);
size_t lsx_message_length(lua_State *L);
/// `file:line:` of the innermost Lua line running when the allocator last refused ("" if none).
const char *lsx_memory_position(lua_State *L);

/// Pushes a Lua function backed by the host: the trampoline, with `box` in an 8-byte userdata
/// upvalue that releases it on collection. Needs 2 free stack slots (like the two below).
void lsx_pushfunction(lua_State *L, void *box);
/// Pushes a class's `__index`: a C closure that answers a string key found in the methods table
/// (on top of the stack, popped) in C, with no host call, and otherwise calls the host function
/// `box` (the property getter, as `lsx_pushfunction` would) with the same arguments. Method
/// lookups (`layer:setValue(...)`) are most of a script's indexing. Needs 2 free stack slots.
void lsx_pushindexfunction(lua_State *L, void *box);
/// The registry field of the host's hook for modules that return nothing (see sandbox.c).
#define LSX_MODULE_HOOK "choreo.moduleResult"
/// Sets that hook to the host function `box` (a +1 pointer, as for `lsx_pushfunction`).
void lsx_set_module_hook(lua_State *L, void *box);
/// Pushes the userdata cached for `identity` if it is still alive; returns 1 if it pushed.
int lsx_pushcached(lua_State *L, const void *identity);
/// Pushes a new slot userdata holding `box` (and its metatable's address), with the metatable at
/// integer index `metatable_index` of the registry (a class's, from `luaL_ref`: found with no
/// hashing), and caches it (weakly) under `identity` (not when `identity` is NULL: an object
/// pushed once). Needs 3 free stack slots.
void lsx_pushobject(lua_State *L, const void *identity, void *box, int metatable_index);
/// The box held by a slot userdata, or NULL (not a userdata, or already collected).
void *lsx_toboxed(lua_State *L, int index);
/// The box held by the slot userdata at `index` if its metatable is `metatable` (the address
/// `lua_topointer` gave for a registered class's metatable: an object of exactly that class),
/// else NULL. The slot keeps that address: one comparison, nothing pushed.
void *lsx_toobject(lua_State *L, int index, const void *metatable);
/// `__gc` for slot userdata: clears the slot, then releases the box. Safe to run twice.
int lsx_box_gc(lua_State *L);
/// A full collection, run protected. Returns LUA_OK.
int lsx_fullgc(lua_State *L);

// Swift does not import function-like macros; these are the ones Choreo needs.
/// Marks in `given` (bit i % 64 of word i / 64; `(count + 63) / 64` words) which of the `count`
/// names (`names[i]`, `lengths[i]` bytes) the table at `index` holds as keys, by one raw
/// traversal (no metamethod runs). Returns 1 when every string key is one of the names and no key
/// is an integer, 0 otherwise (the traversal stops there), -1 when the stack has no room. Other
/// keys are skipped, as `LuaVM.keys` skips them. The stack is left as it was.
int lsx_scan_keys(lua_State *L, int index, const char *const *names, const size_t *lengths, int count,
                  unsigned long long *given);
/// `lsx_scan_keys`, and each value found copied into a stack slot of its own in the same
/// traversal: `count` slots are pushed above the stack's top (nil for a name the table does not
/// hold), the first at `*base`, and stay until the host function returns (for a host function
/// that reads one options table, never in a loop). Returns as `lsx_scan_keys`.
int lsx_gather_keys(lua_State *L, int index, const char *const *names, const size_t *lengths, int count,
                    unsigned long long *given, int *base);

/// Reads `count` (at most 4) numbers from the table at `index` into `out`, the i-th by its name
/// `names[i]` (`name_lengths[i]` bytes), else its alias `aliases[i]` (NULL: none), else its
/// position i + 1, in one raw
/// traversal. Returns 1 when the table holds only such keys, each with a number, and every
/// number is found; 0 otherwise (the caller then reads the table field by field, for its errors
/// and its other shapes). Values are converted as `lua_tonumberx` does. The stack is left as it was.
int lsx_table_numbers(lua_State *L, int index, const char *const *names, const size_t *name_lengths,
                      const char *const *aliases, const size_t *alias_lengths, int count, double *out);

static inline void lsx_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
static inline void lsx_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
/// Only on actual strings: on a number, lua_tolstring converts the stack slot in place.
static inline const char *lsx_tostring(lua_State *L, int index) { return lua_tolstring(L, index, NULL); }
static inline int lsx_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void lsx_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcclosure(L, f, 0); }
static inline void lsx_insert(lua_State *L, int index) { lua_rotate(L, index, 1); }
static inline void lsx_remove(lua_State *L, int index) { lua_rotate(L, index, -1); lua_settop(L, -2); }
static inline int lsx_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int lsx_ridx_globals(void) { return LUA_RIDX_GLOBALS; }

#ifdef __cplusplus
}
#endif
#endif
