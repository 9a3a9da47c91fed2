// Checking an options table's keys against the names a function takes, in one raw traversal.
#include <string.h>
#include "shim_internal.h"

// The traversal of lsx_scan_keys and lsx_gather_keys: marks the names the table holds in
// `given`; when `base` is not 0, copies each one's value into the slot base + its position.
// Stops at the first key that is not a name (returning 0), which it leaves on the stack: the
// callers set the top back.
static int scan_keys(lua_State *L, int index, const char *const *names, const size_t *lengths, int count,
                     unsigned long long *given, int base) {
    int known = 1;
    lua_pushnil(L);
    while (known && lua_next(L, index) != 0) {
        if (lua_type(L, -2) == LUA_TSTRING) {
            size_t length = 0;
            const char *key = lua_tolstring(L, -2, &length);  // a string key: no conversion
            known = 0;
            for (int i = 0; i < count; i++) {
                if (lengths[i] == length && memcmp(names[i], key, length) == 0) {
                    given[i / 64] |= 1ULL << (i % 64);
                    if (base != 0) lua_copy(L, -1, base + i);
                    known = 1;
                    break;
                }
            }
        } else if (lua_isinteger(L, -2)) {
            known = 0;  // a position is never a name
        }  // other keys (booleans, floats, tables) are not names or positions: skipped, as listing keys does
        lua_settop(L, -2);  // keep the key for lua_next
    }
    return known;
}

int lsx_scan_keys(lua_State *L, int index, const char *const *names, const size_t *lengths, int count,
                  unsigned long long *given) {
    for (int word = 0; word < (count + 63) / 64; word++) given[word] = 0;
    if (!lua_checkstack(L, 2)) return -1;
    int top = lua_gettop(L);
    int known = scan_keys(L, lua_absindex(L, index), names, lengths, count, given, 0);
    lua_settop(L, top);
    return known;
}

int lsx_gather_keys(lua_State *L, int index, const char *const *names, const size_t *lengths, int count,
                    unsigned long long *given, int *base) {
    for (int word = 0; word < (count + 63) / 64; word++) given[word] = 0;
    if (!lua_checkstack(L, count + 2)) return -1;
    index = lua_absindex(L, index);
    for (int i = 0; i < count; i++) lua_pushnil(L);
    *base = lua_gettop(L) - count + 1;
    int known = scan_keys(L, index, names, lengths, count, given, *base);
    lua_settop(L, *base + count - 1);
    return known;
}

int lsx_table_numbers(lua_State *L, int index, const char *const *names, const size_t *name_lengths,
                      const char *const *aliases, const size_t *alias_lengths, int count, double *out) {
    if (count > 4 || !lua_checkstack(L, 2)) return 0;
    index = lua_absindex(L, index);
    // The common shape first, `{x, y, w, h}`: exactly `count` numbers at 1...count and no other
    // key (the traversal from the last position finds none), read by position. Any other table
    // takes the traversal below, which gives the same numbers for this shape.
    if (count > 0 && lua_rawlen(L, index) == (lua_Unsigned)count) {
        int numbers = 0;
        while (numbers < count && lua_rawgeti(L, index, numbers + 1) == LUA_TNUMBER) {
            out[numbers] = lua_tonumberx(L, -1, NULL);
            numbers++;
            lua_settop(L, -2);
        }
        if (numbers == count) {
            lua_pushinteger(L, count);
            if (lua_next(L, index) == 0) return 1;  // popped the key: the stack is as it was
            lua_settop(L, -3);
        } else {
            lua_settop(L, -2);
        }
    }
    int rank[4] = {3, 3, 3, 3};  // per field, the source found: 0 its name, 1 its alias, 2 its position, 3 none
    int top = lua_gettop(L);
    int plain = 1;
    lua_pushnil(L);
    while (plain && lua_next(L, index) != 0) {
        int field = -1, source = 3;
        if (lua_type(L, -2) == LUA_TSTRING) {
            size_t length = 0;
            const char *key = lua_tolstring(L, -2, &length);
            for (int i = 0; i < count && field < 0; i++) {
                if (name_lengths[i] == length && memcmp(names[i], key, length) == 0) { field = i; source = 0; }
                else if (aliases[i] && alias_lengths[i] == length && memcmp(aliases[i], key, length) == 0) { field = i; source = 1; }
            }
        } else if (lua_isinteger(L, -2)) {
            lua_Integer position = lua_tointegerx(L, -2, NULL);
            if (position >= 1 && position <= count) { field = (int)(position - 1); source = 2; }
        }
        if (field < 0 || lua_type(L, -1) != LUA_TNUMBER) {
            plain = 0;  // another key, or a value that is not a number: the caller reads it the slow way
        } else if (source < rank[field]) {
            rank[field] = source;
            out[field] = lua_tonumberx(L, -1, NULL);
        }
        lua_settop(L, -2);  // keep the key for lua_next
    }
    lua_settop(L, top);
    if (!plain) return 0;
    for (int i = 0; i < count; i++) if (rank[i] == 3) return 0;
    return 1;
}
