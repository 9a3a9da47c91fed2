// Checking an options table's keys against the names a function takes, in one raw traversal.
#include <string.h>
#include "shim_internal.h"

int lsx_scan_keys(lua_State *L, int index, const char *const *names, const size_t *lengths, int count,
                  unsigned long long *given) {
    *given = 0;
    if (!lua_checkstack(L, 2)) return -1;
    index = lua_absindex(L, index);
    int top = lua_gettop(L);
    int known = 1;
    lua_pushnil(L);
    while (known && lua_next(L, index) != 0) {
        if (lua_type(L, -2) == LUA_TSTRING) {
            size_t length = 0;
            const char *key = lua_tolstring(L, -2, &length);  // a string key: no conversion
            known = 0;
            for (int i = 0; i < count; i++) {
                if (lengths[i] == length && memcmp(names[i], key, length) == 0) {
                    if (i < 64) *given |= 1ULL << i;
                    known = 1;
                    break;
                }
            }
        } else if (lua_isinteger(L, -2)) {
            known = 0;  // a position is never a name
        }  // other keys (booleans, floats, tables) are not names or positions: skipped, as listing keys does
        lua_settop(L, -2);  // keep the key for lua_next
    }
    lua_settop(L, top);
    return known;
}
