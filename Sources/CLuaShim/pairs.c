// `pairs` in a fixed order. Lua's own order (`next`'s) follows the table's hash layout, and Lua
// 5.4 seeds its string hashes from the clock and addresses: the same scene iterated the same
// table in another order on every run, and a scene that made views in a `pairs` loop gave
// other traces and pixels each time. Here a loop visits a snapshot of the table's keys, sorted:
// numbers in increasing order, then strings in byte order, then false and true, then host
// objects (views, layers, animations...) in the order Lua first saw them, then the other keys
// (tables, functions, coroutines) in Lua's own order, the one part left unspecified.
#include <stdlib.h>
#include <string.h>
#include "shim_internal.h"

typedef struct {
    int rank;                   // 0 number, 1 string, 2 boolean, 3 host object, 4 any other
    int is_integer;
    lua_Integer integer;        // an integer key, a boolean (0, 1), or the key's place in Lua's order
    lua_Number number;          // a float key
    const char *bytes;          // a string key's bytes (the snapshot table keeps the string alive)
    size_t length;
    unsigned long long serial;  // a host object's
    lua_Integer slot;           // the key's index in the snapshot table
} sorted_key;

static int compare_numbers(const sorted_key *a, const sorted_key *b) {
    if (a->is_integer && b->is_integer) return (a->integer > b->integer) - (a->integer < b->integer);
    // Mixed: exact in long double (64-bit significand); a float key is never equal to an
    // integer one (Lua stores integral floats as integers).
    long double x = a->is_integer ? (long double)a->integer : (long double)a->number;
    long double y = b->is_integer ? (long double)b->integer : (long double)b->number;
    return (x > y) - (x < y);
}

static int compare_keys(const void *left, const void *right) {
    const sorted_key *a = left, *b = right;
    if (a->rank != b->rank) return a->rank - b->rank;
    switch (a->rank) {
    case 0: return compare_numbers(a, b);
    case 1: {
        int order = memcmp(a->bytes, b->bytes, a->length < b->length ? a->length : b->length);
        if (order != 0) return order;
        return (a->length > b->length) - (a->length < b->length);
    }
    case 3: return (a->serial > b->serial) - (a->serial < b->serial);
    default: return (a->integer > b->integer) - (a->integer < b->integer);  // booleans; others in Lua's order
    }
}

// The iterator: upvalues 1 the table, 2 the snapshot of keys, 3 the sorted keys, 4 the next
// position. A key whose value was cleared during the loop is skipped, as `next` skips it.
static int sorted_next(lua_State *L) {
    const sorted_key *keys = lua_touserdata(L, lua_upvalueindex(3));
    lua_Integer count = (lua_Integer)(lua_rawlen(L, lua_upvalueindex(3)) / sizeof(sorted_key));
    lua_Integer position = lua_tointeger(L, lua_upvalueindex(4));
    lua_settop(L, 0);
    while (position < count) {
        lua_rawgeti(L, lua_upvalueindex(2), keys[position++].slot);
        lua_pushvalue(L, 1);
        if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
            lua_pushinteger(L, position);
            lua_replace(L, lua_upvalueindex(4));
            return 2;
        }
        lua_settop(L, 0);
    }
    lua_pushinteger(L, position);
    lua_replace(L, lua_upvalueindex(4));
    lua_pushnil(L);
    return 1;
}

// pairs(t): t's __pairs as Lua's pairs calls it; otherwise the sorted iterator, t, nil. Charged
// one instruction per key and per comparison (n log2 n) of the sort.
int lsx_pairs(lua_State *L) {
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_newtable(L);  // 2: the snapshot of keys
    lua_Integer count = 0;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        lua_settop(L, -2);
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, ++count);
        if ((count & 1023) == 0) lsx_charge(L, 1024, "pairs");
    }
    long long comparisons = 0;
    for (lua_Integer n = count; n > 1; n >>= 1) comparisons += count;
    lsx_charge(L, (count & 1023) + comparisons, "pairs");
    sorted_key *keys = lua_newuserdatauv(L, (size_t)count * sizeof(sorted_key), 0);  // 3
    for (lua_Integer i = 0; i < count; i++) {
        sorted_key *key = &keys[i];
        memset(key, 0, sizeof *key);
        key->slot = i + 1;
        key->integer = i;  // Lua's order, for the keys ordered by it
        switch (lua_rawgeti(L, 2, i + 1)) {
        case LUA_TNUMBER:
            key->rank = 0;
            key->is_integer = lua_isinteger(L, -1);
            if (key->is_integer) key->integer = lua_tointeger(L, -1); else key->number = lua_tonumber(L, -1);
            break;
        case LUA_TSTRING:
            key->rank = 1;
            key->bytes = lua_tolstring(L, -1, &key->length);  // a string key: no conversion
            break;
        case LUA_TBOOLEAN:
            key->rank = 2;
            key->integer = lua_toboolean(L, -1);
            break;
        default:
            key->serial = lsx_slot_serial(L, -1);
            key->rank = key->serial != 0 ? 3 : 4;
            break;
        }
        lua_settop(L, -2);
    }
    if (count > 1) qsort(keys, (size_t)count, sizeof(sorted_key), compare_keys);
    lua_pushvalue(L, 1);
    lua_rotate(L, 2, 1);  // the table, the snapshot, the sorted keys
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, sorted_next, 4);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}
