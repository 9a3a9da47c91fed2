// Charging host work to the instruction budget (kept apart from state.c's hook).
#include "shim_internal.h"

// Host work done on Lua's behalf (a callback the engine makes, say) costs budget like VM
// instructions: the count hook sees the smaller budget at its next call and kills as usual.
void lsx_charge(lua_State *L, long long instructions) {
    SB(L)->budget -= instructions;
}
