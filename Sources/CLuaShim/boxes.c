// Host functions and host objects as Lua values: userdata slots holding an opaque, retained host
// pointer, released by __gc through the host's release callback, and the address of the slot's
// metatable (`lua_topointer`), which scripts cannot change (metatables are locked and `debug` is
// not loaded): a check of an object's class reads it from the slot, with no metatable pushed.
#include "shim_internal.h"

typedef struct {
    void *box;
    const void *metatable;
    unsigned long long serial;  // the slot's place in the order slots are made (from 1)
} lsx_slot;

// Registry keys: the addresses of these variables (non-const, so they are distinct objects).
char lsx_box_metatable_key;

int lsx_box_gc(lua_State *L) {
    lsx_slot *slot = lua_type(L, 1) == LUA_TUSERDATA && lua_rawlen(L, 1) == sizeof(lsx_slot) ? lua_touserdata(L, 1) : NULL;
    if (slot != NULL && slot->box != NULL) {
        void *box = slot->box;
        slot->box = NULL;  // a second __gc (or a resurrected value) finds nothing to release
        lsx_sandbox *sb = SB(L);
        int saved = sb->in_lua;
        sb->in_lua = 0;  // host code runs: nothing it allocates may be refused
        sb->release(box);
        sb->in_lua = saved;
    }
    return 0;
}

unsigned long long lsx_slot_serial(lua_State *L, int index) {
    if (lua_type(L, index) != LUA_TUSERDATA || lua_rawlen(L, index) != sizeof(lsx_slot)) return 0;
    return ((lsx_slot *)lua_touserdata(L, index))->serial;
}

void *lsx_toboxed(lua_State *L, int index) {
    if (lua_type(L, index) != LUA_TUSERDATA || lua_rawlen(L, index) != sizeof(lsx_slot)) return NULL;
    return ((lsx_slot *)lua_touserdata(L, index))->box;
}

void *lsx_toobject(lua_State *L, int index, const void *metatable) {
    // NULL unless a userdata; a light one has length 0, and no other full userdata is a slot's size.
    lsx_slot *slot = lua_touserdata(L, index);
    if (slot == NULL || lua_rawlen(L, index) != sizeof(lsx_slot)) return NULL;
    return slot->metatable == metatable ? slot->box : NULL;  // tables never move; a class's is anchored for good
}

// Calls the host with the Lua arguments in place. Only after the host has returned may an error
// be raised: here, in C, where a longjmp crosses no Swift frame.
int lsx_call_host(lua_State *L, void *box) {
    lsx_sandbox *sb = SB(L);
    lsx_check_kill(L);  // no host work after the kill
    int saved = sb->in_lua;
    sb->in_lua = 0;  // Swift innermost: the memory cap is off
    int results = sb->dispatch(L, box);
    sb->in_lua = saved;
    lsx_check_kill(L);  // a kill in Lua the host called ends the turn, whatever the host made of it
    if (results == -1) {
        if (lua_checkstack(L, 2)) {
            // A bounded allocation, made in host mode like the traceback: a host function that
            // refused something at the memory cap (View.new past the limit) must still say so,
            // not lose its message to a refused `file:line:` string.
            sb->in_lua = 0;
            luaL_where(L, 1);  // the Lua line that called the host function
            lua_rotate(L, -2, 1);
            lua_concat(L, 2);
            sb->in_lua = saved;
        }
        return lua_error(L);
    }
    if (results < 0) return lua_error(L);
    if (saved && sb->limit && sb->used > sb->limit && lua_checkstack(L, 1)) {
        // The host went over the cap. Any allocation now fails (raising the usual memory error)
        // unless the emergency collection this triggers brings usage back under the cap.
        lua_newuserdatauv(L, 0, 0);
        lua_settop(L, -2);
    }
    return results;
}

static int lsx_trampoline(lua_State *L) {
    void *box = ((lsx_slot *)lua_touserdata(L, lua_upvalueindex(1)))->box;
    if (box == NULL) return luaL_error(L, "host function called after it was released");
    return lsx_call_host(L, box);
}

// The slot's metatable is on top of the stack; the new slot replaces it there.
static void push_slot_with_metatable(lua_State *L, void *box) {
    lsx_slot *slot = lua_newuserdatauv(L, sizeof(lsx_slot), 0);
    slot->box = box;
    slot->metatable = lua_topointer(L, -2);
    slot->serial = ++SB(L)->serial;
    lua_rotate(L, -2, 1);  // metatable on top again
    lua_setmetatable(L, -2);
}

void lsx_push_slot(lua_State *L, void *box, const void *metatable_key) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, metatable_key);
    push_slot_with_metatable(L, box);
}

void lsx_pushfunction(lua_State *L, void *box) {
    lsx_push_slot(L, box, &lsx_box_metatable_key);
    lua_pushcclosure(L, lsx_trampoline, 1);
}

// __index(object, key): the method of that name, raw from the class's methods table (upvalue 2),
// or what the host's getter (upvalue 1) answers. Lua calls __index only for objects with this
// metatable, which scripts cannot reach (it is locked), so the object needs no check for a method.
static int lsx_index_trampoline(lua_State *L) {
    if (lua_type(L, 2) == LUA_TSTRING) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
        lua_settop(L, -2);
    }
    return lsx_trampoline(L);
}

void lsx_pushindexfunction(lua_State *L, void *box) {
    lsx_push_slot(L, box, &lsx_box_metatable_key);  // the methods table, then the getter's box
    lua_rotate(L, -2, 1);
    lua_pushcclosure(L, lsx_index_trampoline, 2);
}

int lsx_pushcached(lua_State *L, const void *identity) {
    lsx_push_object_cache(L);
    if (lua_rawgetp(L, -1, identity) == LUA_TUSERDATA && lsx_toboxed(L, -1) != NULL) {
        lua_rotate(L, -2, -1);  // drop the cache table, keep the object
        lua_settop(L, -2);
        return 1;
    }
    lua_settop(L, -3);
    return 0;
}

void lsx_pushobject(lua_State *L, const void *identity, void *box, int metatable_index) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, metatable_index);
    push_slot_with_metatable(L, box);
    if (identity == NULL) return;  // an object handed to Lua once: not cached
    lsx_push_object_cache(L);
    lua_pushvalue(L, -2);
    lua_rawsetp(L, -2, identity);  // weak values: the cache never keeps an object alive
    lua_settop(L, -2);
}
