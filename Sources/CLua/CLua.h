// Lua 5.4 from the system (Debian: liblua5.4-dev). lua.h has no C++ guards of its own, because Lua
// can be compiled as C++; keep the C linkage explicit so Swift's C++ interop can never mangle it.
#ifdef __cplusplus
extern "C" {
#endif
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#ifdef __cplusplus
}
#endif
